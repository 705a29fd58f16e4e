// `npm run bench -- --search-flood` (or `tsx scripts/bench-search-flood.ts`): what distinct misspelt
// searches from one address do to everyone else's reads (issue 44.1). The built server on a new
// data folder (the seed's posts); cached GET / from 2 connections alone, then again beside 8
// connections that each send a new search of six misspelt words on every request from the same
// address, which the response cache can never answer. Each load generator runs in its own process.
// Options: --duration=SECONDS (default 10), --server-root=FOLDER (the checkout whose dist/ to run,
// default this one: to compare another build), --limits=real|off (real: the shipped rate limits,
// the default; off: raised a millionfold, to see the work a search costs without them).
import path from 'node:path';
import { autocannonApart, startShippedServer, type AutocannonReport } from './bench-common';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const duration = Number(args.get('duration') ?? 10);
const limits = args.get('limits') ?? 'real';

/**
 * Six words near the seed's (misspelt town and subject names) and a new word on each request
 * (autocannon's id): every search is one the cache has not seen, and each word needs correcting.
 */
const FLOOD_PATH = `/api/blog/search?q=${encodeURIComponent('hichin stevenagge festivel marketts advertsing')}%20[<id>]`;

interface Run {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
}

/** A load run's figures. */
async function loadFrom(options: Record<string, unknown>): Promise<Run> {
  const report = await autocannonApart<AutocannonReport & { latency: { max: number } }>(options);
  return {
    p50: report.latency.p50,
    p99: report.latency.p99,
    max: report.latency.max,
    requests: report.requests.total,
    non2xx: report.non2xx,
  };
}

async function main(): Promise<void> {
  const root = path.resolve(args.get('server-root') ?? '.');
  // The built server and its client are found from the working folder (dist/).
  process.chdir(root);
  const server = await startShippedServer(limits === 'off' ? {} : { RATE_LIMIT_MULTIPLIER: '1' });
  try {
    const home = `${server.url}/`;
    await fetch(home);
    const alone = await loadFrom({ url: home, connections: 2, duration });
    const flooding = loadFrom({
      url: server.url + FLOOD_PATH,
      connections: 8,
      duration: duration + 2,
      idReplacement: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const beside = await loadFrom({ url: home, connections: 2, duration });
    const flood = await flooding;
    const row = (name: string, r: Run) =>
      `| ${name} | ${r.p50} | ${r.p99} | ${r.max} | ${r.requests} | ${r.non2xx} |`;
    console.log(`\nserver: ${root}, rate limits ${limits}, ${duration} s each\n`);
    console.log('| run | p50 ms | p99 ms | max ms | requests | not 2xx |');
    console.log('|---|---|---|---|---|---|');
    console.log(row('cached GET /, alone (2 connections)', alone));
    console.log(row('cached GET /, beside the flood', beside));
    console.log(row('the flood: distinct misspelt searches (8 connections)', flood));
  } finally {
    await server.stop();
  }
}

await main();
