import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_DIMENSIONS, type AnalyticsDimension } from '../../../shared/analytics.schema';
import { dayOf } from './visitor';

// What the roll-up job and the dashboard both count by: the dimensions of a view, and the figures
// of the raw views after a mark, which add up with the figures before it.

/**
 * The owner's dimensions, the total of every view ('' its one value), and the UTC hour of a view
 * ('00' to '23'), which the chart of a day counts by (chart.ts).
 */
export type Dimension = 'total' | 'hour' | AnalyticsDimension;
/** The dimensions folded in each from its own mark; hours are folded with the total, from its mark. */
export const DIMENSIONS: Dimension[] = ['total', ...ANALYTICS_DIMENSIONS];
/** What a day's roll-up holds: hours too, read for the last 30 days only (chart.ts). */
export const ROLLED_UP_DIMENSIONS: Dimension[] = [...DIMENSIONS, 'hour'];

/** The column (or expression) of a raw page view that a dimension groups by; of the view `alias` when given. */
export function dimensionExpression(dimension: Dimension, alias?: string): SQL {
  const column = (name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(name));
  switch (dimension) {
    case 'total':
      return sql`''`;
    case 'hour':
      return sql`to_char(${column('at')} at time zone 'UTC', 'HH24')`;
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
    case 'entry':
      return column('entry_page');
    case 'exit':
      return column('exit_page');
  }
}

/** The dimensions of a visit rather than of a view: the page it began on, and the one it ended on. */
const VISIT_DIMENSIONS: ReadonlySet<Dimension> = new Set(['entry', 'exit']);
export const isVisitDimension = (dimension: Dimension) => VISIT_DIMENSIONS.has(dimension);

/**
 * The raw views of some days, as a subquery; with `visits`, each also with its visit's entry_page
 * (on the visitor's first view that day, null on the others) and exit_page (on the last), which
 * the visit dimensions count by: so a visit counts once, with one page each.
 */
export function viewsOfDays(days: { from: string; to: string }, visits: boolean): SQL {
  const within = sql`x.day between ${days.from}::date and ${days.to}::date`;
  if (!visits) return sql`select x.* from analytics_page_views x where ${within}`;
  return sql`
    select x.*,
      case when row_number() over (partition by x.day, x.visitor order by x.at, x.path) = 1
        then x.path end as entry_page,
      case when row_number() over (partition by x.day, x.visitor order by x.at desc, x.path desc) = 1
        then x.path end as exit_page
    from analytics_page_views x where ${within}`;
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
  if (dimension === 'entry') return entriesBetween(day, from, to);
  if (dimension === 'exit') return exitsBetween(day, from, to);
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

/** The last view of each visitor among a day's views from `from` (before `to`), or the first with `first`: (visitor, value). */
function endsBetween(day: string, from: Date, to: Date | undefined, first: boolean): SQL {
  const before = to ? sql`and v.at < ${to.toISOString()}::timestamptz` : sql``;
  const order = first ? sql`v.at, v.path` : sql`v.at desc, v.path desc`;
  return sql`
    select distinct on (v.visitor) v.visitor, v.path as value from analytics_page_views v
    where v.day = ${day}::date and v.at >= ${from.toISOString()}::timestamptz ${before}
    order by v.visitor, ${order}`;
}

/**
 * Entry pages among a day's views from `from` (before `to`): a visitor's first view there is their
 * visit's entry when they had none before `from` (found by the (day, visitor) index). A visit's
 * entry never changes, so the parts add up. Its page_views are its visitors: one entry a visit.
 */
function entriesBetween(day: string, from: Date, to?: Date): SQL {
  return sql`
    select ${day}::date as day, value, count(*)::int as visitors, count(*)::int as page_views
    from (${endsBetween(day, from, to, true)}) t
    where not exists (
      select 1 from analytics_page_views e
      where e.day = ${day}::date and e.visitor = t.visitor and e.at < ${from.toISOString()}::timestamptz)
    group by value`;
}

/**
 * Exit pages among a day's views from `from` (before `to`): a visit's exit moves with each view, so
 * a visitor seen here leaves here, on their last view, and no longer where they left before `from`
 * (a minus one there, found by the (day, visitor) index). Added to the parts before, each visit has
 * its one exit. Its page_views are its visitors: one exit a visit.
 */
function exitsBetween(day: string, from: Date, to?: Date): SQL {
  return sql`
    select ${day}::date as day, f.page as value, sum(f.n)::int as visitors, sum(f.n)::int as page_views
    from (${endsBetween(day, from, to, false)}) t
    cross join lateral (
      select t.value, 1
      union all
      (select e.path, -1 from analytics_page_views e
        where e.day = ${day}::date and e.visitor = t.visitor and e.at < ${from.toISOString()}::timestamptz
        order by e.at desc, e.path desc limit 1)
    ) f (page, n)
    group by f.page`;
}
