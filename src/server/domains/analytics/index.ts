// The analytics domain's public surface: counting page views and conversions without cookies, and
// the owner's figures (docs/decisions/0016-analytics-without-cookies.md).
export {
  createAnalyticsRecorder,
  CONVERSION_KINDS,
  FLUSH_INTERVAL_MS,
  MAX_BATCH,
  type AnalyticsRecorder,
  type ConversionKind,
  type PageViewBeacon,
  type PageViewResult,
  type Visit,
} from './recorder';
export { countryLookup } from './country';
export { createSitePages, PAGE_NOT_FOUND, type RecordPages, type SitePages } from './site-pages';
export { DIRECT_SOURCE, NEWSLETTER_SOURCE, NO_VISIT, type SourceKind } from './classify';
export {
  ANALYTICS_ROLLUP_QUEUE,
  analyticsJobs,
  DIMENSIONS,
  pruneAnalytics,
  regroupSources,
  rollUpDay,
  rollUpPastDays,
  type Dimension,
} from './rollup';
export {
  breakdown,
  conversionRate,
  conversionsBy,
  conversionTotals,
  dailySeries,
  liveVisitors,
  PeriodError,
  resolvePeriod,
  type BreakdownRow,
  type ConversionRow,
  type DayFigures,
  type PeriodName,
} from './dashboard';
export { dayOf } from './visitor';
