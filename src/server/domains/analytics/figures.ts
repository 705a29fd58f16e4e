import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_DIMENSIONS, type AnalyticsDimension } from '../../../shared/analytics.schema';
import { dayOf } from './visitor';

// What the roll-up job and the dashboard both count by: the dimensions of a view, and the figures
// of the raw views after a mark, which add up with the figures before it.

/** The owner's dimensions, and the total of every view ('' its one value). */
export type Dimension = 'total' | AnalyticsDimension;
export const DIMENSIONS: Dimension[] = ['total', ...ANALYTICS_DIMENSIONS];

/** The column (or expression) of a raw page view that a dimension groups by; of the view `alias` when given. */
export function dimensionExpression(dimension: Dimension, alias?: string): SQL {
  const column = (name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(name));
  switch (dimension) {
    case 'total':
      return sql`''`;
    case 'page':
      return column('path');
    case 'source':
      return column('source');
    case 'campaign':
      return column('campaign');
    case 'country':
      return sql`coalesce(${column('country')}, 'Unknown')`;
    case 'device':
      return column('device');
    case 'browser':
      return column('browser');
    case 'os':
      return column('os');
  }
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return dayOf(d);
}

/** The first moment of a UTC day, as a timestamptz parameter. */
export const startOf = (day: string): SQL => sql`${`${day}T00:00:00.000Z`}::timestamptz`;

/**
 * A dimension's figures of one day from its raw views at or after `from` (and before `to`): per
 * value, the views, and the visitors whose first view that day with that value is among them.
 * Added to the figures of the day's views before `from`, that is the day's distinct visitors
 * exactly: each visitor counts in the part that holds their first view with the value, and in no
 * other (the hash changes daily, so a day is the widest unit). The views are found by the time
 * index (the moments are constants of the statement, so the planner sees how few they are), and
 * each of their visitors' earlier views by the (day, visitor) index: a few rows a visitor, not a
 * scan of the day. Rows of (day, value, visitors, page_views).
 */
export function viewsBetween(dimension: Dimension, day: string, from: Date, to?: Date): SQL {
  const value = dimensionExpression(dimension, 'v');
  const before = to ? sql`and v.at < ${to.toISOString()}::timestamptz` : sql``;
  return sql`
    select ${day}::date as day, value, (count(*) filter (where first))::int as visitors,
      sum(views)::int as page_views
    from (
      select t.value, t.views, not exists (
        select 1 from analytics_page_views e
        where e.day = ${day}::date and e.visitor = t.visitor and e.at < ${from.toISOString()}::timestamptz
          and ${dimensionExpression(dimension, 'e')} = t.value) as first
      from (
        select ${value} as value, v.visitor, count(*) as views from analytics_page_views v
        where v.day = ${day}::date and v.at >= ${from.toISOString()}::timestamptz ${before}
        group by 1, 2
      ) t
      where t.value is not null
    ) f
    group by value`;
}
