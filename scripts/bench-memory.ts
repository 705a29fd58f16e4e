// The server's resident memory from a new data folder, through its first start and minutes of mixed
// load, sampled from /proc every 100 ms: part of `npm run bench`, or alone
// with `npx tsx scripts/bench-memory.ts`. Options: --seconds=N (load, default 180), --connections=N (default 20),
// --database-url=... (PostgreSQL instead of the embedded default), --env=KEY=VALUE,KEY=VALUE.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { memoryOf, RESERVATION, startShippedServer } from './bench-common';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k!, v.join('=') || 'true'] as const;
  }),
);
const seconds = Number(args.get('seconds') ?? 180);
const connections = Number(args.get('connections') ?? 20);
const extraEnv = Object.fromEntries(
  (args.get('env') ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => {
      const [k, ...v] = kv.split('=');
      return [k!, v.join('=')];
    }),
);

/**
 * Where a process's resident memory is, from /proc/PID/smaps (MB): the node binary and other files
 * it maps (code, read from disk and shared), glibc's main heap ([heap]: malloc of the main thread,
 * including what V8's compilers freed but glibc kept), PGlite's WebAssembly memory (the one
 * read-write mapping followed by its guard reservation of gigabytes) and the rest of the anonymous
 * memory (V8's heap, its code, other threads' malloc arenas).
 */
export function whereMemoryIs(pid: number): Record<string, number> {
  const parts = { nodeBinary: 0, otherFiles: 0, mallocHeap: 0, wasmMemory: 0, otherAnonymous: 0 };
  const maps: Array<{ size: number; perms: string; name: string; rss: number }> = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1048576;
      maps.push({ size, perms: head[3]!, name: head[4]!, rss: 0 });
    } else if (line.startsWith('Rss:')) maps[maps.length - 1]!.rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    if (m.name === '[heap]') parts.mallocHeap += m.rss;
    else if (m.name.endsWith('/node')) parts.nodeBinary += m.rss;
    else if (m.name.startsWith('/')) parts.otherFiles += m.rss;
    else if (m.perms.startsWith('rw') && next && next.perms === '---p' && next.size >= 4096)
      parts.wasmMemory += m.rss;
    else parts.otherAnonymous += m.rss;
  });
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)]));
}

export interface MemoryRun {
  /** Resident memory (MB) once up, and idle 3 s later, after a first start on a new data folder. */
  up: number;
  idle: number;
  idleParts: Record<string, number>;
  /** The highest resident memory of the whole run (VmHWM), and where it was after the load. */
  peak: number;
  afterParts: Record<string, number>;
  heapTotalMax: number;
  heapUsedMax: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The highest sample of each 10 s, for the trend. */
  trend: number[];
}

/**
 * The mixed load of a site's visitors: each connection goes round the home page, /blog, three posts
 * at their words addresses (a number answers 301 to it), two API reads and the sitemap, ten times,
 * then one enquiry (a workshop reservation).
 */
export async function mixedRequests(url: string): Promise<Array<Record<string, unknown>>> {
  // Three posts at their words addresses (a number answers 301 to it).
  const { items: posts } = (await (await fetch(`${url}/api/blog/pages`)).json()) as {
    items: Array<{ slug: string }>;
  };
  const paths = [
    '/',
    '/blog',
    ...posts.slice(0, 3).map((p) => `/blog/${p.slug}`),
    '/api/blog',
    '/api/advertising-services',
    '/sitemap.xml',
  ];
  // Reads ten to one write, as a site is visited: each connection goes round this list.
  const requests = [
    ...Array.from({ length: 10 }, () => paths.map((path) => ({ method: 'GET', path }))).flat(),
    {
      method: 'POST',
      path: '/api/contact',
      body: RESERVATION,
      headers: { 'content-type': 'application/json' },
    },
  ];
  return requests;
}

/**
 * The built server from a new data folder: its first start, then `seconds` of mixed load from
 * `connections` connections (the site's pages, a post, the API's lists, the sitemap, and one
 * workshop reservation for every ten rounds of reads), its resident memory sampled every 100 ms.
 */
export async function measureMemory(options: {
  seconds: number;
  connections: number;
  env?: Record<string, string>;
}): Promise<MemoryRun> {
  const { seconds, connections, env = {} } = options;
  const probeLog = path.join(os.tmpdir(), `hlm-memory-${process.pid}-${Date.now()}.jsonl`);
  const started = Date.now();
  const server = await startShippedServer({
    ...env,
    NODE_OPTIONS: `--import=${pathToFileURL(path.resolve('scripts/bench-memory-probe.mjs')).href} ${env.NODE_OPTIONS ?? ''}`,
    BENCH_MEMORY_LOG: probeLog,
  });
  const pid = server.child.pid!;
  const samples: Array<{ t: number; rss: number }> = [];
  const sampler = setInterval(() => samples.push({ t: Date.now() - started, rss: memoryOf(pid).rss }), 100);
  try {
    const up = memoryOf(pid).rss;
    await new Promise((r) => setTimeout(r, 3000));
    const idle = memoryOf(pid).rss;
    const idleParts = whereMemoryIs(pid);
    const requests = await mixedRequests(server.url);
    // In its own process, and awaited without blocking this one: the sampler keeps running.
    const loader = spawn(process.execPath, [
      'scripts/bench-autocannon.mjs',
      JSON.stringify({ url: server.url, connections, duration: seconds, requests }),
    ]);
    let output = '';
    loader.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => loader.once('exit', resolve));
    if (status !== 0) throw new Error(`autocannon exited with ${status}`);
    const report = JSON.parse(output) as {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    };
    await new Promise((r) => setTimeout(r, 3000));
    const probes = readProbes(probeLog);
    const trend: number[] = [];
    for (let t = 0; t < (samples.at(-1)?.t ?? 0); t += 10_000) {
      const window = samples.filter((x) => x.t >= t && x.t < t + 10_000);
      if (window.length) trend.push(Math.max(...window.map((x) => x.rss)));
    }
    return {
      up,
      idle,
      idleParts,
      peak: memoryOf(pid).peak,
      afterParts: whereMemoryIs(pid),
      heapTotalMax: Math.max(...probes.map((p) => p.heapTotal)),
      heapUsedMax: Math.max(...probes.map((p) => p.heapUsed)),
      requests: report.requests.total,
      rps: Math.round(report.requests.average),
      p50: report.latency.p50,
      p99: report.latency.p99,
      errors: report.errors + report.timeouts,
      non2xx: report.non2xx,
      trend,
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
    fs.rmSync(probeLog, { force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** The run as lines of text, for the bench's report. */
export function describeMemoryRun(
  name: string,
  run: MemoryRun,
  seconds: number,
  connections: number,
): string {
  const parts = (p: Record<string, number>) =>
    `node binary ${p.nodeBinary}, other files ${p.otherFiles}, malloc heap ${p.mallocHeap}, ` +
    `PGlite's WebAssembly memory ${p.wasmMemory}, V8 heap and other anonymous ${p.otherAnonymous}`;
  return [
    `${name}: up ${run.up} MB, idle after the first start ${run.idle} MB (${parts(run.idleParts)})`,
    `  ${seconds} s of mixed load, ${connections} connections: ${run.requests} requests, ${run.rps} req/s, ` +
      `p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors, ${run.non2xx} non-2xx`,
    `  peak ${run.peak} MB; after the load: ${parts(run.afterParts)}; JS heap at most ${run.heapTotalMax} MB ` +
      `(${run.heapUsedMax} MB used)`,
    `  highest per 10 s: ${run.trend.join(' ')} MB`,
  ].join('\n');
}

interface Probe {
  t: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function readProbes(file: string): Probe[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Probe);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const env = {
    ...(args.has('database-url') ? { DATABASE_URL: args.get('database-url')! } : {}),
    ...extraEnv,
  };
  measureMemory({ seconds, connections, env })
    .then((run) =>
      console.log(describeMemoryRun(env.DATABASE_URL ? 'postgres' : 'pglite', run, seconds, connections)),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
