// What the rest of the server may use of the analytics domain, counting page views and conversions
// without cookies (docs/decisions/0016-analytics-without-cookies.md): the recorder, the site's pages
// it counts, and the roll-up jobs. How a view is counted reads top to bottom in pipeline.ts.
export {
  createAnalyticsRecorder,
  MAX_BATCH,
  openAnalyticsRecorder,
  type AnalyticsRecorder,
} from './recorder';
export { createSitePages, recordPagesOf } from './site-pages';
export { analyticsJobs, foldViews, pruneAnalytics, regroupSources, rollUpPastDays } from './rollup';
