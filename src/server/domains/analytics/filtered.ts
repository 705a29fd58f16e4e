import { sql, type SQL } from 'drizzle-orm';
import { addDays, dimensionExpression, isVisitDimension, viewsOfDays, type Dimension } from './figures';
import { RAW_KEEP_DAYS } from './rollup';
import { dayOf } from './visitor';

// The figures under a filter (a page, source, campaign, country, device or browser), read from the
// raw views: the roll-ups count each dimension alone, so only the views can say which pages the
// visitors from a source read. Views are kept 30 days, so a filter covers those days of a period.

export type FilterDimension = Exclude<Dimension, 'total' | 'hour'>;
export interface Filter {
  by: FilterDimension;
  value: string;
}
/** Filters in force together (a visitor answers them all), one a dimension; never empty. */
export type Filters = readonly Filter[];
interface Days {
  from: string;
  to: string;
}

/** The days of a period whose views are still kept (the last 30 up to today), or null when none are. */
export function coveredDays(period: Days, now: Date): Days | null {
  const today = dayOf(now);
  const oldestRaw = addDays(today, -RAW_KEEP_DAYS);
  const from = period.from > oldestRaw ? period.from : oldestRaw;
  const to = period.to < today ? period.to : today;
  return from > to ? null : { from, to };
}

/**
 * The views of the filters' visitors over some days: each day, the visitors with a view that matches
 * each of them (a visitor is recognised within a day only), and their views. A page filter keeps that page's
 * views alone, as its visitors' other pages are not its figures, except for what a visit has as a
 * whole: the source and campaign its first view carries, and its entry and exit pages. Columns of analytics_page_views, as `v`.
 */
export function filteredViews(filters: Filters, days: Days, dimension: Dimension): SQL {
  const page = filters.find((f) => f.by === 'page');
  const onlyThePage = page && !VISIT_WIDE.has(dimension) ? sql`and v.path = ${page.value}` : sql``;
  const visits = isVisitDimension(dimension) || filters.some((f) => isVisitDimension(f.by));
  const views = viewsOfDays(days, visits);
  const answering = filters.map(
    (f) => sql`and (v.day, v.visitor) in (
      select e.day, e.visitor from (${views}) e where ${dimensionExpression(f.by, 'e')} = ${f.value})`,
  );
  return sql`select v.* from (${views}) v where true ${onlyThePage} ${sql.join(answering, sql` `)}`;
}

/** What a visit has as a whole (its first view's source and campaign, its entry and exit), not a page's own. */
const VISIT_WIDE: ReadonlySet<Dimension> = new Set(['source', 'campaign', 'entry', 'exit']);

/** A dimension's figures under filters, (day, value, visitors, page_views) rows as the roll-ups have them. */
export function filteredFigures(filters: Filters, days: Days | null, dimension: Dimension): SQL {
  if (!days)
    return sql`select null::date as day, ''::text as value, 0 as visitors, 0 as page_views where false`;
  return sql`
    select day, value, visitors, page_views from (
      select v.day, ${dimensionExpression(dimension, 'v')} as value, count(distinct v.visitor)::int as visitors,
        count(*)::int as page_views
      from (${filteredViews(filters, days, dimension)}) v group by 1, 2
    ) f where value is not null`;
}
