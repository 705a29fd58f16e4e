import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { pageOffset } from '../../platform/paging';
import { NO_VISIT, sourceKind, type SourceKind } from './classify';
import {
  CONVERSION_DIMENSIONS,
  CONVERSION_KINDS,
  PERIOD_DAYS,
  type AnalyticsPeriod,
  type ConversionDimension,
  type ConversionKind,
} from '../../../shared/analytics.schema';
import { addDays, rowsOf, startOf, viewsBetween, type Dimension } from './figures';
import { coveredDays, filteredFigures, filteredViews, type Filter } from './filtered';
import { monthOf } from './rollup';
import { dayOf } from './visitor';

// The owner's figures. Visitors are counted per day (the salt changes daily, so nobody is followed
// from one day to the next); a period's visitors are the sum of its days'. Past days come from the
// roll-up (its whole months from their sums), a day not rolled up yet (today) from what the roll-up
// job has folded in of it and the raw views after that (docs/decisions/0024-today-folded-in.md).

export interface Period {
  from: string;
  to: string;
}

export class PeriodError extends Error {}

/** The days of a named period ending today, or a custom one; and the period of the same length before it. */
export function resolvePeriod(
  name: AnalyticsPeriod,
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
    const length = PERIOD_DAYS[name];
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

/** The days of a period that may still have raw views (the last 30 days up to today). */
function rawDays(period: Period, now: Date): string[] {
  const covered = coveredDays(period, now);
  return covered ? daysOf(covered) : [];
}

/** The first day of the month after the one `month` starts. */
function nextMonth(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return dayOf(d);
}

/** The first and last of the calendar months wholly inside a period, or null when none is. */
function wholeMonths(period: Period): { first: string; last: string } | null {
  const first = period.from.endsWith('-01') ? period.from : nextMonth(monthOf(period.from));
  const afterTo = addDays(period.to, 1);
  const last = afterTo.endsWith('-01') ? monthOf(period.to) : monthOf(addDays(monthOf(period.to), -1));
  return first <= last ? { first, last } : null;
}

/** A dimension's rolled-up rows over a period, (day, value, visitors, page_views): a day's each, or a whole month's as one. */
function rolledUp(dimension: Dimension, period: Period, by: 'day' | 'month'): SQL {
  const days = (from: string, to: string) => sql`
    select day, value, visitors, page_views from analytics_daily
    where dimension = ${dimension} and day between ${from}::date and ${to}::date`;
  const months = by === 'month' ? wholeMonths(period) : null;
  if (!months) return days(period.from, period.to);
  const parts = [
    sql`
      select month, value, visitors, page_views from analytics_monthly
      where dimension = ${dimension} and month between ${months.first}::date and ${months.last}::date`,
  ];
  if (period.from < months.first) parts.push(days(period.from, addDays(months.first, -1)));
  const after = nextMonth(months.last);
  if (after <= period.to) parts.push(days(after, period.to));
  return sql.join(parts, sql` union all `);
}

/** A day not rolled up yet, and how far a dimension of it is folded in (its start when not at all). */
interface Mark {
  day: string;
  from: Date;
}

/**
 * Runs `read` with a dimension's figures over a period, (day, value, visitors, page_views) rows to
 * be summed: the roll-ups, and for each day without one (today), what is folded in of it and its
 * raw views from there on (a few minutes of them). The days' marks are read first and the figures
 * after, in one snapshot, so a fold or a roll-up committed meanwhile is seen whole or not at all.
 * Under a filter, the figures are the filter's, from the views kept (filtered.ts).
 */
async function withFigures<T>(
  db: Database,
  dimension: Dimension,
  period: Period,
  now: Date,
  by: 'day' | 'month',
  read: (tx: Pick<Database, 'execute'>, figures: SQL) => Promise<T>,
  filter?: Filter,
): Promise<T> {
  if (filter) return read(db, filteredFigures(filter, coveredDays(period, now), dimension));
  const rolled = rolledUp(dimension, period, by);
  const days = rawDays(period, now);
  if (days.length === 0) return read(db, rolled);
  return db.transaction(
    async (tx) => {
      const marks = await marksOf(tx, dimension, days);
      if (marks.length === 0) return read(tx, rolled);
      const parts = [
        rolled,
        sql`
          select day, value, visitors, page_views from analytics_folded
          where dimension = ${dimension} and day in (${sql.join(
            marks.map((m) => sql`${m.day}::date`),
            sql`, `,
          )})`,
        ...marks.map((m) => viewsBetween(dimension, m.day, m.from)),
      ];
      return read(tx, sql.join(parts, sql` union all `));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Of the days given, those without a roll-up, each with its dimension's mark. */
async function marksOf(tx: Pick<Database, 'execute'>, dimension: Dimension, days: string[]): Promise<Mark[]> {
  const candidates = sql.join(
    days.map((d) => sql`(${d}::date, ${startOf(d)})`),
    sql`, `,
  );
  const rows = rowsOf<{ day: string; ms: number }>(
    await tx.execute(sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, (extract(epoch from coalesce(f.until, c.start)) * 1000)::float8 as ms
      from (values ${candidates}) c (day, start)
      left join analytics_folded_until f on f.dimension = ${dimension} and f.day = c.day
      where not exists (
        select 1 from analytics_daily r where r.dimension = 'total' and r.value = '' and r.day = c.day)`),
  );
  return rows.map((r) => ({ day: r.day, from: new Date(Number(r.ms)) }));
}

export interface DayFigures {
  day: string;
  visitors: number;
  pageViews: number;
}

export async function dailySeries(
  db: Database,
  period: Period,
  now: Date,
  filter?: Filter,
): Promise<DayFigures[]> {
  const rows = await withFigures(
    db,
    'total',
    period,
    now,
    'day',
    async (tx, figures) =>
      rowsOf<{ day: string; visitors: number; page_views: number }>(
        await tx.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(visitors)::int as visitors,
          sum(page_views)::int as page_views
        from (${figures}) f group by 1`),
      ),
    filter,
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

/** One page of a dimension's values over a period, most visitors first. */
export async function breakdown(
  db: Database,
  dimension: Exclude<Dimension, 'total'>,
  period: Period,
  now: Date,
  page: { page: number; pageSize: number },
  filter?: Filter,
): Promise<{ items: BreakdownRow[]; total: number }> {
  const { rows, total } = await withFigures(
    db,
    dimension,
    period,
    now,
    'month',
    async (tx, figures) => {
      const rows = rowsOf<{ value: string; visitors: number; page_views: number; total: number }>(
        await tx.execute(sql`
        with figures (day, value, visitors, page_views) as (${figures})
        select value, sum(visitors)::int as visitors, sum(page_views)::int as page_views,
          (count(*) over ())::int as total
        from figures group by value order by 2 desc, 3 desc, 1
        limit ${page.pageSize} offset ${pageOffset(page.page, page.pageSize)}`),
      );
      // A page past the end has no rows to carry the count: count on its own then.
      return { rows, total: rows.length ? Number(rows[0]!.total) : await countValues(tx, figures) };
    },
    filter,
  );
  return {
    items: rows.map((r) => ({
      value: r.value,
      visitors: Number(r.visitors),
      pageViews: Number(r.page_views),
      ...(dimension === 'source' ? { kind: sourceKind(r.value) } : {}),
    })),
    total,
  };
}

/** The visitors of some values of a dimension over a period (a period's visitors: the sum of its days'). */
async function visitorsOf(
  db: Database,
  dimension: ConversionDimension,
  period: Period,
  now: Date,
  values: string[],
  filter?: Filter,
): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await withFigures(
    db,
    dimension,
    period,
    now,
    'month',
    async (tx, figures) =>
      rowsOf<{ value: string; visitors: number }>(
        await tx.execute(sql`
        select value, sum(visitors)::int as visitors from (${figures}) f
        where value in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})
        group by value`),
      ),
    filter,
  );
  return new Map(rows.map((r) => [r.value, Number(r.visitors)]));
}

/** Conversions for each visitor, to four places; null without visitors. */
function rateOf(conversions: number, visitors: number | null): number | null {
  return visitors ? Math.round((conversions / visitors) * 10_000) / 10_000 : null;
}

async function countValues(tx: Pick<Database, 'execute'>, figures: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(distinct value)::int as n from (${figures}) f`),
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
  by: ConversionDimension,
  period: Period,
  now: Date,
  page: { page: number; pageSize: number },
  filter?: Filter,
): Promise<{ items: ConversionRow[]; total: number }> {
  const column = by === 'source' ? sql`source` : sql`path`;
  const where = conversionsWhere(period, now, filter);
  const counts = sql.join(
    CONVERSION_KINDS.map((k) => sql`(count(*) filter (where kind = ${k}))::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${column} as value, ${counts}, count(*)::int as all_kinds, (count(*) over ())::int as rows_total
      from analytics_conversions where ${where}
      group by 1 order by all_kinds desc, 1
      limit ${page.pageSize} offset ${pageOffset(page.page, page.pageSize)}`),
  );
  const values = rows.map((r) => String(r.value)).filter((v) => v !== NO_VISIT);
  const visitors = await visitorsOf(db, by, period, now, values, filter);
  return {
    items: rows.map((r) => {
      const value = String(r.value);
      const total = Number(r.all_kinds);
      const seen = value === NO_VISIT ? null : (visitors.get(value) ?? 0);
      return {
        value,
        ...(Object.fromEntries(CONVERSION_KINDS.map((k) => [k, Number(r[k])])) as ConversionCounts),
        total,
        visitors: seen,
        conversionRate: rateOf(total, seen),
      };
    }),
    total: rows.length ? Number(rows[0]!.rows_total) : 0,
  };
}

/** Whether conversions can answer a filter: they are recorded with their source and page only. */
export function conversionsFilterable(filter: Filter | undefined): boolean {
  return !filter || (CONVERSION_DIMENSIONS as readonly string[]).includes(filter.by);
}

/**
 * The conversions of a period, or under a filter (a source or a page), those of its days whose
 * views are kept: the visitors they are set against are counted from those views.
 */
function conversionsWhere(period: Period, now: Date, filter?: Filter): SQL {
  if (!filter) return sql`day between ${period.from}::date and ${period.to}::date`;
  if (!conversionsFilterable(filter)) throw new Error(`Conversions cannot be filtered by ${filter.by}`);
  const days = coveredDays(period, now);
  if (!days) return sql`false`;
  const column = filter.by === 'source' ? sql`source` : sql`path`;
  return sql`day between ${days.from}::date and ${days.to}::date and ${column} = ${filter.value}`;
}

/** A period's conversions of each kind, and how many of them no counted visit preceded. */
export async function conversionTotals(
  db: Database,
  period: Period,
  now: Date,
  filter?: Filter,
): Promise<{ counts: ConversionCounts; withoutVisit: number }> {
  const rows = rowsOf<{ kind: ConversionKind; n: number; without_visit: number }>(
    await db.execute(sql`
      select kind, count(*)::int as n, (count(*) filter (where source = ${NO_VISIT}))::int as without_visit
      from analytics_conversions
      where ${conversionsWhere(period, now, filter)} group by kind`),
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

export type Interval = 'hour' | 'day' | 'month';
export interface Point {
  start: string;
  visitors: number;
  pageViews: number;
}

/** Periods longer than this are charted by month unless asked otherwise (a year is 12 points, not 365). */
const DAYS_CHARTED_BY_DAY = 92;
/** Hours are counted from the views, kept 30 days: a few days of them at most (168 points). */
const MOST_DAYS_BY_HOUR = 7;

/** The chart's step for a period: the one asked for, or hours for a day, months past three months, else days. */
export function intervalOf(asked: Interval | undefined, period: Period, now: Date): Interval {
  const length = daysBetween(period.from, period.to) + 1;
  const covered = coveredDays(period, now);
  const hoursKept = covered?.from === period.from && covered.to === period.to;
  if (asked === 'hour' && (length > MOST_DAYS_BY_HOUR || !hoursKept))
    throw new PeriodError(
      `Figures by the hour are kept for the last 30 days, at most ${MOST_DAYS_BY_HOUR} days at a time.`,
    );
  if (asked) return asked;
  if (length === 1 && hoursKept) return 'hour';
  return length > DAYS_CHARTED_BY_DAY ? 'month' : 'day';
}

/** A series of days summed by calendar month ('2026-11'), or as they are by day. */
export function pointsOf(series: DayFigures[], interval: 'day' | 'month'): Point[] {
  if (interval === 'day')
    return series.map((d) => ({ start: d.day, visitors: d.visitors, pageViews: d.pageViews }));
  const months = new Map<string, Point>();
  for (const d of series) {
    const start = d.day.slice(0, 7);
    const point = months.get(start) ?? { start, visitors: 0, pageViews: 0 };
    point.visitors += d.visitors;
    point.pageViews += d.pageViews;
    months.set(start, point);
  }
  return [...months.values()];
}

/**
 * A period's figures hour by hour (2026-11-28T14:00:00.000Z), from the views: a visitor counts in
 * each hour they viewed a page. Hours still to come are left out; none when the views are gone.
 */
export async function hourlyPoints(
  db: Database,
  period: Period,
  now: Date,
  filter?: Filter,
): Promise<Point[]> {
  const covered = coveredDays(period, now);
  if (!covered || covered.from !== period.from) return [];
  const views = filter
    ? filteredViews(filter, covered, 'total')
    : sql`select v.* from analytics_page_views v where v.day between ${covered.from}::date and ${covered.to}::date`;
  const rows = rowsOf<{ hour: string; visitors: number; page_views: number }>(
    await db.execute(sql`
      select to_char(date_trunc('hour', at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24') as hour,
        count(distinct visitor)::int as visitors, count(*)::int as page_views
      from (${views}) v group by 1`),
  );
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  const points: Point[] = [];
  for (const day of daysOf(period))
    for (let h = 0; h < 24; h++) {
      const start = `${day}T${String(h).padStart(2, '0')}`;
      if (Date.parse(`${start}:00:00.000Z`) > now.getTime()) return points;
      points.push({
        start: `${start}:00:00.000Z`,
        visitors: Number(byHour.get(start)?.visitors ?? 0),
        pageViews: Number(byHour.get(start)?.page_views ?? 0),
      });
    }
  return points;
}
