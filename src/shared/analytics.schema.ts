import { z } from 'zod';
import { PAGE_VIEW_REFERRER_MAX_LENGTH, PAGE_VIEW_URL_MAX_LENGTH } from './analytics';
import { optionalFilter, pageField, pageSizeField } from './paging.schema';

// The owner's figures (domains/analytics/router.ts) and the page-view beacon: what they accept and return.

/** The named periods, each ending today (UTC), and a custom one from one day to another. */
export const ANALYTICS_PERIODS = ['today', '7d', '30d', '12mo', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** The period the owner's figures are of when none is asked for. */
export const DEFAULT_ANALYTICS_PERIOD = '7d' satisfies AnalyticsPeriod;
/** How many days each named period is long. */
export const PERIOD_DAYS: Record<Exclude<AnalyticsPeriod, 'custom'>, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '12mo': 365,
};
/**
 * What a view is counted by: its page, source, UTM campaign, country, device, browser and operating
 * system; and what a visit (a visitor's day) is: the page it began on (entry) and ended on (exit).
 */
export const ANALYTICS_DIMENSIONS = [
  'page',
  'source',
  'campaign',
  'country',
  'device',
  'browser',
  'os',
  'entry',
  'exit',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];
/** What a visitor may do that the owner counts as a conversion. */
export const CONVERSION_KINDS = ['newsletter_signup', 'enquiry', 'workshop_reservation', 'checkout'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
/**
 * The dimensions a conversion is recorded with: the source of the visit and the page before it, so
 * conversions are counted, and can be filtered, by these only.
 */
export const CONVERSION_DIMENSIONS = ['source', 'page'] as const;
export type ConversionDimension = (typeof CONVERSION_DIMENSIONS)[number];
/** Conversions no counted visit preceded (sent through the API, say): their source and their page. */
export const NO_VISIT = 'No visit';
/** What kind of place a source is: a search engine, a social network, the newsletter, another site... */
export const SOURCE_KINDS = ['direct', 'search', 'social', 'newsletter', 'referral', 'campaign'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const ANALYTICS_PAGE_SIZE_MAX = 100;
/** The chart's steps: an hour (a day or a few at most, from the views kept 30 days), a day, a calendar month. */
export const ANALYTICS_INTERVALS = ['hour', 'day', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];
export {
  PAGE_VIEW_BEACON_MAX_BYTES,
  PAGE_VIEW_BEACON_PATH,
  PAGE_VIEW_REFERRER_MAX_LENGTH,
  PAGE_VIEW_URL_MAX_LENGTH,
} from './analytics';

/** A choice's words for its error message: 'a, b or c'. */
const oneOf = (words: readonly string[]) => `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

const dayField = (name: string) =>
  optionalFilter(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a day as YYYY-MM-DD`));

export const analyticsPeriodInputSchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, `period must be ${oneOf(ANALYTICS_PERIODS)}`)
    .default(DEFAULT_ANALYTICS_PERIOD),
  from: dayField('from'),
  to: dayField('to'),
});
export type AnalyticsPeriodInput = z.infer<typeof analyticsPeriodInputSchema>;

/**
 * One filter over every figure: the visitors (of each day) with a view of that page, from that
 * source, campaign, country, device, browser or operating system, or whose day began (entry) or
 * ended (exit) on that page. Both or neither.
 */
export const analyticsFilterFields = {
  filterBy: optionalFilter(z.enum(ANALYTICS_DIMENSIONS, `filterBy must be ${oneOf(ANALYTICS_DIMENSIONS)}`)),
  // A value is at most a page's address, the longest a view records.
  filterValue: optionalFilter(
    z
      .string()
      .max(PAGE_VIEW_URL_MAX_LENGTH, `filterValue must be at most ${PAGE_VIEW_URL_MAX_LENGTH} characters`),
  ),
};
/** A filter of `filters`: a dimension, a colon, and the value (source:Google, page:/blog). */
const FILTER_PARAMETER = new RegExp(`^(${ANALYTICS_DIMENSIONS.join('|')}):.`);
/** Several filters at once, a visitor answering them all (source:Google and page:/blog), one a dimension. */
export const analyticsFiltersField = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : [value]) : value),
  z
    .array(
      z
        .string()
        .max(PAGE_VIEW_URL_MAX_LENGTH + 10, `a filter must be at most ${PAGE_VIEW_URL_MAX_LENGTH} characters`)
        .regex(
          FILTER_PARAMETER,
          `each of filters must be dimension:value, the dimension ${oneOf(ANALYTICS_DIMENSIONS)}`,
        ),
    )
    .max(ANALYTICS_DIMENSIONS.length, `at most ${ANALYTICS_DIMENSIONS.length} filters, one a dimension`)
    .optional(),
);
export const analyticsFilteredPeriodInputSchema = analyticsPeriodInputSchema.extend({
  ...analyticsFilterFields,
  filters: analyticsFiltersField,
});
export type AnalyticsFilteredPeriodInput = z.infer<typeof analyticsFilteredPeriodInputSchema>;

export const analyticsOverviewInputSchema = analyticsFilteredPeriodInputSchema.extend({
  interval: optionalFilter(z.enum(ANALYTICS_INTERVALS, 'interval must be hour, day or month')),
});
export type AnalyticsOverviewInput = z.infer<typeof analyticsOverviewInputSchema>;

const pageFields = { page: pageField, pageSize: pageSizeField('pageSize', ANALYTICS_PAGE_SIZE_MAX, 10) };

export const analyticsBreakdownInputSchema = analyticsFilteredPeriodInputSchema.extend({
  dimension: z.enum(ANALYTICS_DIMENSIONS, `dimension must be ${oneOf(ANALYTICS_DIMENSIONS)}`),
  ...pageFields,
});
export const analyticsConversionsInputSchema = analyticsFilteredPeriodInputSchema.extend({
  by: z.enum(CONVERSION_DIMENSIONS, `by must be ${oneOf(CONVERSION_DIMENSIONS)}`),
  ...pageFields,
});

const periodSchema = z.object({ from: z.string(), to: z.string() });
const dayFiguresSchema = z.object({
  day: z.string(),
  visitors: z.number().int(),
  pageViews: z.number().int(),
});
const totalsSchema = z.object({ visitors: z.number().int(), pageViews: z.number().int() });
const conversionCountsSchema = z.object(
  Object.fromEntries(CONVERSION_KINDS.map((kind) => [kind, z.number().int()])) as Record<
    ConversionKind,
    z.ZodNumber
  >,
);

const pointSchema = z.object({
  start: z.string(),
  visitors: z.number().int(),
  pageViews: z.number().int(),
});
export type AnalyticsPoint = z.infer<typeof pointSchema>;

const filterSchema = z.object({
  /** The first filter (filterBy's when given). */
  by: z.enum(ANALYTICS_DIMENSIONS),
  value: z.string(),
  /** Every filter in force, in the order given: filterBy's first, then those of `filters`. */
  filters: z.array(z.object({ by: z.enum(ANALYTICS_DIMENSIONS), value: z.string() })),
  /**
   * The first day the filtered figures cover: filtering needs each view, and views are kept 30 days
   * (older days are kept as totals); null when no day of the period is covered. Likewise for the period before.
   */
  coveredFrom: z.string().nullable(),
  previousCoveredFrom: z.string().nullable(),
  /** Whether the conversions answer the filter too: they are recorded with their source and page only. */
  conversionsFiltered: z.boolean(),
});

/** Conversions after a counted visit for each visitor, a fraction (0.021 is 2.1%); null without visitors. */
const conversionRateField = z.number().nullable();

export const analyticsOverviewSchema = z.object({
  period: periodSchema,
  previousPeriod: periodSchema,
  totals: totalsSchema,
  previousTotals: totalsSchema,
  /** One entry per day of the period, zeros included. */
  series: z.array(dayFiguresSchema),
  previousSeries: z.array(dayFiguresSchema),
  conversions: conversionCountsSchema,
  previousConversions: conversionCountsSchema,
  /** Of `conversions`, those that no counted visit preceded (sent through the API, say): 'No visit'. */
  conversionsWithoutVisit: z.number().int(),
  previousConversionsWithoutVisit: z.number().int(),
  /** The conversions after a counted visit for each visitor. */
  conversionRate: conversionRateField,
  previousConversionRate: conversionRateField,
  /** The chart's step: the one asked for, or the period's (hour for a day, month past three months, else day). */
  interval: z.enum(ANALYTICS_INTERVALS).optional(),
  /** The figures per step: start is an hour (2026-11-28T14:00:00.000Z), a day (2026-11-28) or a month (2026-11). */
  points: z.array(pointSchema).optional(),
  /** The period before's, step by step (the first with the first); empty when its hours are no longer kept. */
  previousPoints: z.array(pointSchema).optional(),
  /** The filter the figures answer, when one was given. */
  filter: filterSchema.optional(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const analyticsBreakdownSchema = pageOf(
  z.object({
    value: z.string(),
    visitors: z.number().int(),
    pageViews: z.number().int(),
    /** For sources: direct, search (an engine), social (a network), newsletter, referral (another site) or campaign. */
    kind: z.enum(SOURCE_KINDS).optional(),
  }),
);
export type AnalyticsBreakdown = z.infer<typeof analyticsBreakdownSchema>;

export const analyticsConversionsSchema = pageOf(
  conversionCountsSchema.extend({
    value: z.string(),
    total: z.number().int(),
    /** Visitors of this source or page over the period; null for 'No visit' (conversions no counted visit preceded). */
    visitors: z.number().int().nullable(),
    conversionRate: conversionRateField,
  }),
);
export type AnalyticsConversions = z.infer<typeof analyticsConversionsSchema>;

export const analyticsLiveSchema = z.object({
  /** Distinct visitors with a page view in the last 30 minutes. */
  visitors: z.number().int(),
  since: z.string(),
});

/** The beacon's body (text/plain JSON, as navigator.sendBeacon sends a string). */
export const pageViewBeaconSchema = z.object({
  /** The page's path and query, e.g. /blog?utm_source=newsletter. */
  u: z.string().min(1).max(PAGE_VIEW_URL_MAX_LENGTH).startsWith('/'),
  /** document.referrer on the first page of a visit ('' for none); left out for the views after it. */
  r: z.string().max(PAGE_VIEW_REFERRER_MAX_LENGTH).optional().nullable(),
  /** The window's width in CSS pixels (tells phones from desktops when the browser does not). */
  w: z.number().int().min(0).max(20000).optional().nullable(),
});
