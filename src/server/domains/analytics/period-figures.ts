import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { addDays, startOf, viewsBetween, type Dimension } from './figures';
import { coveredDays, filteredFigures, type Filters } from './filtered';
import { daysOf, nextMonth, wholeMonths, type Period } from './periods';

// The figures of a dimension over a period, as every read of the owner's takes them. Visitors are
// counted per day (the salt changes daily, so nobody is followed from one day to the next); a
// period's visitors are the sum of its days'. Past days come from the roll-up (its whole months
// from their sums), a day not rolled up yet (today) from what the roll-up job has folded in of it
// and the raw views after that (docs/decisions/0024-today-folded-in.md).

/** The days of a period that may still have raw views (the last 30 days up to today). */
function rawDays(period: Period, now: Date): string[] {
  const covered = coveredDays(period, now);
  return covered ? daysOf(covered) : [];
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
 * Under filters, the figures are theirs, from the views kept (filtered.ts).
 */
export async function withFigures<T>(
  db: Database,
  dimension: Dimension,
  period: Period,
  now: Date,
  by: 'day' | 'month',
  read: (tx: Pick<Database, 'execute'>, figures: SQL) => Promise<T>,
  filters?: Filters,
): Promise<T> {
  if (filters) return read(db, filteredFigures(filters, coveredDays(period, now), dimension));
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

/** Of the days given, those without a roll-up, each with its dimension's mark (the total's for hours, folded with it). */
async function marksOf(tx: Pick<Database, 'execute'>, dimension: Dimension, days: string[]): Promise<Mark[]> {
  const marked = dimension === 'hour' ? 'total' : dimension;
  const candidates = sql.join(
    days.map((d) => sql`(${d}::date, ${startOf(d)})`),
    sql`, `,
  );
  const rows = rowsOf<{ day: string; ms: number }>(
    await tx.execute(sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, (extract(epoch from coalesce(f.until, c.start)) * 1000)::float8 as ms
      from (values ${candidates}) c (day, start)
      left join analytics_folded_until f on f.dimension = ${marked} and f.day = c.day
      where not exists (
        select 1 from analytics_daily r where r.dimension = 'total' and r.value = '' and r.day = c.day)`),
  );
  return rows.map((r) => ({ day: r.day, from: new Date(Number(r.ms)) }));
}

/** How many values figures have (a page of a breakdown past its end): an exit page left by every visitor since is none. */
export async function countValues(tx: Pick<Database, 'execute'>, figures: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from (select value from (${figures}) f group by value having sum(visitors) > 0) v`),
  );
  return Number(row?.n ?? 0);
}
