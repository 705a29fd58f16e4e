// `npm run bench`: load figures for the built server on the embedded database and on PostgreSQL.
// Each endpoint is driven by autocannon from a second process on 127.0.0.1 (50 connections), and
// compared with a bare Fastify route that returns the same bytes from memory in the same run, so
// the ratios mean something on a noisy machine: each read is measured twice, alternately with the
// bare route (bare, ours, bare, ours), and the table gives the mean req/s of the two and the worse
// p50 and p99 (one of each, minutes apart, gave the smallest reads 41-72% of a baseline that itself
// moved between 50,000 and 76,000 req/s on this virtual machine). Then: the writes again without PGlite's flush (its
// cost), a growth run (the same reads at 10 and at 10,000 posts and enquiries), and the server's resident memory.
// First, for each database, from a new data folder: the first start and --memory-seconds (default 120; 0 leaves
// it out) of mixed load, its resident memory sampled all along (scripts/bench-memory.ts).
// Options: --duration=SECONDS (default 5), --connections=N (default 50), --no-build, --only=pglite|postgres,
// --writes (the POSTs alone: no reads, baseline, flush-off or growth run; the quick figure for write work),
// --no-analytics (leaves out scripts/bench-analytics.ts: beacons at 5,000/s, reads with counting on and off,
// the dashboard at 10 million page views).
// --no-newsletter (leaves out the newsletter send of scripts/bench-newsletter.ts).
// --reads-only (the throughput table against the bare baseline, and the mixed run; no flush-off, growth,
// analytics or newsletter run: the quick figure for read work).
// --search-only (just the blog search of scripts/bench-search.ts, at 10,000 and 100,000 posts on each database: the
// quick figure for search work; it takes that script's options, --search-before=COMMIT among them). The full run ends
// with the same unless --no-search.
// --strangers (scripts/bench-strangers.ts: the visitors' mixed load alone and beside 10% unknown addresses and
// old numbers and 5% distinct searches; it takes that script's options too).
// --search-flood (scripts/bench-search-flood.ts: cached GET / alone and beside 8 connections of distinct misspelt
// searches from one address; it takes that script's options too).
// --newsletter-only (scripts/bench-newsletter.ts alone: a send to 10,000 beside reads, on each database).
// --beacons-only (scripts/bench-analytics.ts parts 1 and 2 alone: beacons at 5,000/s from 250 connections, the
// server's CPU a beacon against a request it does not count, and reads beside beacons counted and sent to a sink).
// --dashboard-today (scripts/bench-analytics.ts part 4 alone: every dashboard read and CSV for each period with
// 100,000 views today, one at a time, on each database; --before=FOLDER measures the build in that checkout's dist/
// first on the same data, --dashboard-rounds=N sets the rounds, 12 unless given, --dashboard-reads=PREFIX keeps the
// reads whose names start so ("today: overview"), --alternations=N runs before and after in N turns).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresServer, type PostgresServer } from '../tests/helpers/postgres-server';
import { freePort, waitUntilUp } from '../tests/helpers/net';
import { CONTACT_TYPES } from '../src/shared/contact';
import { BLOG_LIMIT_MAX } from '../src/shared/blog.schema';
import { describeMemoryRun, measureMemory } from './bench-memory';
import {
  memoryOf,
  RESERVATION,
  SHIPPED_LOG_LEVEL,
  startShippedServer,
  type AutocannonReport,
} from './bench-common';
import { ANALYTICS_TABLE_HEADER, benchAnalytics, runDashboardToday } from './bench-analytics';
import { describeNewsletterBench, runNewsletterBench } from './bench-newsletter';
import { runSearchBench, searchBenchOptions } from './bench-search';

/** Every enquiry type, as a SQL array literal for the generated inbox. */
const CONTACT_TYPES_SQL = `{${CONTACT_TYPES.join(',')}}`;

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const duration = Number(args.get('duration') ?? 5);
const connections = Number(args.get('connections') ?? 50);
const writesOnly = args.has('writes');
const searchOnly = args.has('search-only');
/** The throughput table (and the mixed run unless --memory-seconds=0) alone: the quick figure for read work. */
const readsOnly = args.has('reads-only');
/** The sustained run of bench-memory.ts: seconds of mixed load from a new data folder. */
const memorySeconds = Number(args.get('memory-seconds') ?? 120);
const MEMORY_CONNECTIONS = 20;

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Extra request headers; `[<id>]` in a value becomes a new id on every request. */
  headers?: Record<string, string>;
  /** Concurrent connections when not the run's (the inbox reads: one, for the time a single request takes). */
  connections?: number;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/blog', method: 'GET', path: '/api/blog' },
  { name: 'GET /api/advertising-services', method: 'GET', path: '/api/advertising-services' },
  { name: 'GET / (rendered page)', method: 'GET', path: '/' },
  { name: 'GET /blog (rendered page)', method: 'GET', path: '/blog' },
  { name: 'GET /sitemap.xml', method: 'GET', path: '/sitemap.xml' },
  {
    name: 'POST /api/contact',
    method: 'POST',
    path: '/api/contact',
    // A workshop reservation: the same write as an enquiry, without the single-use math question
    // an enquiry needs (GET /api/contact/challenge), which a fixed body cannot carry.
    body: RESERVATION,
  },
  {
    // The same with a new Idempotency-Key on every request: the key, the enquiry, its
    // e-mail and the kept answer in one transaction.
    name: 'POST /api/contact + Idempotency-Key',
    method: 'POST',
    path: '/api/contact',
    body: RESERVATION,
    headers: { 'idempotency-key': 'bench-[<id>]' },
  },
];

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Bytes per answer (headers and body). */
  bytes: number;
}

/** Rounds of each read against the bare baseline, alternating with it. */
const READ_ROUNDS = 2;

/** Runs of one endpoint as one row: the mean req/s, the worse latencies, all the errors. */
function combined(runs: Result[]): Result {
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    bytes: runs[0]!.bytes,
  };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  if (!(await waitUntilUp(url, 60_000, () => child.exitCode === null)))
    throw new Error(`${url} did not come up`);
}

function autocannon(url: string, endpoint: Endpoint, seconds = duration): Result {
  const headers: Record<string, string> = {
    ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
    ...endpoint.headers,
  };
  const options = {
    url,
    connections: endpoint.connections ?? connections,
    duration: seconds,
    method: endpoint.method,
    headers,
    body: endpoint.body,
    // `[<id>]` in a header becomes a new id on every request.
    idReplacement: Object.values(endpoint.headers ?? {}).some((v) => v.includes('[<id>]')),
  };
  const run = spawnSync(process.execPath, ['scripts/bench-autocannon.mjs', JSON.stringify(options)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as AutocannonReport;
  return {
    rps: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    errors: report.errors + report.timeouts,
    non2xx: report.non2xx,
    bytes: report.requests.total > 0 ? Math.round(report.throughput.total / report.requests.total) : 0,
  };
}

const ADMIN = { email: 'bench@example.co.uk', password: 'Heron-Willow-Tinder-78' };

async function startApp(env: Record<string, string>) {
  return startShippedServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: 'Bench Admin',
    ...env,
  });
}

async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { authToken: string }).authToken;
}

const POST_BODY = (n: string) =>
  JSON.stringify({
    title: `Bench post ${n}`,
    content: `<p>${'A paragraph of local news from Hertfordshire. '.repeat(160)}</p>`,
    excerpt: 'Bench',
    category: 'Bench',
    published: false,
  });

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The reads of the growth run, the same with 10 and with 10,000 posts. */
const GROWTH_READS = (token: string): Endpoint[] => [
  { name: '/blog', method: 'GET', path: '/blog' },
  { name: '/blog?page=400', method: 'GET', path: '/blog?page=400' },
  { name: 'GET /api/blog', method: 'GET', path: '/api/blog' },
  { name: 'GET /api/blog?page=400', method: 'GET', path: '/api/blog?page=400' },
  // A search that finds one post at either size ('Post 7 about ...'), so the answer is the same size.
  {
    name: 'GET /api/admin/blogs?q=Post 7 about',
    method: 'GET',
    path: '/api/admin/blogs?q=Post%207%20about',
    headers: { authorization: `Bearer ${token}` },
  },
  { name: 'GET /api/podcasts?page=2', method: 'GET', path: '/api/podcasts?page=2' },
  // The admin's inbox, one request at a time: how long a page takes an admin (measured here, not in
  // an API test, which asserts what a user sees).
  ...[
    ['first page', 'page=1&pageSize=25'],
    ['a deep page', 'page=350&pageSize=25'],
    ['type and status', 'page=1&pageSize=25&status=new&type=advertising'],
    ['a search', 'page=1&pageSize=25&q=sender%204242'],
  ].map(([what, query]): Endpoint => ({
    name: `GET /api/admin/enquiries, ${what}`,
    method: 'GET',
    path: `/api/admin/enquiries?${query}`,
    headers: { authorization: `Bearer ${token}` },
    connections: 1,
  })),
];

/**
 * Replaces the posts, episodes and enquiries with `posts` published posts of about 8 KB and as many
 * enquiries of every type and status, and `episodes` episodes.
 */
async function fillDatabase(
  target: { dataDir?: string; databaseUrl?: string },
  posts: number,
  episodes: number,
): Promise<void> {
  const { openDatabase } = await import('../src/server/platform/db/client');
  const { sql } = await import('drizzle-orm');
  const db = await openDatabase(
    target.databaseUrl
      ? { databaseUrl: target.databaseUrl }
      : { dataDir: path.join(target.dataDir!, 'pglite') },
  );
  try {
    await db.db.execute(sql`delete from blog_posts`);
    await db.db.execute(sql`delete from podcast_episodes`);
    await db.db.execute(sql`
      insert into blog_posts (title, excerpt, content, category, published_at, created_at, updated_at,
                              slug, status, content_text, tags_text)
      select title, excerpt, '<p>' || body || '</p>', category, at, at, now(), 'post-' || i, 'published', body, category
      from (
        select i, 'Post ' || i || ' about ' || topic || ' in ' || town as title,
               'What happened in ' || town || ', part ' || i as excerpt,
               repeat('Local news from ' || town || ' about ' || topic || ', paragraph ' || i || '. ', 140) as body,
               'Category ' || (i % 40) as category, now() - (i || ' minutes')::interval as at
        from (
          select i, (array['walks','markets','schools','parking','festivals'])[1 + i % 5] as topic,
                 (array['Hitchin','Stevenage','Harpenden','Letchworth','Baldock','Royston','Hertford',
                        'Watford','Berkhamsted','Tring'])[1 + (i / 5) % 10] as town
          from generate_series(1, ${posts}) as i
        ) named
      ) made`);
    // The words search corrects misspellings towards, as a save adds them (src/server/domains/blog).
    await db.db.execute(sql`
      insert into blog_search_words (word, posts)
      select word, ndoc from ts_stat('select to_tsvector(''simple'', title || '' '' || excerpt || '' '' || content_text) from blog_posts')
      on conflict (word) do update set posts = excluded.posts`);
    await db.db.execute(sql`
      insert into podcast_episodes (guid, title, description, episode_number, audio_url, published_at)
      select 'bench-' || i, 'Episode ' || i, 'A conversation about ' || i || ' things.', i, 'https://media.example/ep' || i || '.mp3',
             now() - (i || ' days')::interval
      from generate_series(1, ${episodes}) as i`);
    await db.db.execute(sql`delete from contact_messages`);
    await db.db.execute(sql`
      insert into contact_messages (name, email, subject, message, type, status, created_at, updated_at)
      select 'Sender ' || i, 'sender' || i || '@example.co.uk', 'Enquiry number ' || i,
             'Message ' || i || ': ' || repeat('about local advertising in Hertfordshire. ', 6),
             (${CONTACT_TYPES_SQL}::text[])[1 + i % ${CONTACT_TYPES.length}], (array['new','replied','archived'])[1 + i % 3],
             now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
      from generate_series(1, ${posts}) as i`);
    await db.db.execute(sql`analyze blog_posts`);
    await db.db.execute(sql`analyze contact_messages`);
    await db.db.execute(sql`analyze podcast_episodes`);
  } finally {
    await db.close();
  }
}

/**
 * The growth run's load: fewer connections than the throughput table, so p50/p99 show what one
 * request costs at each size rather than how long it queued behind 49 others.
 */
const GROWTH_CONNECTIONS = 10;

/** Reads /blog/:id and /api/blog/:id of every post once, 16 at a time; returns how many answered 200. */
async function visitEveryPost(url: string): Promise<number> {
  // The ids, from the API's own pages (the generated posts' ids need not be contiguous or in date order).
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/api/blog?page=${page}&limit=${BLOG_LIMIT_MAX}`);
    const posts = (await res.json()) as Array<{ id: number }>;
    if (!res.ok || posts.length === 0) break;
    ids.push(...posts.map((p) => p.id));
  }
  let ok = 0;
  const worker = async () => {
    for (let id = ids.pop(); id !== undefined; id = ids.pop()) {
      for (const path of [`/blog/${id}`, `/api/blog/${id}`]) {
        const answer = await fetch(url + path);
        await answer.arrayBuffer();
        if (answer.ok) ok++;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return ok;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** Parts 1 and 2 of scripts/bench-analytics.ts on one database, from a new data folder. */
async function beaconsAlone(database: 'pglite' | 'postgres'): Promise<string[][]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-bench-beacons-'));
  const pg = database === 'postgres' ? await createPostgresServer() : undefined;
  try {
    const env = { DATA_DIR: path.join(work, database), ...(pg ? { DATABASE_URL: pg.url } : {}) };
    return await benchAnalytics(database, env, duration, { dashboard: false });
  } finally {
    pg?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (args.get('build') !== 'false' && !args.has('no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (args.has('search-flood')) {
    await import('./bench-search-flood');
    return;
  }
  if (args.has('strangers')) {
    await import('./bench-strangers');
    return;
  }
  if (args.has('dashboard-today')) {
    await runDashboardToday(args);
    return;
  }

  const databases: Array<'pglite' | 'postgres'> = args.has('only')
    ? [args.get('only') as 'pglite' | 'postgres']
    : ['pglite', 'postgres'];
  if (searchOnly) {
    await runSearchBench(searchBenchOptions(args, databases));
    return;
  }
  if (args.has('newsletter-only')) {
    console.log(describeNewsletterBench(await runNewsletterBench({ databases })));
    return;
  }
  if (args.has('beacons-only')) {
    const beaconRows: string[][] = [];
    for (const database of databases) beaconRows.push(...(await beaconsAlone(database)));
    console.log(table(ANALYTICS_TABLE_HEADER, beaconRows));
    return;
  }
  const rows: string[][] = [];
  const memoryRows: string[][] = [];
  const growthRows: string[][] = [];
  const analyticsRows: string[][] = [];
  const memoryRuns: string[] = [];
  const printMemoryRuns = () => {
    if (!memoryRuns.length) return;
    console.log(
      '\nMemory from a new data folder through the first start and a sustained mixed load (scripts/bench-memory.ts; MB)\n',
    );
    console.log(memoryRuns.join('\n'));
  };
  let pg: PostgresServer | undefined;
  let baseline: { url: string; child: ChildProcess } | undefined;
  const baselineResults = new Map<string, Result>();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-bench-'));

  try {
    for (const database of databases) {
      const dataDir = path.join(work, database);
      let env: Record<string, string> = { DATA_DIR: dataDir };
      if (database === 'postgres') {
        pg = await createPostgresServer();
        env = { ...env, DATABASE_URL: pg.url };
      }
      if (!writesOnly && memorySeconds > 0) {
        const run = await measureMemory({
          seconds: memorySeconds,
          connections: MEMORY_CONNECTIONS,
          env: env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {},
        });
        memoryRuns.push(describeMemoryRun(database, run, memorySeconds, MEMORY_CONNECTIONS));
      }
      let app = await startApp(env);
      await new Promise((r) => setTimeout(r, 2000));
      const firstStart = memoryOf(app.child.pid);
      const token = await adminToken(app.url);
      const writes: Endpoint[] = [
        {
          name: 'POST /api/admin/blogs',
          method: 'POST',
          path: '/api/admin/blogs',
          body: POST_BODY('load'),
          headers: { authorization: `Bearer ${token}` },
        },
      ];

      // The baseline: a bare Fastify route returning the same bytes from memory, measured once.
      if (!baseline && !writesOnly) {
        const fixtures = [];
        for (const e of ENDPOINTS) {
          const res = await fetch(app.url + e.path, {
            method: e.method,
            body: e.body,
            headers: {
              ...(e.body ? { 'content-type': 'application/json' } : {}),
              ...Object.fromEntries(
                Object.entries(e.headers ?? {}).map(([k, v]) => [k, v.replace('[<id>]', 'fixture')]),
              ),
            },
          });
          fixtures.push({
            path: e.path,
            method: e.method,
            status: res.status,
            contentType: res.headers.get('content-type') ?? 'application/octet-stream',
            body: Buffer.from(await res.arrayBuffer()).toString('base64'),
          });
        }
        const file = path.join(work, 'baseline.json');
        fs.writeFileSync(file, JSON.stringify(fixtures));
        const port = await freePort();
        const child = spawn(process.execPath, ['scripts/bench-baseline.mjs', file, String(port)], {
          stdio: 'inherit',
        });
        baseline = { url: `http://127.0.0.1:${port}`, child };
        await waitFor(`${baseline.url}/ready`, child);
        // The writes' baseline once, here; the reads' alternately with ours, below.
        for (const e of ENDPOINTS.filter((e) => e.method !== 'GET'))
          baselineResults.set(e.name, autocannon(baseline.url + e.path, e));
      }

      const measured = writesOnly ? ENDPOINTS.filter((e) => e.method === 'POST') : ENDPOINTS;
      for (const e of [...measured, ...writes]) {
        const bare = baseline && e.method === 'GET' ? baseline : undefined;
        const ours: Result[] = [];
        const bares: Result[] = [];
        for (let round = 0; round < (bare ? READ_ROUNDS : 1); round++) {
          if (bare) bares.push(autocannon(bare.url + e.path, e));
          ours.push(autocannon(app.url + e.path, e));
        }
        const r = combined(ours);
        const b = bare ? combined(bares) : baselineResults.get(e.name);
        rows.push([
          e.name,
          database,
          r.rps.toFixed(0),
          `${r.p50} ms`,
          `${r.p99} ms`,
          String(r.errors + r.non2xx),
          b ? `${b.rps.toFixed(0)}` : '-',
          b ? `${((r.rps / b.rps) * 100).toFixed(0)}%` : '-',
        ]);
      }
      const underLoad = memoryOf(app.child.pid);
      await app.stop();
      if (writesOnly || readsOnly) {
        pg?.destroy();
        pg = undefined;
        continue;
      }

      // The same writes without the flush (PGlite's own behaviour before writes were flushed), for its cost.
      if (database === 'pglite') {
        const unflushed = await startApp({ ...env, PGLITE_FSYNC: 'off' });
        const unflushedToken = await adminToken(unflushed.url);
        for (const e of [
          ENDPOINTS.find((e) => e.method === 'POST')!,
          { ...writes[0]!, headers: { authorization: `Bearer ${unflushedToken}` } },
        ]) {
          const r = autocannon(unflushed.url + e.path, e);
          rows.push([
            e.name,
            'pglite, flush off',
            r.rps.toFixed(0),
            `${r.p50} ms`,
            `${r.p99} ms`,
            String(r.errors + r.non2xx),
            '-',
            '-',
          ]);
        }
        await unflushed.stop();
      }

      // Restarted on the same data: idle memory; then the growth run, 10 and 10,000 posts.
      app = await startApp(env);
      await new Promise((r) => setTimeout(r, 2000));
      const restarted = memoryOf(app.child.pid);
      await app.stop();
      const growth = new Map<string, Result[]>();
      for (const [posts, episodes] of [
        [10, 10],
        [10_000, 1_000],
      ] as const) {
        await fillDatabase({ dataDir, databaseUrl: env.DATABASE_URL }, posts, episodes);
        app = await startApp(env);
        const growthToken = await adminToken(app.url);
        for (const e of GROWTH_READS(growthToken)) {
          const r = autocannon(
            app.url + e.path,
            { ...e, connections: e.connections ?? GROWTH_CONNECTIONS },
            duration,
          );
          growth.set(e.name, [...(growth.get(e.name) ?? []), r]);
        }
        if (posts === 10_000) {
          const atScale = memoryOf(app.child.pid);
          // Every post read once, as page and as JSON: no cache may grow with them.
          const visited = await visitEveryPost(app.url);
          const afterVisits = memoryOf(app.child.pid);
          memoryRows.push([
            database,
            `${firstStart.rss} MB`,
            `${restarted.rss} MB`,
            `${Math.max(underLoad.peak, restarted.peak)} MB`,
            `${atScale.rss} MB (peak ${atScale.peak} MB)`,
            `${afterVisits.rss} MB (peak ${afterVisits.peak} MB, ${visited} reads)`,
          ]);
        }
        await app.stop();
      }
      for (const [name, [small, large]] of growth) {
        growthRows.push([
          name,
          database,
          `${small!.p50}/${small!.p99} ms, ${small!.bytes} B${small!.non2xx ? ' (404)' : ''}`,
          `${large!.p50}/${large!.p99} ms, ${large!.bytes} B`,
          `${(large!.p99 / Math.max(small!.p99, 1)).toFixed(2)}x`,
        ]);
      }
      if (!args.has('no-analytics'))
        analyticsRows.push(
          ...(await benchAnalytics(database, { ...env, DATA_DIR: `${dataDir}-analytics` }, duration)),
        );
      pg?.destroy();
      pg = undefined;
    }
  } finally {
    if (baseline) await stop(baseline.child);
    pg?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }

  console.log(
    `\n${connections} connections, ${duration} s per endpoint, Node ${process.version}, ${os.cpus().length} CPUs, LOG_LEVEL=${SHIPPED_LOG_LEVEL} (as npm start)\n`,
  );
  console.log(
    table(['endpoint', 'database', 'req/s', 'p50', 'p99', 'errors', 'baseline req/s', 'of baseline'], rows),
  );
  if (writesOnly || readsOnly) {
    printMemoryRuns();
    return;
  }
  console.log(
    `\nGrowth: the same reads with 10 posts, enquiries and episodes, then 10,000 posts (about 8 KB each) and enquiries and 1,000 episodes (${GROWTH_CONNECTIONS} connections, the inbox one request at a time; p50/p99, bytes per answer)\n`,
  );
  console.log(table(['read', 'database', 'at 10', 'at 10,000', 'p99 ratio'], growthRows));
  console.log('\nMemory of the server process (resident, from /proc)\n');
  console.log(
    table(
      [
        'database',
        'idle after a first start',
        'idle after a restart',
        'peak under the load above',
        'at 10,000 posts after the growth reads',
        'after reading every post',
      ],
      memoryRows,
    ),
  );
  if (analyticsRows.length) {
    console.log(
      '\nAnalytics (scripts/bench-analytics.ts): beacons, reads with counting on and off, the dashboard at 10M page views\n',
    );
    console.log(table(ANALYTICS_TABLE_HEADER, analyticsRows));
  }
  printMemoryRuns();
  // A newsletter send to 10,000 (scripts/bench-newsletter.ts): its time at the configured pace, the
  // server's memory, and the public reads without and during it. --no-newsletter leaves it out.
  if (!args.has('no-newsletter')) {
    const newsletter = await runNewsletterBench({ databases });
    console.log(
      '\nNewsletter send to 10,000 under read load (GET /api/blog, 20 connections, A/B back to back)\n',
    );
    console.log(describeNewsletterBench(newsletter));
  }
  if (!args.has('no-search')) {
    console.log(
      '\nSearch (scripts/bench-search.ts): GET /api/blog/search one request at a time, the response cache missed',
    );
    await runSearchBench(searchBenchOptions(args, databases));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
