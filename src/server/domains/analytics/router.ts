import { z } from 'zod';
import {
  analyticsBreakdownInputSchema,
  analyticsBreakdownSchema,
  analyticsConversionsInputSchema,
  analyticsConversionsSchema,
  analyticsLiveSchema,
  analyticsOverviewInputSchema,
  analyticsOverviewSchema,
} from '../../../shared/analytics.schema';
import { hourlyPoints, intervalOf, pointsOf, type Interval } from './chart';
import {
  conversionRate,
  conversionsBy,
  conversionsFilterable,
  conversionTotals,
  unfilterable,
} from './conversion-figures';
import { coveredDays, type Filters } from './filtered';
import { askedPeriods, type Period } from './periods';
import { breakdown, dailySeries, liveVisitors } from './visitor-figures';
import { badRequest } from '../../platform/errors';
import { staffProcedure, router } from '../../web/trpc/init';

// The owner's figures: visitors and page views without cookies (docs/decisions/0016-analytics-without-cookies.md).
const tags = ['Analytics'];
const periodHelp =
  'period is today, 7d, 30d or 12mo (365 days), each ending today (UTC), or custom with from and to ' +
  '(YYYY-MM-DD, at most two years). Visitors are counted per day (a visitor is recognised within a day ' +
  'only), so a period’s visitors are the sum of its days’.';
const periodErrors = { 400: 'A bad period: unknown name, custom without from and to, or from after to' };
const filterHelp =
  ' With filterBy (page, source, campaign, country, device, browser, os, entry or exit) and filterValue, the figures are ' +
  "those of the visitors, each day, with a view of that page, from that source and so on (a page's figures " +
  'count its own views only, but its visitors’ sources and campaigns); they are read from the views, ' +
  'kept 30 days, so they cover those days of a period (the overview’s filter.coveredFrom). filters, repeated, ' +
  'gives several at once, each dimension:value (filters=source:Google&filters=page:/blog): the visitors answering ' +
  'them all; one filter a dimension, filterBy’s included.';
const filterErrors =
  '; filterBy without filterValue or the other way round; a filter not dimension:value, or two of one dimension';

/** The chart's points over a period at a step. */
async function pointsOver(
  db: Parameters<typeof dailySeries>[0],
  period: Period,
  series: Awaited<ReturnType<typeof dailySeries>>,
  interval: Interval,
  now: Date,
  filters?: Filters,
) {
  return interval === 'hour' ? hourlyPoints(db, period, now, filters) : pointsOf(series, interval);
}

const sum = (rows: Array<{ visitors: number; pageViews: number }>) =>
  rows.reduce((t, r) => ({ visitors: t.visitors + r.visitors, pageViews: t.pageViews + r.pageViews }), {
    visitors: 0,
    pageViews: 0,
  });

export const analyticsRouter = router({
  overview: staffProcedure('readFigures')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics',
        tags,
        summary: 'Visitors, page views and conversions per day over a period, against the period before',
        description:
          `${periodHelp} conversionRate is the conversions after a counted visit for each visitor (0.021 is 2.1%); ` +
          "conversionsWithoutVisit, of the conversions, those no counted visit preceded ('No visit'). " +
          'points are the figures per interval (hour, day or month; by default hours for a day, months past ' +
          'three months, else days), previousPoints the period before’s; hours can be had for up to 7 days ' +
          'of the last 30. A visitor counts once in each hour or day, and a month’s visitors are its days’.' +
          `${filterHelp} Conversions can be filtered by page or source only (filter.conversionsFiltered); ` +
          'under another filter they are the whole period’s and the conversion rates null.',
        errorResponses: {
          400: `${periodErrors[400]}; an unknown interval, or hours over more than 7 days or past the last 30${filterErrors}`,
        },
      },
    })
    .input(analyticsOverviewInputSchema)
    .output(analyticsOverviewSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock();
      const { current, previous, filters } = askedPeriods(input, now);
      const interval = intervalOf(input.interval, current, now);
      const convertible = conversionsFilterable(filters);
      const conversionFilter = convertible ? filters : undefined;
      const db = ctx.deps.db;
      const [series, previousSeries, conversions, previousConversions] = await Promise.all([
        dailySeries(db, current, now, filters),
        dailySeries(db, previous, now, filters),
        conversionTotals(db, current, now, conversionFilter),
        conversionTotals(db, previous, now, conversionFilter),
      ]);
      const [points, previousPoints] = await Promise.all([
        pointsOver(db, current, series, interval, now, filters),
        pointsOver(db, previous, previousSeries, interval, now, filters),
      ]);
      const totals = sum(series);
      const previousTotals = sum(previousSeries);
      const rate = (c: typeof conversions, visitors: number) =>
        convertible ? conversionRate(c, visitors) : null;
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
        conversionRate: rate(conversions, totals.visitors),
        previousConversionRate: rate(previousConversions, previousTotals.visitors),
        interval,
        points,
        previousPoints,
        ...(filters
          ? {
              filter: {
                ...filters[0]!,
                filters: [...filters],
                coveredFrom: coveredDays(current, now)?.from ?? null,
                previousCoveredFrom: coveredDays(previous, now)?.from ?? null,
                conversionsFiltered: convertible,
              },
            }
          : {}),
      };
    }),

  breakdown: staffProcedure('readFigures')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics/breakdown',
        tags,
        summary:
          'Top pages, entry and exit pages, sources, UTM campaigns, countries, devices, browsers or operating systems over a period, one page at a time',
        description:
          `${periodHelp} Sorted by visitors, then page views. A page is an address the site has (a page of ` +
          'its route table, or a visible post, tag or sent newsletter issue; an earlier address of a post counts ' +
          "as its current one); a view of any other address counts as 'Page not found'. A source is a search " +
          "engine by name, 'Newsletter' (utm_medium email or newsletter), a referring site's host (only an " +
          "http or https referrer's host is kept), a utm_source, or 'Direct'. An entry page is where a visitor's " +
          'day began and an exit page where it ended (one of each a visitor a day, so their pageViews are their ' +
          'visitors); os is the family of the operating system, Unknown for views before 29 November 2026.' +
          filterHelp,
        errorResponses: {
          400: `${periodErrors[400]}; an unknown dimension; paging out of range${filterErrors}`,
        },
      },
    })
    .input(analyticsBreakdownInputSchema)
    .output(analyticsBreakdownSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock();
      const { current, filters } = askedPeriods(input, now);
      const page = { page: input.page, pageSize: input.pageSize };
      return { ...(await breakdown(ctx.deps.db, input.dimension, current, now, page, filters)), ...page };
    }),

  conversions: staffProcedure('readFigures')
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
          "page's visitors over the period and conversionRate the conversions for each of them; both null for 'No visit'." +
          `${filterHelp} Conversions are recorded with their source and page, so filterBy can be page or source only.`,
        errorResponses: {
          400: `${periodErrors[400]}; by is not source or page; paging out of range${filterErrors}, or filterBy other than page or source`,
        },
      },
    })
    .input(analyticsConversionsInputSchema)
    .output(analyticsConversionsSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.deps.clock();
      const { current, filters } = askedPeriods(input, now);
      const page = { page: input.page, pageSize: input.pageSize };
      if (!conversionsFilterable(filters))
        throw badRequest(
          `Conversions are recorded with their source and page only: they cannot be filtered by ${unfilterable(filters)!.by}.`,
        );
      return { ...(await conversionsBy(ctx.deps.db, input.by, current, now, page, filters)), ...page };
    }),

  live: staffProcedure('readFigures')
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
