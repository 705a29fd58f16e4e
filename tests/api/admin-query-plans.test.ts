// Issue 47.4: an admin list read by cursor costs what its first page costs. The subscribers list's
// own statement (as the service builds it) is run with EXPLAIN ANALYZE at 10,000 subscribers: page
// 500 after a cursor reads about a page of index rows, as page 1 does, where page 500 by its offset
// reads every row before it. Runs on PGlite and, in CI's second pass, on PostgreSQL. SHOW_PLANS=1
// prints what each read.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/platform/db/client';
import { subscriberListQueries } from '../../src/server/domains/newsletter';
import { openTestDatabase } from '../helpers/app';
import { scaled } from '../helpers/timeouts';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
const SUBSCRIBERS = 10_000;
const PAGE_SIZE = 20;

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  // Two at a time share their sign-up time; one in three confirmed.
  await handle.db.execute(sql`
    insert into newsletter_subscriptions (email, newsletter, confirmed_at, created_at)
    select 'reader' || i || '@example.co.uk', 'general',
           case when i % 3 = 0 then now() end, now() - ((i / 2) || ' seconds')::interval
    from generate_series(1, ${SUBSCRIBERS}) as i`);
  await handle.db.execute(sql`analyze newsletter_subscriptions`);
}, scaled(120_000));

afterAll(async () => {
  await drop?.();
});

type Filter = Parameters<typeof subscriberListQueries.page>[1];

interface ScanRead {
  node: string;
  rows: number;
  removed: number;
}

/** What each scan of the statement's plan read when it ran: its rows, and those its filter dropped. */
async function scansRead(filter: Filter): Promise<ScanRead[]> {
  const { sql: text, params } = subscriberListQueries.page(handle.db, filter).toSQL();
  // The statement with its parameters bound again in order ($1, $2... as drizzle placeholders).
  const statement = sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
  );
  const result = (await handle.db.execute(sql`explain (analyze, format json) ${statement}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(result.rows[0]!)[0];
  type Node = Record<string, unknown> & { Plans?: Node[] };
  const plan = ((typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: Node }>)[0]!.Plan;
  const all = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(all)];
  return all(plan)
    .filter((n) => /Scan/.test(String(n['Node Type'])))
    .map((n) => ({
      node: `${String(n['Node Type'])}${n['Index Name'] ? ` using ${String(n['Index Name'])}` : ''}`,
      rows: Number(n['Actual Rows'] ?? 0),
      removed: Number(n['Rows Removed by Filter'] ?? 0),
    }));
}

/** The cursors around a page, as the list would answer them (read by its offset). */
async function cursorsOf(filter: Filter): Promise<{ after: string; before: string }> {
  const rows = await subscriberListQueries.page(handle.db, filter);
  const key = (row: { cursorKey: string } | undefined) => Buffer.from(row!.cursorKey).toString('base64url');
  return { before: key(rows[0]), after: key(rows[filter.pageSize - 1]) };
}

function expectAboutAPage(name: string, read: ScanRead[]): void {
  if (process.env.SHOW_PLANS) console.log(`${name}: ${JSON.stringify(read)}`);
  expect(
    read.map((r) => r.node),
    name,
  ).toEqual(['Index Scan using newsletter_subscriptions_created_id_idx']);
  // One row more than the page, to know whether another follows; a filter drops a few more.
  expect(read[0]!.rows + read[0]!.removed, JSON.stringify(read)).toBeLessThanOrEqual(4 * (PAGE_SIZE + 1));
}

describe('a deep admin page by cursor reads what page 1 reads (issue 47.4)', () => {
  it('page 1 reads a page of the index', async () => {
    expectAboutAPage('page 1', await scansRead({ page: 1, pageSize: PAGE_SIZE }));
  });

  it('page 500 after the cursor of page 499 reads a page of the index, not 10,000 rows', async () => {
    const { after } = await cursorsOf({ page: 499, pageSize: PAGE_SIZE });
    expectAboutAPage('page 500 by cursor', await scansRead({ page: 500, pageSize: PAGE_SIZE, after }));
  });

  it('page 499 before the cursor of page 500 too', async () => {
    const { before } = await cursorsOf({ page: 500, pageSize: PAGE_SIZE });
    expectAboutAPage(
      'page 499 by cursor, backwards',
      await scansRead({ page: 499, pageSize: PAGE_SIZE, before }),
    );
  });

  it('the confirmed subscribers, deep, by cursor', async () => {
    const confirmed = { pageSize: PAGE_SIZE, status: 'confirmed' as const };
    const { after } = await cursorsOf({ ...confirmed, page: 150 });
    expectAboutAPage('confirmed, page 151 by cursor', await scansRead({ ...confirmed, page: 151, after }));
  });

  it('whereas page 500 by its offset reads every row before it (what a cursor saves)', async () => {
    const read = await scansRead({ page: 500, pageSize: PAGE_SIZE });
    if (process.env.SHOW_PLANS) console.log(`page 500 by offset: ${JSON.stringify(read)}`);
    expect(read[0]!.rows).toBeGreaterThan(SUBSCRIBERS - 2 * PAGE_SIZE);
  });
});
