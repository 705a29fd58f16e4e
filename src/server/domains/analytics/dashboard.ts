import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { pageOffset } from '../../platform/paging';
import { NO_VISIT, sourceKind, type SourceKind } from './classify';
import { CONVERSION_KINDS, type ConversionKind } from './recorder';
import { addDays, dimensionExpression, RAW_KEEP_DAYS, rowsOf, type Dimension } from './rollup';
import { dayOf } from './visitor';

// The owner's figures. Visitors are counted per day (the salt changes daily, so nobody is followed
// from one day to the next); a period's visitors are the sum of its days'. Past days come from the
// roll-up, days not rolled up yet (today, always) from the raw views.

export type PeriodName = 'today' | '7d' | '30d' | '12mo' | 'custom';
export interface Period {
  from: string;
  to: string;
}

export class PeriodError extends Error {}

/** The days of a named period ending today, or a custom one; and the period of the same length before it. */
export function resolvePeriod(
  name: PeriodName,
  now: Date,
  custom?: { from?: string; to?: string },
): { current: Period; previous: Period } {
  const today = dayOf(now);
  let current: Period;
  if (name === 'custom') {
    if (!custom?.from || !custom.to) throw new PeriodError('A custom period needs from and to (YYYY-MM-DD).');
    if (custom.from > custom.to) throw new PeriodError('The period must start on or before its last day.');
    if (daysBetween(custom.from, custom.to) > 800)
      throw new PeriodError('A period can be at most two years long.');
    current = { from: custom.from, to: custom.to };
  } else {
    const length = { today: 1, '7d': 7, '30d': 30, '12mo': 365 }[name];
    current = { from: addDays(today, 1 - length), to: today };
  }
  const length = daysBetween(current.from, current.to) + 1;
  return { current, previous: { from: addDays(current.from, -length), to: addDays(current.from, -1) } };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The days of a period that have no roll-up yet and may still have raw views (the last 30 days). */
async function unrolledDays(db: Database, period: Period, now: Date): Promise<string[]> {
  const today = dayOf(now);
  const oldestRaw = addDays(today, -RAW_KEEP_DAYS);
  const from = period.from > oldestRaw ? period.from : oldestRaw;
  const to = period.to < today ? period.to : today;
  if (from > to) return [];
  const rolled = new Set(
    rowsOf<{ day: string }>(
      await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day from analytics_daily
        where dimension = 'total' and value = '' and day between ${from}::date and ${to}::date`),
    ).map((r) => r.day),
  );
  return daysOf({ from, to }).filter((d) => !rolled.has(d));
}

const dayList = (days: string[]): SQL =>
  sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );

export interface DayFigures {
  day: string;
  visitors: number;
  pageViews: number;
}

export async function dailySeries(db: Database, period: Period, now: Date): Promise<DayFigures[]> {
  const unrolled = await unrolledDays(db, period, now);
  const live = unrolled.length
    ? sql`union all select to_char(day, 'YYYY-MM-DD'), count(distinct visitor)::int, count(*)::int
          from analytics_page_views where day in (${dayList(unrolled)}) group by day`
    : sql``;
  const rows = rowsOf<{ day: string; visitors: number; page_views: number }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, visitors, page_views from analytics_daily
      where dimension = 'total' and value = '' and day between ${period.from}::date and ${period.to}::date
      ${live}`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(period).map((day) => ({
    day,
    visitors: Number(byDay.get(day)?.visitors ?? 0),
    pageViews: Number(byDay.get(day)?.page_views ?? 0),
  }));
}

export interface BreakdownRow {
  value: string;
  visitors: number;
  pageViews: number;
  kind?: SourceKind;
}

/** A dimension's figures over a period, (value, visitors, page_views) a day: roll-ups, and raw views for the days without. */
function figuresOf(dimension: Exclude<Dimension, 'total'>, period: Period, unrolled: string[]): SQL {
  const live = unrolled.length
    ? sql`union all
        select value, count(distinct visitor)::int, count(*)::int from (
          select day, ${dimensionExpression(dimension)} as value, visitor from analytics_page_views
          where day in (${dayList(unrolled)})) r
        where value is not null group by day, value`
    : sql``;
  return sql`
    select value, visitors, page_views from analytics_daily
    where dimension = ${dimension} and day between ${period.from}::date and ${period.to}::date
    ${live}`;
}

/** One page of a dimension's values over a period, most visitors first. */
export async function breakdown(
  db: Database,
  dimension: Exclude<Dimension, 'total'>,
  period: Period,
  now: Date,
  page: { page: number; pageSize: number },
): Promise<{ items: BreakdownRow[]; total: number }> {
  const unrolled = await unrolledDays(db, period, now);
  const rows = rowsOf<{ value: string; visitors: number; page_views: number; total: number }>(
    await db.execute(sql`
      with figures (value, visitors, page_views) as (${figuresOf(dimension, period, unrolled)})
      select value, sum(visitors)::int as visitors, sum(page_views)::int as page_views,
        (count(*) over ())::int as total
      from figures group by value order by 2 desc, 3 desc, 1
      limit ${page.pageSize} offset ${pageOffset(page.page, page.pageSize)}`),
  );
  return {
    items: rows.map((r) => ({
      value: r.value,
      visitors: Number(r.visitors),
      pageViews: Number(r.page_views),
      ...(dimension === 'source' ? { kind: sourceKind(r.value) } : {}),
    })),
    total: rows.length ? Number(rows[0]!.total) : await countValues(db, dimension, period, unrolled),
  };
}

/** The visitors of some values of a dimension over a period (a period's visitors: the sum of its days'). */
async function visitorsOf(
  db: Database,
  dimension: 'source' | 'page',
  period: Period,
  now: Date,
  values: string[],
): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const unrolled = await unrolledDays(db, period, now);
  const rows = rowsOf<{ value: string; visitors: number }>(
    await db.execute(sql`
      select value, sum(visitors)::int as visitors from (${figuresOf(dimension, period, unrolled)}) f
      where value in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})
      group by value`),
  );
  return new Map(rows.map((r) => [r.value, Number(r.visitors)]));
}

/** Conversions for each visitor, to four places; null without visitors. */
function rateOf(conversions: number, visitors: number | null): number | null {
  return visitors ? Math.round((conversions / visitors) * 10_000) / 10_000 : null;
}

// A page past the end has no rows to carry the count: count on its own then.
async function countValues(
  db: Database,
  dimension: Dimension,
  period: Period,
  unrolled: string[],
): Promise<number> {
  const live = unrolled.length
    ? sql`union select ${dimensionExpression(dimension)} from analytics_page_views where day in (${dayList(unrolled)})`
    : sql``;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select value from analytics_daily
        where dimension = ${dimension} and day between ${period.from}::date and ${period.to}::date
        ${live}) v where value is not null`),
  );
  return Number(row?.n ?? 0);
}

export type ConversionCounts = Record<ConversionKind, number>;
export interface ConversionRow extends ConversionCounts {
  value: string;
  total: number;
  /** Visitors of the source or page; null for NO_VISIT. */
  visitors: number | null;
  conversionRate: number | null;
}

/**
 * Conversions per source or per page over a period, most first, one page of them, each with the
 * visitors of that source or page and the conversions for each of them. Conversions no counted
 * visit preceded are their own row, NO_VISIT, without a rate.
 */
export async function conversionsBy(
  db: Database,
  by: 'source' | 'page',
  period: Period,
  now: Date,
  page: { page: number; pageSize: number },
): Promise<{ items: ConversionRow[]; total: number }> {
  const column = by === 'source' ? sql`source` : sql`path`;
  const counts = sql.join(
    CONVERSION_KINDS.map((k) => sql`(count(*) filter (where kind = ${k}))::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${column} as value, ${counts}, count(*)::int as all_kinds, (count(*) over ())::int as rows_total
      from analytics_conversions where day between ${period.from}::date and ${period.to}::date
      group by 1 order by all_kinds desc, 1
      limit ${page.pageSize} offset ${pageOffset(page.page, page.pageSize)}`),
  );
  const values = rows.map((r) => String(r.value)).filter((v) => v !== NO_VISIT);
  const visitors = await visitorsOf(db, by, period, now, values);
  return {
    items: rows.map((r) => {
      const value = String(r.value);
      const total = Number(r.all_kinds);
      const seen = value === NO_VISIT ? null : (visitors.get(value) ?? 0);
      return {
        value,
        newsletter_signup: Number(r.newsletter_signup),
        enquiry: Number(r.enquiry),
        workshop_reservation: Number(r.workshop_reservation),
        checkout: Number(r.checkout),
        total,
        visitors: seen,
        conversionRate: rateOf(total, seen),
      };
    }),
    total: rows.length ? Number(rows[0]!.rows_total) : 0,
  };
}

/** A period's conversions of each kind, and how many of them no counted visit preceded. */
export async function conversionTotals(
  db: Database,
  period: Period,
): Promise<{ counts: ConversionCounts; withoutVisit: number }> {
  const rows = rowsOf<{ kind: ConversionKind; n: number; without_visit: number }>(
    await db.execute(sql`
      select kind, count(*)::int as n, (count(*) filter (where source = ${NO_VISIT}))::int as without_visit
      from analytics_conversions
      where day between ${period.from}::date and ${period.to}::date group by kind`),
  );
  const counts = Object.fromEntries(CONVERSION_KINDS.map((k) => [k, 0])) as ConversionCounts;
  let withoutVisit = 0;
  for (const r of rows) {
    if (r.kind in counts) counts[r.kind] = Number(r.n);
    withoutVisit += Number(r.without_visit);
  }
  return { counts, withoutVisit };
}

/** A period's conversions after a counted visit for each of its visitors. */
export function conversionRate(
  totals: { counts: ConversionCounts; withoutVisit: number },
  visitors: number,
): number | null {
  const all = Object.values(totals.counts).reduce((a, b) => a + b, 0);
  return rateOf(all - totals.withoutVisit, visitors);
}

/** Distinct visitors in the last 30 minutes (written views; this instance's buffer is at most a second old). */
export async function liveVisitors(db: Database, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 30 * 60_000);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(distinct visitor)::int as n from analytics_page_views
      where at > ${since.toISOString()}::timestamptz and day >= ${dayOf(since)}::date`),
  );
  return Number(row?.n ?? 0);
}
