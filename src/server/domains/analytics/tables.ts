import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Page views, their daily and monthly roll-ups, the figures folded in so far of a day not yet rolled
// up, conversions, and the day's visitor salt.

/**
 * Web analytics (docs/decisions/0016-analytics-without-cookies.md). One row per counted page view,
 * kept 30 days: the visitor is a hash of address and browser under a salt that lives one day, so
 * the same person is recognised within a day only; no address, cookie or identifier is stored.
 */
export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The UTC day of `at`, the unit of visitors and of the roll-up. */
    day: date('day', { mode: 'string' }).notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    path: text('path').notNull(),
    /** Where the visit came from ('Google', 'Newsletter', 'example.com', 'Direct'); null for a view reached inside the site. */
    source: text('source'),
    campaign: text('campaign'),
    country: text('country'),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    /** The operating system's family (classify.ts); 'Unknown' for views counted before it was recorded. */
    os: text('os').notNull().default('Unknown'),
  },
  (t) => [
    index('analytics_page_views_day_idx').on(t.day, t.visitor),
    index('analytics_page_views_at_idx').on(t.at),
  ],
);

/** A roll-up row's figures: a dimension ('total', 'page'...), one of its values, its visitors and views. */
const figureColumns = () => ({
  dimension: text('dimension').notNull(),
  value: text('value').notNull(),
  visitors: integer('visitors').notNull(),
  pageViews: integer('page_views').notNull(),
});

/**
 * Daily roll-up of the page views, kept two years: per day and dimension ('total', 'page', 'source',
 * 'campaign', 'country', 'device', 'browser', 'os') and value, its visitors (distinct that day) and views.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.value] })],
);

/**
 * The daily roll-up summed by calendar month (the first day of the month), kept with it: a period's
 * visitors are the sum of its days', so a whole month is one row a value instead of one a day. Each
 * change to a day of the roll-up rewrites its month's rows in the same transaction (rollup.ts).
 */
export const analyticsMonthly = pgTable(
  'analytics_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.month, t.value] })],
);

/**
 * A day not rolled up yet (today), folded in by the roll-up job a step at a time: per dimension and
 * value, the views up to the dimension's mark in analytics_folded_until, and the visitors whose first
 * view of the day with that value came before it (so the steps add up to the day's distinct visitors).
 */
export const analyticsFolded = pgTable(
  'analytics_folded',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.value] })],
);

/** How far each dimension of a day is folded into analytics_folded: the views before `until`. */
export const analyticsFoldedUntil = pgTable(
  'analytics_folded_until',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day] })],
);

/** A newsletter signup, enquiry, workshop reservation or plan checkout, with the source and page of its visit; kept two years. */
export const analyticsConversions = pgTable(
  'analytics_conversions',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('analytics_conversions_day_idx').on(t.day)],
);

/** The day's salt for visitor hashes, shared by every instance; yesterday's is deleted (never kept). */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
