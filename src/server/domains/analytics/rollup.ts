import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/job-queue';
import { NO_VISIT } from './classify';
import { namedSource } from './sources';
import { dayOf } from './visitor';

// The daily roll-up and the pruning (docs/decisions/0016-analytics-without-cookies.md): raw page
// views are kept 30 days, the roll-up and conversions two years. Days before today are rolled up
// once, by whichever instance runs the job; today is always read from the raw views.

export const RAW_KEEP_DAYS = 30;
export const ROLLUP_KEEP_DAYS = 730;
export const ANALYTICS_ROLLUP_QUEUE = 'analytics-rollup';

export type Dimension = 'total' | 'page' | 'source' | 'campaign' | 'country' | 'device' | 'browser';
export const DIMENSIONS: Dimension[] = [
  'total',
  'page',
  'source',
  'campaign',
  'country',
  'device',
  'browser',
];

/** The column (or expression) of a raw page view that a dimension groups by. */
export function dimensionExpression(dimension: Dimension): SQL {
  switch (dimension) {
    case 'total':
      return sql`''`;
    case 'page':
      return sql`path`;
    case 'source':
      return sql`source`;
    case 'campaign':
      return sql`campaign`;
    case 'country':
      return sql`coalesce(country, 'Unknown')`;
    case 'device':
      return sql`device`;
    case 'browser':
      return sql`browser`;
  }
}

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return dayOf(d);
}

/** Rolls up one day (all dimensions, in one transaction, replacing what was there). */
export async function rollUpDay(db: Database, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    for (const dimension of DIMENSIONS) {
      const value = dimensionExpression(dimension);
      await tx.execute(sql`
        insert into analytics_daily (day, dimension, value, visitors, page_views)
        select ${day}::date, ${dimension}, value, count(distinct visitor)::int, count(*)::int
        from (select ${value} as value, visitor from analytics_page_views where day = ${day}::date) v
        where value is not null group by value`);
    }
  });
}

/** Rolls up every kept day before today that has views and no roll-up yet; returns the days. */
export async function rollUpPastDays(db: Database, now: Date): Promise<string[]> {
  const today = dayOf(now);
  const result = await db.execute(sql`
    select distinct to_char(day, 'YYYY-MM-DD') as day from analytics_page_views p
    where day < ${today}::date
      and not exists (select 1 from analytics_daily d where d.dimension = 'total' and d.day = p.day)
    order by 1`);
  const days = rowsOf<{ day: string }>(result).map((r) => r.day);
  for (const day of days) await rollUpDay(db, day);
  return days;
}

/** Deletes raw views past 30 days, roll-ups and conversions past two years, and old salts. */
export async function pruneAnalytics(db: Database, now: Date): Promise<{ views: number; daily: number }> {
  const today = dayOf(now);
  // Never delete a raw day before its roll-up exists.
  await rollUpPastDays(db, now);
  const views = await db.execute(
    sql`delete from analytics_page_views where day < ${addDays(today, -RAW_KEEP_DAYS)}::date`,
  );
  const daily = await db.execute(
    sql`delete from analytics_daily where day < ${addDays(today, -ROLLUP_KEEP_DAYS)}::date`,
  );
  await db.execute(
    sql`delete from analytics_conversions where day < ${addDays(today, -ROLLUP_KEEP_DAYS)}::date`,
  );
  await db.execute(sql`delete from analytics_salts where day < ${today}::date`);
  const count = (r: unknown) =>
    (r as { rowCount?: number; affectedRows?: number }).rowCount ??
    (r as { affectedRows?: number }).affectedRows ??
    0;
  return { views: count(views), daily: count(daily) };
}

/**
 * Puts what was stored before a source was known (facebook.com, m.facebook.com and a utm_source of
 * facebook, each its own row) under the source's name, as views are counted now, and a conversion
 * that no visit preceded (once 'Direct' on '(unknown)') under NO_VISIT. Each stored name is read
 * and checked here, in code: the one list of known sources is sources.ts. Once done, a run finds
 * nothing to change. Roll-ups are added together (a visitor who came both ways that day counts
 * twice); raw views are changed for the days read from them (not rolled up yet), conversions all.
 */
export async function regroupSources(db: Database, now: Date): Promise<number> {
  const renamed = (values: Array<{ value: string | null }>) =>
    values.flatMap(({ value }) => {
      const name = value === null ? value : namedSource(value);
      return value !== null && name !== value ? [[value, name!] as const] : [];
    });
  const daily = renamed(
    rowsOf<{ value: string }>(
      await db.execute(sql`select distinct value from analytics_daily where dimension = 'source'`),
    ),
  );
  for (const [from, to] of daily)
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into analytics_daily (day, dimension, value, visitors, page_views)
        select day, 'source', ${to}, visitors, page_views from analytics_daily
        where dimension = 'source' and value = ${from}
        on conflict (dimension, day, value) do update
          set visitors = analytics_daily.visitors + excluded.visitors,
              page_views = analytics_daily.page_views + excluded.page_views`);
      await tx.execute(sql`delete from analytics_daily where dimension = 'source' and value = ${from}`);
    });
  const since = addDays(dayOf(now), -RAW_KEEP_DAYS);
  const raw = renamed(
    rowsOf<{ value: string }>(
      await db.execute(sql`
        select distinct source as value from analytics_page_views p
        where day >= ${since}::date
          and not exists (select 1 from analytics_daily d where d.dimension = 'total' and d.day = p.day)`),
    ),
  );
  for (const [from, to] of raw)
    await db.execute(sql`
      update analytics_page_views p set source = ${to}
      where day >= ${since}::date and source = ${from}
        and not exists (select 1 from analytics_daily d where d.dimension = 'total' and d.day = p.day)`);
  const conversions = renamed(
    rowsOf<{ value: string }>(
      await db.execute(sql`select distinct source as value from analytics_conversions`),
    ),
  );
  for (const [from, to] of conversions)
    await db.execute(sql`update analytics_conversions set source = ${to} where source = ${from}`);
  await db.execute(
    sql`update analytics_conversions set source = ${NO_VISIT}, path = ${NO_VISIT} where path = '(unknown)'`,
  );
  return daily.length + raw.length + conversions.length;
}

/** The roll-up and pruning job: every 15 minutes, once across all instances (the work is shared). */
export function analyticsJobs(
  deps: { db: Database; clock: () => Date },
  log: { info(obj: object, msg: string): void },
): JobDefinition<never> {
  return {
    queue: ANALYTICS_ROLLUP_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    schedule: '*/15 * * * *',
    async run() {
      const now = deps.clock();
      const days = await rollUpPastDays(deps.db, now);
      const pruned = await pruneAnalytics(deps.db, now);
      const regrouped = await regroupSources(deps.db, now);
      if (days.length || pruned.views || pruned.daily || regrouped)
        log.info({ days, ...pruned, regrouped }, 'analytics rolled up and pruned');
    },
  };
}
