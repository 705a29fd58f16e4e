import { z } from 'zod';
import {
  analyticsBreakdownInputSchema,
  analyticsBreakdownSchema,
  analyticsConversionsInputSchema,
  analyticsConversionsSchema,
  analyticsLiveSchema,
  analyticsOverviewSchema,
  analyticsPeriodInputSchema,
  type AnalyticsPeriodInput,
} from '../../../shared/analytics.schema';
import {
  breakdown,
  conversionRate,
  conversionsBy,
  conversionTotals,
  dailySeries,
  liveVisitors,
  PeriodError,
  resolvePeriod,
} from './dashboard';
import { badRequest } from '../../platform/errors';
import { adminProcedure, router } from '../../web/trpc/init';

// The owner's figures: visitors and page views without cookies (docs/decisions/0016-analytics-without-cookies.md).
const tags = ['Analytics'];
const periodHelp =
  'period is today, 7d, 30d or 12mo (365 days), each ending today (UTC), or custom with from and to ' +
  '(YYYY-MM-DD, at most two years). Visitors are counted per day (a visitor is recognised within a day ' +
  'only), so a period’s visitors are the sum of its days’.';
const periodErrors = { 400: 'A bad period: unknown name, custom without from and to, or from after to' };

function periodsOf(input: AnalyticsPeriodInput, now: Date) {
  try {
    return resolvePeriod(input.period, now, { from: input.from, to: input.to });
  } catch (error) {
    if (error instanceof PeriodError) throw badRequest(error.message);
    throw error;
  }
}

const sum = (rows: Array<{ visitors: number; pageViews: number }>) =>
  rows.reduce((t, r) => ({ visitors: t.visitors + r.visitors, pageViews: t.pageViews + r.pageViews }), {
    visitors: 0,
    pageViews: 0,
  });

export const analyticsRouter = router({
  overview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics',
        tags,
        summary: 'Visitors, page views and conversions per day over a period, against the period before',
        description:
          `${periodHelp} conversionRate is the conversions after a counted visit for each visitor (0.021 is 2.1%); ` +
          "conversionsWithoutVisit, of the conversions, those no counted visit preceded ('No visit').",
        errorResponses: periodErrors,
      },
    })
    .input(analyticsPeriodInputSchema)
    .output(analyticsOverviewSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock();
      const { current, previous } = periodsOf(input, now);
      const [series, previousSeries, conversions, previousConversions] = await Promise.all([
        dailySeries(ctx.deps.db, current, now),
        dailySeries(ctx.deps.db, previous, now),
        conversionTotals(ctx.deps.db, current),
        conversionTotals(ctx.deps.db, previous),
      ]);
      const totals = sum(series);
      const previousTotals = sum(previousSeries);
      return {
        period: current,
        previousPeriod: previous,
        totals,
        previousTotals,
        series,
        previousSeries,
        conversions: conversions.counts,
        previousConversions: previousConversions.counts,
        conversionsWithoutVisit: conversions.withoutVisit,
        previousConversionsWithoutVisit: previousConversions.withoutVisit,
        conversionRate: conversionRate(conversions, totals.visitors),
        previousConversionRate: conversionRate(previousConversions, previousTotals.visitors),
      };
    }),

  breakdown: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics/breakdown',
        tags,
        summary:
          'Top pages, sources, UTM campaigns, countries, devices or browsers over a period, one page at a time',
        description:
          `${periodHelp} Sorted by visitors, then page views. A page is an address the site has (a page of ` +
          'its route table, or a visible post, tag or sent newsletter issue; an earlier address of a post counts ' +
          "as its current one); a view of any other address counts as 'Page not found'. A source is a search " +
          "engine by name, 'Newsletter' (utm_medium email or newsletter), a referring site's host (only an " +
          "http or https referrer's host is kept), a utm_source, or 'Direct'.",
        errorResponses: {
          ...periodErrors,
          400: `${periodErrors[400]}; an unknown dimension; paging out of range`,
        },
      },
    })
    .input(analyticsBreakdownInputSchema)
    .output(analyticsBreakdownSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock();
      const { current } = periodsOf(input, now);
      const page = { page: input.page, pageSize: input.pageSize };
      return { ...(await breakdown(ctx.deps.db, input.dimension, current, now, page)), ...page };
    }),

  conversions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics/conversions',
        tags,
        summary:
          'Newsletter signups, enquiries, workshop reservations and plan checkouts per source or per page',
        description:
          `${periodHelp} A conversion is credited to the source of the visitor's first counted page view that ` +
          'day and to the last page they viewed before it; one that no counted visit preceded (sent through the API, ' +
          "say) is 'No visit' (before 28 November such were 'Direct' on '(unknown)'). visitors are the source's or " +
          "page's visitors over the period and conversionRate the conversions for each of them; both null for 'No visit'.",
        errorResponses: { 400: `${periodErrors[400]}; by is not source or page; paging out of range` },
      },
    })
    .input(analyticsConversionsInputSchema)
    .output(analyticsConversionsSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock();
      const { current } = periodsOf(input, now);
      const page = { page: input.page, pageSize: input.pageSize };
      return { ...(await conversionsBy(ctx.deps.db, input.by, current, now, page)), ...page };
    }),

  live: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics/live',
        tags,
        summary: 'Visitors in the last 30 minutes',
      },
    })
    .input(z.void())
    .output(analyticsLiveSchema)
    .query(async ({ ctx }) => {
      const now = ctx.deps.clock();
      return {
        visitors: await liveVisitors(ctx.deps.db, now),
        since: new Date(now.getTime() - 30 * 60_000).toISOString(),
      };
    }),
});
