import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { pageOffset } from '../../platform/paging';
import { NO_VISIT, sourceKind, type SourceKind } from './classify';
import { CONVERSION_KINDS, type ConversionKind } from './recorder';
import { addDays, rowsOf, startOf, viewsBetween, type Dimension } from './figures';
import { monthOf, RAW_KEEP_DAYS } from './rollup';
import { dayOf } from './visitor';

// The owner's figures. Visitors are counted per day (the salt changes daily, so nobody is followed
// from one day to the next); a period's visitors are the sum of its days'. Past days come from the
// roll-up (its whole months from their sums), a day not rolled up yet (today) from what the roll-up
// job has folded in of it and the raw views after that (docs/decisions/0024-today-folded-in.md).

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

/** The days of a period that may still have raw views (the last 30 days up to today). */
function rawDays(period: Period, now: Date): string[] {
  const today = dayOf(now);
  const oldestRaw = addDays(today, -RAW_KEEP_DAYS);
  const from = period.from > oldestRaw ? period.from : oldestRaw;
  const to = period.to < today ? period.to : today;
  return from > to ? [] : daysOf({ from, to });
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
 */
async function withFigures<T>(
  db: Database,
  dimension: Dimension,
  period: Period,
  now: Date,
  by: 'day' | 'month',
  read: (tx: Pick<Database, 'execute'>, figures: SQL) => Promise<T>,
): Promise<T> {
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

export async function dailySeries(db: Database, period: Period, now: Date): Promise<DayFigures[]> {
  const rows = await withFigures(db, 'total', period, now, 'day', async (tx, figures) =>
    rowsOf<{ day: string; visitors: number; page_views: number }>(
      await tx.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(visitors)::int as visitors,
          sum(page_views)::int as page_views
        from (${figures}) f group by 1`),
    ),
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
): Promise<{ items: BreakdownRow[]; total: number }> {
  const { rows, total } = await withFigures(db, dimension, period, now, 'month', async (tx, figures) => {
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
  });
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
  dimension: 'source' | 'page',
  period: Period,
  now: Date,
  values: string[],
): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await withFigures(db, dimension, period, now, 'month', async (tx, figures) =>
    rowsOf<{ value: string; visitors: number }>(
      await tx.execute(sql`
        select value, sum(visitors)::int as visitors from (${figures}) f
        where value in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})
        group by value`),
    ),
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
