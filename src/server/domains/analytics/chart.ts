import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsInterval } from '../../../shared/analytics.schema';
import type { Database } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { rowsOf } from '../../platform/db/rows';
import { coveredDays, filteredViews, type Filters } from './filtered';
import { withFigures } from './period-figures';
import { daysBetween, daysOf, type Period } from './periods';
import type { DayFigures } from './visitor-figures';

// The chart's points: a period's figures by the hour, the day or the calendar month.

export type Interval = AnalyticsInterval;
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
    throw badRequest(
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
 * A period's figures hour by hour (2026-11-28T14:00:00.000Z): a visitor counts in each hour they
 * viewed a page. Hours still to come are left out; none when the views are gone.
 */
export async function hourlyPoints(
  db: Database,
  period: Period,
  now: Date,
  filters?: Filters,
): Promise<Point[]> {
  const covered = coveredDays(period, now);
  if (!covered || covered.from !== period.from) return [];
  const rows = filters ? await filteredHours(db, filters, covered) : await hoursOf(db, covered, now);
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

type HourRow = { hour: string; visitors: number; page_views: number };

/** Counts views by their UTC hour ('2026-11-28T14'): each hour's distinct visitors and its views. */
const countedByHour = (views: SQL) => sql`
  select to_char(date_trunc('hour', at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24') as hour,
    count(distinct visitor)::int as visitors, count(*)::int as page_views
  from (${views}) v group by 1`;

/**
 * Under filters the hours come from the raw views, as the other figures under filters do: the
 * roll-up and the fold count each dimension alone, so they cannot say when a filter's visitors came.
 */
async function filteredHours(db: Database, filters: Filters, days: Period): Promise<HourRow[]> {
  return rowsOf<HourRow>(await db.execute(countedByHour(filteredViews(filters, days, 'total'))));
}

/**
 * The hours of some days as every other figure is read (period-figures.ts): a rolled-up day's from
 * its roll-up, today's from what is folded in under the total's mark and the raw views after it,
 * so a read of today takes its last minutes of views, not the whole day. A day rolled up or folded
 * in before hours were (its hour rows missing) is counted from its raw views, as it was then.
 */
async function hoursOf(db: Database, days: Period, now: Date): Promise<HourRow[]> {
  return withFigures(db, 'hour', days, now, 'day', async (tx, figures) => {
    const unfolded = await daysWithoutHours(tx, days);
    const listed = sql.join(
      unfolded.map((d) => sql`${d}::date`),
      sql`, `,
    );
    const parts = unfolded.length
      ? sql`
        select day, value, visitors, page_views from (${figures}) f where f.day not in (${listed})
        union all
        select day, to_char(at at time zone 'UTC', 'HH24'), count(distinct visitor)::int, count(*)::int
        from analytics_page_views where day in (${listed}) group by 1, 2`
      : figures;
    return rowsOf<HourRow>(
      await tx.execute(sql`
        select to_char(day, 'YYYY-MM-DD') || 'T' || value as hour, sum(visitors)::int as visitors,
          sum(page_views)::int as page_views
        from (${parts}) h group by 1`),
    );
  });
}

/**
 * Of some days, those whose hours were never rolled up or folded in (before hours were): rolled up
 * without hour rows, or not rolled up, with views folded into the total and none into the hours.
 */
async function daysWithoutHours(tx: Pick<Database, 'execute'>, days: Period): Promise<string[]> {
  const rows = rowsOf<{ day: string }>(
    await tx.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${days.from}::date, ${days.to}::date, interval '1 day') d
      where case
        when exists (select 1 from analytics_daily r where r.dimension = 'total' and r.value = '' and r.day = d::date)
          then not exists (select 1 from analytics_daily r where r.dimension = 'hour' and r.day = d::date)
        else exists (select 1 from analytics_folded f where f.dimension = 'total' and f.value = '' and f.day = d::date)
          and not exists (select 1 from analytics_folded f where f.dimension = 'hour' and f.day = d::date)
      end`),
  );
  return rows.map((r) => r.day);
}
