import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { pageOffset } from '../../platform/paging';
import { sourceKind, type SourceKind } from './classify';
import { rowsOf } from '../../platform/db/rows';
import { type Dimension } from './figures';
import type { Filters } from './filtered';
import { countValues, withFigures } from './period-figures';
import { daysOf, type Period } from './periods';
import { dayOf } from './visitor';

// The owner's visitors and page views: day by day, by the values of a dimension, and live.

export interface DayFigures {
  day: string;
  visitors: number;
  pageViews: number;
}

export async function dailySeries(
  db: Database,
  period: Period,
  now: Date,
  filters?: Filters,
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
    filters,
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
  dimension: Exclude<Dimension, 'total' | 'hour'>,
  period: Period,
  now: Date,
  page: { page: number; pageSize: number },
  filters?: Filters,
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
        from figures group by value having sum(visitors) > 0 order by 2 desc, 3 desc, 1
        limit ${page.pageSize} offset ${pageOffset(page.page, page.pageSize)}`),
      );
      // A page past the end has no rows to carry the count: count on its own then.
      return { rows, total: rows.length ? Number(rows[0]!.total) : await countValues(tx, figures) };
    },
    filters,
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
