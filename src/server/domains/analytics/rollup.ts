import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/jobs/queue';
import { NO_VISIT } from './classify';
import { rowsOf } from '../../platform/db/rows';
import {
  addDays,
  DIMENSIONS,
  dimensionExpression,
  isVisitDimension,
  ROLLED_UP_DIMENSIONS,
  startOf,
  viewsBetween,
  viewsOfDays,
  type Dimension,
} from './figures';
import { namedSource } from './sources';
import { dayOf } from './visitor';

// The roll-ups and the pruning (docs/decisions/0016-analytics-without-cookies.md): raw page views
// are kept 30 days, the roll-ups and conversions two years. Days before today are rolled up once,
// by whichever instance runs the job, and summed by month as they are; today is folded in a step at
// a time (docs/decisions/0024-today-folded-in.md), so a read of it takes only its last minutes from
// the raw views.

export const RAW_KEEP_DAYS = 30;
export const ROLLUP_KEEP_DAYS = 730;
export const ANALYTICS_ROLLUP_QUEUE = 'analytics-rollup';
/**
 * Views are folded in up to this long before now: a view is written within seconds of its moment
 * (each second, and on PostgreSQL a statement waits at most 10 s for a connection and runs at most
 * 10 s), so none that is still to come can fall behind a mark.
 */
export const FOLD_LAG_MS = 5 * 60_000;
/** The views a fold's transaction takes at most: a quarter of an hour of them, one dimension. */
const FOLD_STEP_MS = 15 * 60_000;

/** The first day of a day's month. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/**
 * Writes a month's rows of analytics_monthly again from its days in analytics_daily: called in the
 * transaction that changed those days, so the two always agree. Hours are charted by the day only.
 */
async function refreshMonth(tx: Pick<Database, 'execute'>, month: string) {
  await tx.execute(sql`delete from analytics_monthly where month = ${month}::date`);
  await tx.execute(sql`
    insert into analytics_monthly (month, dimension, value, visitors, page_views)
    select ${month}::date, dimension, value, sum(visitors)::int, sum(page_views)::int from analytics_daily
    where day >= ${month}::date and day < (${month}::date + interval '1 month')::date and dimension <> 'hour'
    group by dimension, value`);
}

/**
 * Rolls up one day (all dimensions, in one transaction, replacing what was there, and its month with
 * it); what was folded in of it goes, as the roll-up holds it all.
 */
export async function rollUpDay(db: Database, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    await tx.execute(sql`delete from analytics_folded where day = ${day}::date`);
    await tx.execute(sql`delete from analytics_folded_until where day = ${day}::date`);
    for (const dimension of ROLLED_UP_DIMENSIONS) await rollUpDimension(tx, day, dimension);
    await refreshMonth(tx, monthOf(day));
  });
}

/** A day's rows of one dimension in analytics_daily, from its raw views. */
async function rollUpDimension(tx: Pick<Database, 'execute'>, day: string, dimension: Dimension) {
  const views = viewsOfDays({ from: day, to: day }, isVisitDimension(dimension));
  await tx.execute(sql`
    insert into analytics_daily (day, dimension, value, visitors, page_views)
    select ${day}::date, ${dimension}, value, count(distinct visitor)::int, count(*)::int
    from (select ${dimensionExpression(dimension, 'v')} as value, visitor from (${views}) v) v
    where value is not null group by value`);
}

/**
 * The hours of the kept days rolled up before hours were (by an older build), from their raw views:
 * a day a statement, with a turn of the event loop between, once. Until then the chart counts
 * those days' hours from their raw views (chart.ts). Returns the days.
 */
export async function rollUpPastHours(db: Database, now: Date): Promise<string[]> {
  const rawFrom = addDays(dayOf(now), -RAW_KEEP_DAYS);
  const result = await db.execute(sql`
    select to_char(r.day, 'YYYY-MM-DD') as day from analytics_daily r
    where r.dimension = 'total' and r.value = '' and r.day >= ${rawFrom}::date
      and not exists (select 1 from analytics_daily h where h.dimension = 'hour' and h.day = r.day)
      and exists (select 1 from analytics_page_views p where p.day = r.day)
    order by 1`);
  const days = rowsOf<{ day: string }>(result).map((r) => r.day);
  for (const day of days) {
    // The job runs once at a time across instances (stately), so nothing else writes these rows now.
    await rollUpDimension(db, day, 'hour');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return days;
}

/** Rolls up every kept day before today that has views and no roll-up yet; returns the days. */
export async function rollUpPastDays(db: Database, now: Date): Promise<string[]> {
  const today = dayOf(now);
  // Day by day from the oldest raw view, each an index lookup: a distinct over the raw views read
  // all 30 days of them, every quarter of an hour.
  const result = await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day
    from generate_series((select min(day) from analytics_page_views), ${today}::date - 1, interval '1 day') d
    where exists (select 1 from analytics_page_views p where p.day = d::date)
      and not exists (select 1 from analytics_daily r where r.dimension = 'total' and r.day = d::date)
    order by 1`);
  const days = rowsOf<{ day: string }>(result).map((r) => r.day);
  for (const day of days) await rollUpDay(db, day);
  return days;
}

/** Rows a statement changed, on either driver. */
const count = (r: unknown) =>
  (r as { rowCount?: number; affectedRows?: number }).rowCount ??
  (r as { affectedRows?: number }).affectedRows ??
  0;

/** Deletes raw views past 30 days, roll-ups and conversions past two years, and old salts. */
export async function pruneAnalytics(db: Database, now: Date): Promise<{ views: number; daily: number }> {
  const today = dayOf(now);
  // Never delete a raw day before its roll-up exists.
  await rollUpPastDays(db, now);
  const rawFrom = addDays(today, -RAW_KEEP_DAYS);
  const views = await db.execute(sql`delete from analytics_page_views where day < ${rawFrom}::date`);
  await db.execute(sql`delete from analytics_folded where day < ${rawFrom}::date`);
  await db.execute(sql`delete from analytics_folded_until where day < ${rawFrom}::date`);
  // Hours are charted for the days whose views are kept, no further back.
  await db.execute(sql`delete from analytics_daily where dimension = 'hour' and day < ${rawFrom}::date`);
  const keptFrom = addDays(today, -ROLLUP_KEEP_DAYS);
  const daily = await db.transaction(async (tx) => {
    const deleted = await tx.execute(sql`delete from analytics_daily where day < ${keptFrom}::date`);
    if (count(deleted) > 0) {
      await tx.execute(sql`delete from analytics_monthly where month < ${monthOf(keptFrom)}::date`);
      await refreshMonth(tx, monthOf(keptFrom));
    }
    return deleted;
  });
  await db.execute(sql`delete from analytics_conversions where day < ${keptFrom}::date`);
  await db.execute(sql`delete from analytics_salts where day < ${today}::date`);
  return { views: count(views), daily: count(daily) };
}

/**
 * Puts what was stored before a source was known (facebook.com, m.facebook.com and a utm_source of
 * facebook, each its own row) under the source's name, as views are counted now, and a conversion
 * that no visit preceded (once 'Direct' on '(unknown)') under NO_VISIT. Each stored name is read
 * and checked here, in code: the one list of known sources is sources.ts. Once done, a run finds
 * nothing to change. Roll-ups are added together (a visitor who came both ways that day counts
 * twice), and their months written again; raw views are changed for the days read from them (not
 * rolled up yet), and those days' sources folded in again from their start; conversions all.
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
      await refreshSourceMonths(tx);
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
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update analytics_page_views p set source = ${to}
        where day >= ${since}::date and source = ${from}
          and not exists (select 1 from analytics_daily d where d.dimension = 'total' and d.day = p.day)`);
      // Folded in under the old name: folded in again (a visitor's first view is by name).
      await tx.execute(sql`delete from analytics_folded where dimension = 'source'`);
      await tx.execute(sql`delete from analytics_folded_until where dimension = 'source'`);
    });
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

/** Every month's sources again from the daily roll-up (after a source's rows were put under another name). */
async function refreshSourceMonths(tx: Pick<Database, 'execute'>) {
  await tx.execute(sql`delete from analytics_monthly where dimension = 'source'`);
  await tx.execute(sql`
    insert into analytics_monthly (month, dimension, value, visitors, page_views)
    select date_trunc('month', day)::date, 'source', value, sum(visitors)::int, sum(page_views)::int
    from analytics_daily where dimension = 'source' group by 1, 3`);
}

/**
 * Folds today's views into analytics_folded up to FOLD_LAG_MS before now, each dimension from its
 * own mark, a quarter of an hour of views a transaction with a turn of the event loop between (on
 * PGlite the database runs on the server's thread). Returns the steps taken.
 */
export async function foldViews(db: Database, now: Date): Promise<number> {
  const until = new Date(now.getTime() - FOLD_LAG_MS);
  const day = dayOf(until);
  const rolled = await db.execute(sql`
    select 1 from analytics_daily where dimension = 'total' and value = '' and day = ${day}::date`);
  if (rowsOf(rolled).length > 0) return 0;
  let steps = 0;
  for (const dimension of DIMENSIONS) {
    while (await foldStep(db, day, dimension, until)) {
      steps++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return steps;
}

/** One step of a day's dimension: its views from the mark to a step later (or `until`); false when the mark was there already. */
async function foldStep(db: Database, day: string, dimension: Dimension, until: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The mark's row, locked: two folds of the same dimension never add the same views.
    await tx.execute(sql`
      insert into analytics_folded_until (day, dimension, until) values (${day}::date, ${dimension}, ${startOf(day)})
      on conflict do nothing`);
    const [mark] = rowsOf<{ ms: number }>(
      await tx.execute(sql`
        select (extract(epoch from until) * 1000)::float8 as ms from analytics_folded_until
        where day = ${day}::date and dimension = ${dimension} for update`),
    );
    const from = new Date(Number(mark!.ms));
    if (from >= until) return false;
    const to = new Date(Math.min(from.getTime() + FOLD_STEP_MS, until.getTime()));
    await tx.execute(sql`
      insert into analytics_folded (day, dimension, value, visitors, page_views)
      select day, ${dimension}, value, visitors, page_views from (${viewsBetween(dimension, day, from, to)}) f
      on conflict (dimension, day, value) do update
        set visitors = analytics_folded.visitors + excluded.visitors,
            page_views = analytics_folded.page_views + excluded.page_views`);
    if (dimension === 'total') await foldHours(tx, day, from, to);
    await tx.execute(sql`
      update analytics_folded_until set until = ${to.toISOString()}::timestamptz
      where day = ${day}::date and dimension = ${dimension}`);
    return true;
  });
}

/**
 * The hours of the total's step, under the total's mark (the chart of a day reads them beside it).
 * A day whose total was folded in before its hours were (by an older build) has no hour rows though
 * views lie before the mark: its hours are folded from its start in this step, once; until then the
 * chart counts that day from its raw views (chart.ts).
 */
async function foldHours(tx: Pick<Database, 'execute'>, day: string, from: Date, to: Date) {
  const started = rowsOf(
    await tx.execute(sql`
      select 1 from analytics_folded where dimension = 'hour' and day = ${day}::date limit 1`),
  );
  const hoursFrom = started.length > 0 ? from : new Date(`${day}T00:00:00.000Z`);
  await tx.execute(sql`
    insert into analytics_folded (day, dimension, value, visitors, page_views)
    select day, 'hour', value, visitors, page_views from (${viewsBetween('hour', day, hoursFrom, to)}) f
    on conflict (dimension, day, value) do update
      set visitors = analytics_folded.visitors + excluded.visitors,
          page_views = analytics_folded.page_views + excluded.page_views`);
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
      await foldViews(deps.db, now);
      const hours = await rollUpPastHours(deps.db, now);
      if (days.length || pruned.views || pruned.daily || regrouped || hours.length)
        log.info({ days, ...pruned, regrouped, hours }, 'analytics rolled up and pruned');
    },
  };
}
