// `npm run bench`: load figures for the built server on the embedded database and on PostgreSQL.
// Each endpoint is driven by autocannon from a second process on 127.0.0.1 (50 connections), and
// compared with a bare Fastify route that returns the same bytes from memory in the same run, so
// the ratios mean something on a noisy machine. Options: --duration=SECONDS (default 5),
// --connections=N (default 50), --no-build, --only=pglite|postgres.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresServer, type PostgresServer } from '../tests/helpers/postgres-server';
import { freePort, startBuiltServer, waitUntilUp } from '../tests/helpers/net';
import { loadConfig } from '../src/server/config';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const duration = Number(args.get('duration') ?? 5);
const connections = Number(args.get('connections') ?? 50);

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Extra request headers; `[<id>]` in a value becomes a new id on every request. */
  headers?: Record<string, string>;
}

const RESERVATION = JSON.stringify({
  name: 'Load Test',
  email: 'load.test@example.co.uk',
  subject: '',
  message: 'A message sent by npm run bench.',
  type: 'workshop_reservation',
});
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/blog', method: 'GET', path: '/api/blog' },
  { name: 'GET /api/advertising-services', method: 'GET', path: '/api/advertising-services' },
  { name: 'GET / (rendered page)', method: 'GET', path: '/' },
  {
    name: 'POST /api/contact',
    method: 'POST',
    path: '/api/contact',
    // A workshop reservation: the same write as an enquiry, without the single-use math question
    // an enquiry needs (GET /api/contact/challenge), which a fixed body cannot carry.
    body: RESERVATION,
  },
  {
    // The same with a new Idempotency-Key on every request (issue 22.5): the key, the enquiry, its
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
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  if (!(await waitUntilUp(url, 60_000, () => child.exitCode === null))) throw new Error(`${url} did not come up`);
}

function autocannon(url: string, endpoint: Endpoint): Result {
  const headers: Record<string, string> = { ...(endpoint.body ? { 'content-type': 'application/json' } : {}), ...endpoint.headers };
  const options = {
    url,
    connections,
    duration,
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
  const report = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    rps: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    errors: report.errors + report.timeouts,
    non2xx: report.non2xx,
  };
}

/**
 * The log level `npm start` ships with (the config's default, or LOG_LEVEL when the operator sets
 * one): the built server for tests runs at 'warn', but the bench measures what users run.
 */
const SHIPPED_LOG_LEVEL = loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir(), LOG_LEVEL: process.env.LOG_LEVEL }).LOG_LEVEL;

async function startApp(env: Record<string, string>) {
  // The bench sends thousands of contact messages from one address; real limits would stop it.
  return startBuiltServer({ LOG_LEVEL: SHIPPED_LOG_LEVEL, RATE_LIMIT_MULTIPLIER: '1000000', ...env });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  if (args.get('build') !== 'false' && !args.has('no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const databases: Array<'pglite' | 'postgres'> = args.has('only')
    ? [args.get('only') as 'pglite' | 'postgres']
    : ['pglite', 'postgres'];
  const rows: string[][] = [];
  let pg: PostgresServer | undefined;
  let baseline: { url: string; child: ChildProcess } | undefined;
  const baselineResults = new Map<string, Result>();

  try {
    for (const database of databases) {
      let env: Record<string, string> = {};
      if (database === 'postgres') {
        pg = await createPostgresServer();
        env = { DATABASE_URL: pg.url };
      }
      const app = await startApp(env);

      // The baseline: a bare Fastify route returning the same bytes from memory, measured once.
      if (!baseline) {
        const fixtures = [];
        for (const e of ENDPOINTS) {
          const res = await fetch(app.url + e.path, {
            method: e.method,
            body: e.body,
            headers: {
              ...(e.body ? { 'content-type': 'application/json' } : {}),
              ...Object.fromEntries(Object.entries(e.headers ?? {}).map(([k, v]) => [k, v.replace('[<id>]', 'fixture')])),
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
        const file = path.join(app.dataDir, 'baseline.json');
        fs.writeFileSync(file, JSON.stringify(fixtures));
        const port = await freePort();
        const child = spawn(process.execPath, ['scripts/bench-baseline.mjs', file, String(port)], { stdio: 'inherit' });
        baseline = { url: `http://127.0.0.1:${port}`, child };
        await waitFor(`${baseline.url}/ready`, child);
        for (const e of ENDPOINTS) baselineResults.set(e.name, autocannon(baseline.url + e.path, e));
      }

      for (const e of ENDPOINTS) {
        const r = autocannon(app.url + e.path, e);
        const b = baselineResults.get(e.name)!;
        rows.push([
          e.name,
          database,
          r.rps.toFixed(0),
          `${r.p50} ms`,
          `${r.p99} ms`,
          String(r.errors + r.non2xx),
          `${b.rps.toFixed(0)}`,
          `${((r.rps / b.rps) * 100).toFixed(0)}%`,
        ]);
      }
      await app.stop();
      pg?.destroy();
      pg = undefined;
    }
  } finally {
    if (baseline) await stop(baseline.child);
    pg?.destroy();
  }

  const header = ['endpoint', 'database', 'req/s', 'p50', 'p99', 'errors', 'baseline req/s', 'of baseline'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${connections} connections, ${duration} s per endpoint, Node ${process.version}, ${os.cpus().length} CPUs, LOG_LEVEL=${SHIPPED_LOG_LEVEL} (as npm start)\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
