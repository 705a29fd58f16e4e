// The analytics part of `npm run bench` (docs/decisions/0016-analytics-without-cookies.md):
// 1. page-view beacons at 5,000 per second against the built server (errors, p99, and whether
//    every counted view was written): sent evenly by scripts/bench-steady.mjs, and by autocannon's
//    overallRate (bursts at the start of each second; its figure is kept beside for comparison);
// 2. public reads with counting on (a stream of beacons beside them, one per page read at the
//    reads' own pace would be more than a site sees; 500/s here, or the rates given) against the
//    same reads alone, in 2 s turns within one run of the reads; and, as a control, the same with
//    the beacons sent to a sink instead (what the sender's share of the machine costs by itself);
// 3. the owner's dashboard over 12 months of 10 million page views (roll-ups and 30 days of raw
//    views generated in SQL), one request at a time;
// 4. the dashboard with 100,000 views today (issue 47.5): every table, the conversions and every CSV
//    for each period, one request at a time in rounds over them all, p50 and p95 of the wall time and
//    the server's CPU a request (its process, and on PostgreSQL the database's processes too), the
//    answers that were not 200 and the server's peak memory; with `--before=FOLDER`, first the same
//    for the build in that checkout's dist/ on the same data (this checkout's migrations applied: an
//    older build finds nothing to migrate and reads only the tables it knows).
// Run alone: `npx tsx scripts/bench-analytics.ts [--only=pglite|postgres] [--duration=5] [--no-dashboard]
// [--beacon-rates=100,250,500] [--reads-only] [--read=/api/blog] [--cpu-only]` after `npm run build`:
// the rates of beacons beside the reads (500/s unless given), the reads part alone, for one path, and
// the server's CPU a request alone (about 35 s). `--dashboard-today [--before=FOLDER]
// [--dashboard-rounds=12] [--dashboard-reads=today: overview] [--alternations=1]` runs part 4 alone
// (`npm run bench -- --dashboard-today ...` builds first): the reads whose names start so only, and
// the before and after builds in turns, each figure over all the turns (the machine's drift falls on both).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresServer } from '../tests/helpers/postgres-server';
import { cpuSeconds, memoryOf, startShippedServer, type AutocannonReport } from './bench-common';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ADMIN = { email: 'bench-analytics@example.co.uk', password: 'Heron-Willow-Tinder-78' };

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** The answers 202 (the beacon's "taken"): what the dashboard must count. */
  accepted: number;
}

/** Runs a load script of ours in its own process with its options as JSON, and parses what it prints. */
function loadScript<T>(script: string, options: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify(options)]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} failed: ${err}`));
      resolve(JSON.parse(out) as T);
    });
  });
}

async function autocannonAsync(options: Record<string, unknown>): Promise<Run> {
  const r = await loadScript<AutocannonReport & { statusCodeStats?: Record<string, { count: number }> }>(
    'scripts/bench-autocannon.mjs',
    options,
  );
  return {
    accepted: r.statusCodeStats?.['202']?.count ?? 0,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** Issue 47.6's senders: 250 connections, 20 beacons a second each at 5,000/s, a new visitor on every beacon. */
const BEACON_CONNECTIONS = 250;

/** Beacons at `rate` a second, sent evenly from BEACON_CONNECTIONS connections (scripts/bench-steady.mjs). */
async function steadyBeacons(
  url: string,
  seconds: number,
  rate: number,
  prefetch?: boolean,
): Promise<Run & { p999: number; max: number; statuses: Record<string, number> }> {
  const r = await loadScript<{
    answered: number;
    accepted: number;
    statuses: Record<string, number>;
    errors: number;
    non2xx: number;
    p50: number;
    p99: number;
    p999: number;
    max: number;
  }>('scripts/bench-steady.mjs', {
    port: Number(new URL(url).port),
    rate,
    seconds,
    connections: BEACON_CONNECTIONS,
    prefetch,
  });
  return {
    rps: r.answered / seconds,
    p50: r.p50,
    p99: r.p99,
    p999: r.p999,
    max: r.max,
    errors: r.errors,
    non2xx: r.non2xx,
    total: r.answered,
    accepted: r.accepted,
    statuses: r.statuses,
  };
}

const beaconLoad = (url: string, seconds: number, rate: number, connections = 50) => ({
  url: `${url}/api/analytics/view`,
  method: 'POST',
  connections,
  duration: seconds,
  overallRate: rate,
  // A new visitor on every request (the user agent carries autocannon's id): the writer's worst case.
  headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `${CHROME_UA} bench/[<id>]` },
  idReplacement: true,
  body: JSON.stringify({
    u: '/blog?utm_source=newsletter&utm_medium=email',
    r: 'https://www.google.com/',
    w: 1366,
  }),
});

/** A server that answers every request 202 with no body and does nothing else: beacons sent, none counted. */
async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(202, { 'content-length': '0' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Statuses and their counts, "202 ×9,800, 429 ×12". */
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status} ×${n.toLocaleString('en-GB')}`)
    .join(', ');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** CPU time of a process's main thread (its thread id is its pid) from /proc, in seconds (USER_HZ 100). */
function mainThreadSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The main thread's CPU a request, for POSTs of a beacon's body to `path` at 500 a second sent evenly
 * on 5 connections (each sender sleeps between its requests, as a browser does), over `seconds`.
 */
async function cpuPerRequest(pid: number, port: number, path: string, seconds: number, prefetch?: boolean) {
  const before = mainThreadSeconds(pid);
  const r = await loadScript<{ answered: number; errors: number }>('scripts/bench-steady.mjs', {
    port,
    rate: 500,
    seconds,
    connections: 5,
    path,
    prefetch,
  });
  return { us: ((mainThreadSeconds(pid) - before) * 1e6) / r.answered, errors: r.errors };
}

/**
 * Reads at `readUrl` for `seconds` (autocannon, 50 connections), with `rate` beacons a second sent to
 * `beaconsTo` in every other slice of `slice` seconds, the first slice included. Each slice's first
 * second is left out (the views of the slice before are written in it: the recorder flushes once a
 * second), and so is the first slice. Gives, for each slice with beacons, its reads a second
 * against the mean of the two slices without on either side; and the mean req/s of each kind.
 */
async function alternated(
  readUrl: string,
  beaconsTo: string,
  rate: number,
  seconds: number,
  slice: number,
  prefetch?: boolean,
) {
  const startAt = Date.now() + 1000;
  const [reads, beacons] = await Promise.all([
    loadScript<{ buckets: number[]; errors: number; timeouts: number; non2xx: number }>(
      'scripts/bench-autocannon.mjs',
      { url: readUrl, connections: 50, duration: seconds, startAt, bucketMs: 100 },
    ),
    loadScript<{ answered: number; accepted: number; errors: number; non2xx: number }>(
      'scripts/bench-steady.mjs',
      { port: Number(new URL(beaconsTo).port), rate, seconds, connections: 5, startAt, slice, prefetch },
    ),
  ]);
  // Each slice's answers in 100 ms buckets; all but its first second (10 buckets) count.
  const perSlice = slice * 10;
  const measured = slice - 1;
  const counts: number[] = [];
  for (let i = 0; (i + 1) * perSlice <= reads.buckets.length; i++)
    counts.push(reads.buckets.slice(i * perSlice + 10, (i + 1) * perSlice).reduce((a, b) => a + b, 0));
  const ratios: number[] = [];
  let beside = 0;
  let alone = 0;
  for (let i = 2; i + 1 < counts.length; i += 2) {
    ratios.push(counts[i]! / ((counts[i - 1]! + counts[i + 1]!) / 2));
    beside += counts[i]!;
    alone += (counts[i - 1]! + counts[i + 1]!) / 2;
  }
  return {
    ratios,
    beside: beside / (ratios.length * measured),
    alone: alone / (ratios.length * measured),
    errors: reads.errors + reads.timeouts + reads.non2xx + beacons.errors + beacons.non2xx,
    beacons: beacons.accepted,
  };
}

/**
 * 12 months of 10 million page views: roll-ups for every past day (and their monthly sums), raw views
 * for the last 30 days and today (`today` of them, or a day's share up to now), a few conversions a
 * day, and today folded in as the roll-up job would have left it at its worst, just before its next
 * run (its last a quarter of an hour ago).
 */
async function fillAnalytics(
  target: { dataDir?: string; databaseUrl?: string },
  pageViews: number,
  today?: number,
) {
  const { openDatabase } = await import('../src/server/platform/db/client');
  const { foldViews } = await import('../src/server/domains/analytics');
  const { sql } = await import('drizzle-orm');
  const db = await openDatabase(
    target.databaseUrl
      ? { databaseUrl: target.databaseUrl }
      : { dataDir: path.join(target.dataDir!, 'pglite') },
  );
  const perDay = Math.round(pageViews / 365);
  // Two and a half views a visitor.
  const visitorsPerDay = Math.round(perDay / 2.5);
  // Days are UTC days, whatever the database's time zone.
  const utcToday = sql`(now() at time zone 'UTC')::date`;
  const dayStart = (day: ReturnType<typeof sql>) => sql`(${day}::timestamp at time zone 'UTC')`;
  try {
    for (const table of [
      'analytics_daily',
      'analytics_monthly',
      'analytics_folded',
      'analytics_folded_until',
    ])
      await db.db.execute(sql`delete from ${sql.identifier(table)}`);
    await db.db.execute(sql`delete from analytics_page_views`);
    await db.db.execute(sql`delete from analytics_conversions`);
    // Per day: the total, 200 pages, 30 sources, 10 campaigns, 50 countries, 3 devices, 6 browsers and
    // systems, 100 entry and exit pages,
    // each value's share falling off as 1/rank.
    await db.db.execute(sql`
      insert into analytics_daily (day, dimension, value, visitors, page_views)
      select d::date, 'total', '', ${visitorsPerDay}, ${perDay}
      from generate_series(${utcToday} - 365, ${utcToday} - 1, '1 day') d`);
    for (const [dimension, values] of [
      ['page', 200],
      ['source', 30],
      ['campaign', 10],
      ['country', 50],
      ['device', 3],
      ['browser', 6],
      ['os', 6],
      ['entry', 100],
      ['exit', 100],
    ] as const) {
      await db.db.execute(sql`
        insert into analytics_daily (day, dimension, value, visitors, page_views)
        select d::date, ${dimension}, ${dimension} || '-' || v,
          greatest(1, (${visitorsPerDay} / v / 6))::int, greatest(1, (${perDay} / v / 6))::int
        from generate_series(${utcToday} - 365, ${utcToday} - 1, '1 day') d, generate_series(1, ${values}) v`);
    }
    // The months of those days, as the roll-up job keeps them.
    await db.db.execute(sql`
      insert into analytics_monthly (month, dimension, value, visitors, page_views)
      select date_trunc('month', day)::date, dimension, value, sum(visitors)::int, sum(page_views)::int
      from analytics_daily group by 1, 2, 3`);
    // The raw views of the last 30 days and today (the roll-up's sources; today is read from them),
    // in one transaction without the server's statement timeout (PostgreSQL's pool sets one).
    const views = (
      from: ReturnType<typeof sql>,
      count: ReturnType<typeof sql>,
      span: ReturnType<typeof sql>,
      visitors: ReturnType<typeof sql>,
    ) => sql`
      insert into analytics_page_views (at, day, visitor, path, source, campaign, country, device, browser)
      select ts, (ts at time zone 'UTC')::date,
        (hashtext((ts at time zone 'UTC')::date::text || (i % ${visitors})::text))::bigint,
        '/page-' || (i % 200), case when i % 3 = 0 then 'Google' when i % 3 = 1 then 'Direct' end,
        case when i % 20 = 0 then 'spring' end, (array['GB','US','FR','DE','IE'])[1 + i % 5],
        (array['Desktop','Mobile','Tablet'])[1 + i % 3], (array['Chrome','Safari','Firefox','Edge'])[1 + i % 4]
      from (select i, ${from} + (i::float / ${count}) * ${span} as ts from generate_series(0, ${count} - 1) i) g
      where ts < now()`;
    await db.db.transaction(async (tx) => {
      if (target.databaseUrl) await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(
        views(
          dayStart(sql`(${utcToday} - 30)`),
          sql`${perDay * 30}::int`,
          sql`interval '30 days'`,
          sql`${visitorsPerDay}::int`,
        ),
      );
      const todays =
        today === undefined
          ? sql`(${perDay}::int * extract(epoch from now() - ${dayStart(utcToday)}) / 86400)::int`
          : sql`${today}::int`;
      await tx.execute(
        views(
          dayStart(utcToday),
          todays,
          sql`(now() - ${dayStart(utcToday)})`,
          sql`greatest(1, ${todays} * 2 / 5)`,
        ),
      );
      // 100 conversions a day, a few pages and sources, and some with no visit before them.
      await tx.execute(sql`
        insert into analytics_conversions (at, day, kind, source, path)
        select ts, (ts at time zone 'UTC')::date,
          (array['newsletter_signup','enquiry','workshop_reservation','checkout'])[1 + i % 4],
          case when i % 7 = 0 then 'No visit' when i % 2 = 0 then 'Google' else 'Direct' end,
          case when i % 7 = 0 then 'No visit' else '/page-' || (i % 30) end
        from (select i, ${dayStart(sql`(${utcToday} - 30)`)} + i * interval '864 seconds' as ts
              from generate_series(0, 3099) i) g
        where ts < now()`);
    });
    // The hours of the kept days before today, as their roll-up writes them (chart.ts reads them).
    await db.db.execute(sql`
      insert into analytics_daily (day, dimension, value, visitors, page_views)
      select day, 'hour', to_char(at at time zone 'UTC', 'HH24'), count(distinct visitor)::int, count(*)::int
      from analytics_page_views where day < ${utcToday} group by 1, 3`);
    await foldViews(db.db, new Date(Date.now() - 15 * 60_000));
    for (const table of [
      'analytics_daily',
      'analytics_monthly',
      'analytics_page_views',
      'analytics_conversions',
    ])
      await db.db.execute(sql`analyze ${sql.identifier(table)}`);
  } finally {
    await db.close();
  }
}

async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { authToken: string }).authToken;
}

export async function benchAnalytics(
  database: 'pglite' | 'postgres',
  env: Record<string, string>,
  seconds: number,
  options: {
    /** The dashboard at 10 million page views (it takes minutes to fill). */
    dashboard?: boolean;
    /** Beacons a second beside the reads, a pair of runs (counted, and sent to a sink) each. */
    beaconRates?: number[];
    /** The paths read beside them. */
    reads?: string[];
    /** Only the reads beside beacons: no 5,000/s run, no dashboard. */
    readsOnly?: boolean;
    /** Only the server thread's CPU a request (a beacon, a 404, the bare sink): no loads beside. */
    cpuOnly?: boolean;
  } = {},
): Promise<string[][]> {
  const { beaconRates = [500], reads = ['/api/blog', '/'], cpuOnly = false } = options;
  const readsOnly = options.readsOnly === true || cpuOnly;
  const withDashboard = (options.dashboard ?? true) && !readsOnly;
  const rows: string[][] = [];
  const row = (what: string, r: Run, note = '') =>
    rows.push([
      what,
      database,
      r.rps.toFixed(0),
      `${r.p50} ms`,
      `${r.p99} ms`,
      String(r.errors + r.non2xx),
      note,
    ]);
  const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: 'Bench Admin' };
  let app = await startShippedServer({ ...env, ...adminEnv }, { output: 'keep' });
  try {
    if (!readsOnly) {
      // 1. Beacons at 5,000/s, after 2 s at 500/s: the first counted view loads the country data
      //    (about 19 MB, read at once: a pause of a few hundred ms, once per process), which is not
      //    the steady cost this measures; its own figure is printed beside.
      const warm = await autocannonAsync(beaconLoad(app.url, 2, 500, 5));
      // Then 2 s at the full rate before the measured run: the step from 500 to 5,000 a second
      // optimises the hot code and grows the young generation, a pause of up to 100 ms once per
      // process, not the steady cost (its figure is printed beside too).
      const rampUp = await steadyBeacons(app.url, 2, 5000);
      const steady = await steadyBeacons(app.url, seconds, 5000);
      // The same load taken and answered but counted nowhere (a prefetch's beacons), and sent to a
      // bare Node server in this process: what of the p99 is counting, what is taking the request,
      // and what is the sender's and the machine's.
      const uncounted = await steadyBeacons(app.url, seconds, 5000, true);
      const steadySink = await startSink();
      const sunk = await steadyBeacons(steadySink.url, seconds, 5000).finally(() => steadySink.close());
      const bursts = await autocannonAsync(beaconLoad(app.url, seconds, 5000));
      await new Promise((r) => setTimeout(r, 1500));
      const token = await adminToken(app.url);
      const countedToday = async () =>
        (
          (await (
            await fetch(`${app.url}/api/admin/analytics?period=today`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as { totals: { pageViews: number } }
        ).totals.pageViews;
      // Views are written within a second or two of their answer; the count is read until it
      // stands still (at most 10 s more), so one still on its way is not taken for one lost.
      let counted = await countedToday();
      for (let waited = 0; waited < 10_000; waited += 500) {
        await new Promise((r) => setTimeout(r, 500));
        const again = await countedToday();
        if (again === counted) break;
        counted = again;
      }
      const overview = { totals: { pageViews: counted } };
      // What the server warned of (a batch not written, views not counted), beside the figures.
      const warnings = app
        .log()
        .split('\n')
        .filter((line) => /"level":(40|50|60)/.test(line));
      if (warnings.length > 0)
        console.log(`server warnings during the beacons:\n${warnings.slice(0, 5).join('\n')}`);
      row(
        'POST /api/analytics/view at 5,000/s from 250 connections, sent evenly',
        steady,
        `p99.9 ${steady.p999} ms, max ${steady.max} ms, from when each was due`,
      );
      row(
        'The same from a prefetch (taken and answered 202, counts nothing)',
        uncounted,
        `p99.9 ${uncounted.p999} ms, max ${uncounted.max} ms`,
      );
      row(
        'The same sent to a bare Node HTTP server (the sink)',
        sunk,
        `p99.9 ${sunk.p999} ms, max ${sunk.max} ms`,
      );
      row(
        'POST /api/analytics/view at 5,000/s, autocannon (bursts)',
        bursts,
        // autocannon's total leaves out the requests still open when it stops (up to one a
        // connection), which the server answers and counts all the same.
        `${warm.accepted + rampUp.accepted + steady.accepted + bursts.accepted} answered 202 (of ${
          warm.total + rampUp.total + steady.total + bursts.total
        } answered), ${overview.totals.pageViews} counted`,
      );
      row(
        'POST /api/analytics/view, the first 2 s at 5,000/s',
        rampUp,
        `p99.9 ${rampUp.p999} ms, max ${rampUp.max} ms, from when each was due; answers ${statusList(rampUp.statuses)}`,
      );
      row('POST /api/analytics/view, the first 2 s at 500/s', warm, 'the country data loads in it');
    }

    // 2. Reads with counting on and off, in turns of 2 s within one run of the reads: beacons at
    //    500/s (or each of the rates asked for) are sent in every other slice (scripts/bench-steady.mjs with `slice`), and the reads
    //    answered in each slice are compared with those of the slices on either side. Runs of 5 s
    //    one after the other differed by up to a third on this 2-core machine (how much of it the
    //    server gets drifts), more than the 5% to be shown; over 4 s the drift is small, and
    //    comparing with the mean of both neighbours cancels its slope. A second run sends the server
    //    the same beacons marked as a prefetch's, which it takes, parses and answers 202 but counts
    //    nothing: what is left between the two is the cost of counting itself. A third
    //    sends them to a sink that answers 202 and does nothing: the sender's share of the machine.
    const sink = await startSink();
    try {
      // What taking a request costs the server's thread, beside what counting costs: a beacon,
      // a POST of the same body that the routes answer 404, and the same POST to the sink (a bare
      // Node HTTP server, in this process, idle meanwhile). Reads only compare with these.
      const appPort = Number(new URL(app.url).port);
      // The first counted view loads the country data: not the steady cost.
      await cpuPerRequest(app.child.pid!, appPort, '/api/analytics/view', 2);
      for (const [what, pid, port, target, prefetch] of [
        ['a beacon, counted', app.child.pid!, appPort, '/api/analytics/view'],
        [
          'a beacon from a prefetch (taken and answered 202, counts nothing)',
          app.child.pid!,
          appPort,
          '/api/analytics/view',
          true,
        ],
        [
          'the same POST to an unknown path (404 from the routes)',
          app.child.pid!,
          appPort,
          '/api/no-such-view',
        ],
        [
          'the same POST to a bare Node HTTP server (the sink)',
          process.pid,
          Number(new URL(sink.url).port),
          '/',
        ],
      ] as Array<[string, number, number, string, boolean?]>) {
        const cost = await cpuPerRequest(pid, port, target, 10, prefetch);
        rows.push([
          `Main thread CPU a request at 500/s sent evenly: ${what}`,
          database,
          '',
          '',
          '',
          String(cost.errors),
          `${cost.us.toFixed(0)} µs`,
        ]);
      }
      for (const read of cpuOnly ? [] : reads) {
        for (const rate of beaconRates) {
          for (const [to, what, prefetch] of [
            [app.url, 'counted', undefined],
            [app.url, 'from a prefetch (counts nothing)', true],
            [sink.url, 'sent to a sink', undefined],
          ] as const) {
            const r = await alternated(app.url + read, to, rate, 42, 2, prefetch);
            rows.push([
              `GET ${read}: beside ${rate} beacons/s ${what} / alone (2 s turns, median of ${r.ratios.length})`,
              database,
              `${(median(r.ratios) * 100).toFixed(1)}%`,
              '',
              '',
              String(r.errors),
              `${r.beside.toFixed(0)} / ${r.alone.toFixed(0)} req/s; turns ${r.ratios
                .map((x) => (x * 100).toFixed(0))
                .join(', ')}%; ${r.beacons} beacons answered 202`,
            ]);
          }
        }
      }
    } finally {
      await sink.close();
    }
  } finally {
    await app.stop();
  }

  // 3. The dashboard at 10 million page views (filling them takes minutes: --no-dashboard skips it).
  if (!withDashboard) return rows;
  await fillAnalytics({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, 10_000_000);
  app = await startShippedServer({ ...env, ...adminEnv });
  try {
    const token = await adminToken(app.url);
    const headers = { authorization: `Bearer ${token}` };
    for (const [name, p] of [
      ['dashboard, 12 months', '/api/admin/analytics?period=12mo'],
      ['top pages, 12 months', '/api/admin/analytics/breakdown?period=12mo&dimension=page'],
      ['sources, 12 months', '/api/admin/analytics/breakdown?period=12mo&dimension=source'],
      ['dashboard, 30 days', '/api/admin/analytics?period=30d'],
      ['live visitors', '/api/admin/analytics/live'],
    ] as const) {
      await fetch(app.url + p, { headers });
      row(
        `GET ${name} (10M page views)`,
        await autocannonAsync({ url: app.url + p, connections: 1, duration: seconds, headers }),
        'one at a time',
      );
    }
  } finally {
    await app.stop();
  }
  return rows;
}

/** The dashboard's reads of a period: the overview, each table and the conversions as the section asks for them, and each CSV. */
function dashboardReads(period: string): Array<[string, string]> {
  const tables = ['page', 'entry', 'exit', 'source', 'campaign', 'country', 'device', 'browser', 'os'];
  const csvs = [
    'daily',
    'pages',
    'entry-pages',
    'exit-pages',
    'sources',
    'campaigns',
    'countries',
    'devices',
    'browsers',
    'operating-systems',
  ];
  return [
    ['overview', `/api/admin/analytics?${period}`],
    ...tables.map((d): [string, string] => [
      d,
      `/api/admin/analytics/breakdown?${period}&dimension=${d}&pageSize=10`,
    ]),
    ...['source', 'page'].map((by): [string, string] => [
      `conversions by ${by}`,
      `/api/admin/analytics/conversions?${period}&by=${by}&pageSize=10`,
    ]),
    ...[...csvs, 'conversions-by-source', 'conversions-by-page'].map((t): [string, string] => [
      `${t} CSV`,
      `/api/admin/analytics/csv/${t}?${period}`,
    ]),
  ];
}

/** The PostgreSQL server listening on `port` (its postmaster, whose children are the connections' processes). */
function postmasterOn(port: number): number | undefined {
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('/postgres') && args.join(' ').includes(`-p ${port} `)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Each read's wall times, the server's CPU over them (seconds) and its answers that were not 200. */
type Samples = Map<string, { ms: number[]; cpu: number; bad: number }>;

/**
 * 4. Every read of the dashboard for each period with 100,000 views today, one request at a time,
 * in `rounds` rounds over all of them (so a slow minute of the machine falls on every read alike),
 * on the build in `root` (this checkout's by default); with `only`, the reads whose names start so.
 * Gives each read's wall times, the server's CPU over them (its process's, and the database's
 * processes' on PostgreSQL) and the answers that were not 200; and the server's peak memory.
 */
async function dashboardRounds(
  env: Record<string, string>,
  root: string,
  rounds: number,
  postgresPort?: number,
  only?: string,
): Promise<{ samples: Samples; peakMb: number }> {
  const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: 'Bench Admin' };
  const here = process.cwd();
  // The built server is found from the working folder (dist/server/main.js), when it is spawned.
  process.chdir(root);
  const app = await startShippedServer({ ...env, ...adminEnv }).finally(() => process.chdir(here));
  try {
    const headers = { authorization: `Bearer ${await adminToken(app.url)}` };
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const reads = ['today', '7d', '30d', '12mo', `custom&from=${from}&to=${today}`].flatMap((period) =>
      dashboardReads(`period=${period}`).map(([what, url]): [string, string] => [
        `${period.startsWith('custom') ? 'custom (90 days)' : period}: ${what}`,
        url,
      ]),
    );
    reads.push(['live visitors', '/api/admin/analytics/live']);
    if (only) reads.splice(0, reads.length, ...reads.filter(([what]) => what.startsWith(only)));
    const database = postgresPort ? postmasterOn(postgresPort) : undefined;
    const cpu = () => cpuSeconds(app.child.pid!) + (database ? cpuSeconds(database, true) : 0);
    const samples = new Map(reads.map(([what]) => [what, { ms: [] as number[], cpu: 0, bad: 0 }]));
    // One warm-up round, not counted: the first read of each kind loads code and caches pages.
    for (let round = 0; round <= rounds; round++)
      for (const [what, url] of reads) {
        const sample = samples.get(what)!;
        const cpuBefore = cpu();
        const start = performance.now();
        const res = await fetch(app.url + url, { headers });
        await res.arrayBuffer();
        const ms = performance.now() - start;
        if (round === 0) continue;
        sample.ms.push(ms);
        sample.cpu += cpu() - cpuBefore;
        if (res.status !== 200) sample.bad++;
      }
    return { samples, peakMb: memoryOf(app.child.pid).peak };
  } finally {
    await app.stop();
  }
}

/** Samples of several runs together: p50 and p95 of the wall time, and the mean CPU a request. */
function figuresOf(runs: Samples[]): Map<string, { p50: number; p95: number; cpuMs: number; bad: number }> {
  const all = new Map<string, { ms: number[]; cpu: number; bad: number }>();
  for (const run of runs)
    for (const [what, s] of run) {
      const into = all.get(what) ?? { ms: [], cpu: 0, bad: 0 };
      into.ms.push(...s.ms);
      into.cpu += s.cpu;
      into.bad += s.bad;
      all.set(what, into);
    }
  return new Map(
    [...all].map(([what, s]) => {
      const sorted = [...s.ms].sort((a, b) => a - b);
      return [
        what,
        {
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          cpuMs: (s.cpu * 1000) / s.ms.length,
          bad: s.bad,
        },
      ];
    }),
  );
}

/**
 * Part 4 for one database: fills its data once (this checkout's migrations), then measures the build
 * in `before` (when given) and this checkout's build on it, one after the other. Rows of
 * [read, database, before p50 / p95, before CPU, after p50 / p95, after CPU, not 200].
 */
export async function benchDashboardToday(
  database: 'pglite' | 'postgres',
  env: Record<string, string>,
  options: {
    before?: string;
    rounds?: number;
    postgresPort?: number;
    only?: string;
    alternations?: number;
  } = {},
): Promise<string[][]> {
  const rounds = options.rounds ?? 12;
  await fillAnalytics({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, 10_000_000, 100_000);
  const runsBefore: Samples[] = [];
  const runsAfter: Samples[] = [];
  let peakBefore = 0;
  let peakAfter = 0;
  const run = (root: string) => dashboardRounds(env, root, rounds, options.postgresPort, options.only);
  for (let turn = 0; turn < (options.alternations ?? 1); turn++) {
    // Every other turn the other way round, so neither build always runs first.
    const order = turn % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const which of order) {
      if (which === 'before' && !options.before) continue;
      const r = await run(which === 'before' ? path.resolve(options.before!) : process.cwd());
      if (which === 'before') {
        runsBefore.push(r.samples);
        peakBefore = Math.max(peakBefore, r.peakMb);
      } else {
        runsAfter.push(r.samples);
        peakAfter = Math.max(peakAfter, r.peakMb);
      }
    }
  }
  const before = runsBefore.length ? { rows: figuresOf(runsBefore), peakMb: peakBefore } : null;
  const after = { rows: figuresOf(runsAfter), peakMb: peakAfter };
  const ms = (n: number) => n.toFixed(0);
  const figures = (r?: { p50: number; p95: number; cpuMs: number }) =>
    r ? [`${ms(r.p50)} / ${ms(r.p95)} ms`, `${ms(r.cpuMs)} ms`] : ['', ''];
  const rows = [...after.rows].map(([what, r]) => [
    what,
    database,
    ...figures(before?.rows.get(what)),
    ...figures(r),
    String((before?.rows.get(what)?.bad ?? 0) + r.bad),
  ]);
  rows.push([
    'server peak memory (VmHWM)',
    database,
    before ? `${before.peakMb} MB` : '',
    '',
    `${after.peakMb} MB`,
    '',
    '',
  ]);
  return rows;
}

export const DASHBOARD_TODAY_HEADER = [
  'with 100,000 views today',
  'database',
  'before p50 / p95',
  'before CPU',
  'after p50 / p95',
  'after CPU',
  'not 200',
];

/** Part 4 on each database (`--only`), with its own PostgreSQL server; prints the table. */
export async function runDashboardToday(args: Map<string, string>): Promise<string[][]> {
  const databases = args.get('only')
    ? [args.get('only') as 'pglite' | 'postgres']
    : (['pglite', 'postgres'] as const);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-bench-dashboard-'));
  const all: string[][] = [];
  try {
    for (const database of databases) {
      const env: Record<string, string> = { DATA_DIR: path.join(work, database) };
      const pg = database === 'postgres' ? await createPostgresServer() : null;
      if (pg) env.DATABASE_URL = pg.url;
      try {
        all.push(
          ...(await benchDashboardToday(database, env, {
            before: args.get('before'),
            rounds: args.has('dashboard-rounds') ? Number(args.get('dashboard-rounds')) : undefined,
            postgresPort: pg?.port,
            only: args.get('dashboard-reads'),
            alternations: args.has('alternations') ? Number(args.get('alternations')) : undefined,
          })),
        );
      } finally {
        pg?.destroy();
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\nThe dashboard with 100,000 views today (scripts/bench-analytics.ts), ${os.cpus().length} CPUs, Node ${process.version}; ` +
      `before: ${args.get('before') ?? '(not asked for)'}\n`,
  );
  console.log([DASHBOARD_TODAY_HEADER, ...all].map((r) => `| ${r.join(' | ')} |`).join('\n'));
  return all;
}

export const ANALYTICS_TABLE_HEADER = ['analytics', 'database', 'req/s', 'p50', 'p99', 'errors', 'note'];

// Run on its own.
if (process.argv[1]?.endsWith('bench-analytics.ts')) {
  const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
  if (args.has('dashboard-today')) {
    await runDashboardToday(args);
    process.exit(0);
  }
  const seconds = Number(args.get('duration') ?? 5);
  const databases = args.get('only')
    ? [args.get('only') as 'pglite' | 'postgres']
    : (['pglite', 'postgres'] as const);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-bench-analytics-'));
  const all: string[][] = [];
  for (const database of databases) {
    const env: Record<string, string> = { DATA_DIR: path.join(work, database) };
    const pg = database === 'postgres' ? await createPostgresServer() : null;
    if (pg) env.DATABASE_URL = pg.url;
    try {
      const rows = await benchAnalytics(database, env, seconds, {
        dashboard: !args.has('no-dashboard'),
        beaconRates: args.get('beacon-rates')?.split(',').map(Number),
        reads: args.get('read') ? [args.get('read')!] : undefined,
        readsOnly: args.has('reads-only'),
        cpuOnly: args.has('cpu-only'),
      });
      all.push(...rows);
      console.log(rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
    } finally {
      pg?.destroy();
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`\n${os.cpus().length} CPUs, Node ${process.version}, ${seconds} s a run\n`);
  console.log([ANALYTICS_TABLE_HEADER, ...all].map((r) => `| ${r.join(' | ')} |`).join('\n'));
}
