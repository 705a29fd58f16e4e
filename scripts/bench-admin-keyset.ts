// An admin list's deep page by cursor against by offset (issue 47.4): 10,000 newsletter subscribers
// on an in-memory PGlite (as the embedded default runs), the subscribers list read in this process
// through its service, as GET /api/admin/subscribers reads it: page 1, page 500 after page 499's
// cursor, and page 500 by its offset, asked in turn round after round so each sees the same machine.
// Prints p50/p95 of each, whole (the rows and the total) and of the rows' statement alone (the total
// is the same count for every page). Run: npx tsx scripts/bench-admin-keyset.ts [--rounds=200]
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/platform/db/client';
import { listSubscribers, subscriberListQueries } from '../src/server/domains/newsletter/subscribers';

const SUBSCRIBERS = 10_000;
const PAGE_SIZE = 20;
const rounds = Number(/^--rounds=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const handle = await openDatabase({});
  const { db } = handle;
  await db.execute(sql`
    insert into newsletter_subscriptions (email, newsletter, confirmed_at, created_at)
    select 'reader' || i || '@example.co.uk', 'general',
           case when i % 3 = 0 then now() end, now() - ((i / 2) || ' seconds')::interval
    from generate_series(1, ${SUBSCRIBERS}) as i`);
  await db.execute(sql`analyze newsletter_subscriptions`);
  const page499 = await listSubscribers({ db }, { page: 499, pageSize: PAGE_SIZE });
  const after = page499.nextCursor!;

  const cases = {
    'page 1': { page: 1, pageSize: PAGE_SIZE },
    'page 500 by cursor': { page: 500, pageSize: PAGE_SIZE, after },
    'page 500 by offset': { page: 500, pageSize: PAGE_SIZE },
  };
  // The same rows either way.
  const byCursor = await listSubscribers({ db }, cases['page 500 by cursor']);
  const byOffset = await listSubscribers({ db }, cases['page 500 by offset']);
  if (JSON.stringify(byCursor.items) !== JSON.stringify(byOffset.items)) throw new Error('page 500 differs');

  const whole: Record<string, number[]> = {};
  const rows: Record<string, number[]> = {};
  for (let round = 0; round <= rounds; round++) {
    for (const [name, filter] of Object.entries(cases)) {
      let start = performance.now();
      await listSubscribers({ db }, filter);
      const wholeMs = performance.now() - start;
      start = performance.now();
      await subscriberListQueries.page(db, filter);
      const rowsMs = performance.now() - start;
      if (round === 0) continue; // a warm-up
      (whole[name] ??= []).push(wholeMs);
      (rows[name] ??= []).push(rowsMs);
    }
  }
  console.log(`${SUBSCRIBERS} subscribers, pages of ${PAGE_SIZE}, ${rounds} rounds, PGlite in memory`);
  console.log('| read | whole answer p50 | p95 | rows statement p50 | p95 |');
  console.log('|---|---|---|---|---|');
  for (const name of Object.keys(cases)) {
    const w = whole[name]!.sort((a, b) => a - b);
    const r = rows[name]!.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(2)} ms`;
    console.log(
      `| ${name} | ${ms(percentile(w, 50))} | ${ms(percentile(w, 95))} | ${ms(percentile(r, 50))} | ${ms(percentile(r, 95))} |`,
    );
  }
  await handle.close();
}

await main();
