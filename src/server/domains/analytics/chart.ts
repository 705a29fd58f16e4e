import { sql } from 'drizzle-orm';
import type { AnalyticsInterval } from '../../../shared/analytics.schema';
import type { Database } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { rowsOf } from '../../platform/db/rows';
import { coveredDays, filteredViews, type Filters } from './filtered';
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
 * A period's figures hour by hour (2026-11-28T14:00:00.000Z), from the views: a visitor counts in
 * each hour they viewed a page. Hours still to come are left out; none when the views are gone.
 */
export async function hourlyPoints(
  db: Database,
  period: Period,
  now: Date,
  filters?: Filters,
): Promise<Point[]> {
  const covered = coveredDays(period, now);
  if (!covered || covered.from !== period.from) return [];
  const views = filters
    ? filteredViews(filters, covered, 'total')
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
