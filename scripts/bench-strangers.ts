// `npm run bench -- --strangers` (or `tsx scripts/bench-strangers.ts`): what strangers' requests do
// to the cached pages (issue 47.8). The built server as `npm start` runs it, on a new data folder
// (the seed's posts): the mixed load of a site's visitors (bench-memory.ts's, 20 connections) alone,
// then again with strangers beside it (the misses alone, then the misses and the searches), sent at fixed rates taken from the first run's throughput:
// 10% of it unknown addresses and old links (a scanner's new path on every request, /wp-login.php,
// and the posts' numbers, which answer 301), and 5% distinct searches of misspelt words, a new one on
// every request, as many addresses send them (the per-address limits are raised, as for the other
// runs). The table gives the mixed load's p50 and p99 in both runs and what the strangers got.
// Options: --duration=SECONDS (default 10), --connections=N (default 20), --server-root=FOLDER (the
// checkout whose dist/ to run, default this one: to compare another build).
import path from 'node:path';
import { autocannonApart, startShippedServer, type AutocannonReport } from './bench-common';
import { mixedRequests } from './bench-memory';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const duration = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 20);

const SEARCH_PATH = `/api/blog/search?q=${encodeURIComponent('hichin stevenagge festivel marketts')}%20[<id>]`;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** Answers of each status class (autocannon's 1xx ... 5xx). */
  statuses: Record<string, number>;
}

/** A load run's figures. */
async function loadFrom(options: Record<string, unknown>): Promise<Run> {
  const report = await autocannonApart<
    AutocannonReport & { errors: number; '2xx': number; '3xx': number; '4xx': number; '5xx': number }
  >(options);
  return {
    rps: Math.round(report.requests.average),
    p50: report.latency.p50,
    p99: report.latency.p99,
    requests: report.requests.total,
    errors: report.errors,
    statuses: { '2xx': report['2xx'], '3xx': report['3xx'], '4xx': report['4xx'], '5xx': report['5xx'] },
  };
}

/** The strangers' unknown addresses and old links: a new path each time, a scanner's, the posts' numbers. */
async function missRequests(url: string): Promise<Array<Record<string, unknown>>> {
  const { items } = (await (await fetch(`${url}/api/blog/pages`)).json()) as { items: Array<{ id: number }> };
  return [
    { method: 'GET', path: '/no-such-page-[<id>]' },
    { method: 'GET', path: '/wp-login.php' },
    ...items.slice(0, 6).map((post) => ({ method: 'GET', path: `/blog/${post.id}` })),
  ];
}

async function main(): Promise<void> {
  const root = path.resolve(args.get('server-root') ?? '.');
  // The built server and its client are found from the working folder (dist/).
  process.chdir(root);
  const server = await startShippedServer();
  try {
    const mixed = await mixedRequests(server.url);
    const visitors = { url: server.url, connections, duration, requests: mixed };
    // Warm: every cached page stored once.
    await loadFrom({ ...visitors, duration: 2 });
    const alone = await loadFrom(visitors);
    const misses = await missRequests(server.url);
    /** The visitors' load again with strangers beside it: the misses, and the searches when asked. */
    const besideStrangers = async (withSearches: boolean) => {
      const runs = [
        loadFrom(visitors),
        loadFrom({
          url: server.url,
          connections: 4,
          duration,
          overallRate: Math.max(1, Math.round(alone.rps * 0.1)),
          requests: misses,
          idReplacement: true,
        }),
      ];
      if (withSearches)
        runs.push(
          loadFrom({
            url: server.url + SEARCH_PATH,
            connections: 4,
            duration,
            overallRate: Math.max(1, Math.round(alone.rps * 0.05)),
            idReplacement: true,
          }),
        );
      return Promise.all(runs);
    };
    const [besideMisses, missed] = await besideStrangers(false);
    const [withStrangers, missedToo, searched] = await besideStrangers(true);
    const row = (name: string, r: Run) =>
      `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${Object.entries(r.statuses)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')} | ${r.errors} |`;
    console.log(
      `\nserver: ${root}, ${duration} s each, the visitors' mixed load from ${connections} connections\n`,
    );
    console.log('| run | req/s | p50 ms | p99 ms | requests | answers | errors |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('cached pages, alone', alone));
    console.log(row('cached pages, beside 404s and old numbers', besideMisses!));
    console.log(row('  the 404s and old numbers (10%)', missed!));
    console.log(row('cached pages, beside the strangers', withStrangers!));
    console.log(row('  the 404s and old numbers (10%)', missedToo!));
    console.log(row('  the distinct searches (5%)', searched!));
  } finally {
    await server.stop();
  }
}

await main();
