// The newsletter send under load (run by `npm run bench`, or alone: `npx tsx scripts/bench-newsletter.ts`).
// The built server, on the embedded database (and PostgreSQL with --only=postgres or by default
// after it), with 10,000 confirmed subscribers and a real SMTP server on 127.0.0.1: public reads
// are measured without a send, then during one, back to back (A/B; the machine may be shared, so
// the two runs are as close together as they can be), and the send's time and the server's memory
// (resident, sampled every 250 ms, and the kernel's peak) are reported.
// Options: --subscribers=N (10000), --rate=PER_MINUTE (6000), --read-seconds=S (10), --only=pglite|postgres.
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { openDatabase } from '../src/server/platform/db/client';
import { createPostgresServer, type PostgresServer } from '../tests/helpers/postgres-server';
import { seedAudience, signIn, startSend, adminCall } from '../tests/helpers/newsletter-send';
import { startSmtpSink } from '../tests/helpers/smtp-sink';
import { memoryOf, startShippedServer } from './bench-common';

const ADMIN = { email: 'bench-news@example.co.uk', password: 'Heron-Willow-Tinder-78' };

interface ReadResult {
  rps: number;
  p50: number;
  p99: number;
}

function reads(url: string, seconds: number): ReadResult {
  const run = spawnSync(
    process.execPath,
    [
      'scripts/bench-autocannon.mjs',
      JSON.stringify({
        url: `${url}/api/blog`,
        connections: 20,
        duration: seconds,
        method: 'GET',
        headers: {},
      }),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const r = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export interface NewsletterBenchRow {
  database: string;
  subscribers: number;
  rate: number;
  sendSeconds: number;
  peakRss: number;
  peakHwm: number;
  without: ReadResult;
  during: ReadResult;
}

export async function runNewsletterBench(
  options: {
    databases?: Array<'pglite' | 'postgres'>;
    subscribers?: number;
    rate?: number;
    readSeconds?: number;
  } = {},
): Promise<NewsletterBenchRow[]> {
  const subscribers = options.subscribers ?? 10_000;
  const rate = options.rate ?? 6000;
  const readSeconds = options.readSeconds ?? 10;
  const rows: NewsletterBenchRow[] = [];
  const smtp = await startSmtpSink();
  try {
    for (const database of options.databases ?? ['pglite', 'postgres']) {
      let pg: PostgresServer | undefined;
      const dataDir = path.join(os.tmpdir(), `hlm-bench-news-${process.pid}-${database}`);
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        NEWSLETTER_RATE_PER_MINUTE: String(rate),
        NEWSLETTER_BATCH_SIZE: '50',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_NAME: 'Bench News',
      };
      try {
        if (database === 'postgres') {
          pg = await createPostgresServer();
          env.DATABASE_URL = pg.url;
        }
        // A first start makes the database; the subscribers are added with the server stopped
        // (PGlite is one process's), then it starts again.
        let app = await startShippedServer(env);
        await app.stop();
        const db = await openDatabase(
          pg ? { databaseUrl: pg.url } : { dataDir: path.join(dataDir, 'pglite') },
        );
        await seedAudience(db.db, subscribers, 0);
        await db.close();
        app = await startShippedServer(env);
        try {
          const token = await signIn(app.url, ADMIN);
          await new Promise((r) => setTimeout(r, 2000));
          const without = reads(app.url, readSeconds);

          let peakRss = 0;
          const sampler = setInterval(() => {
            peakRss = Math.max(peakRss, memoryOf(app.child.pid).rss);
          }, 250);
          const started = Date.now();
          const issueId = await startSend(app.url, token);
          const during = reads(app.url, readSeconds);
          for (;;) {
            const p = await adminCall<{ status: string }>(
              app.url,
              token,
              'GET',
              `/admin/newsletter/issues/${issueId}/progress`,
            );
            if (p.status === 'sent') break;
            await new Promise((r) => setTimeout(r, 250));
          }
          const sendSeconds = (Date.now() - started) / 1000;
          clearInterval(sampler);
          rows.push({
            database,
            subscribers,
            rate,
            sendSeconds,
            peakRss,
            peakHwm: memoryOf(app.child.pid).peak,
            without,
            during,
          });
        } finally {
          await app.stop();
        }
      } finally {
        pg?.destroy();
        spawnSync('rm', ['-rf', dataDir]);
      }
    }
  } finally {
    await smtp.close();
  }
  return rows;
}

export function describeNewsletterBench(rows: NewsletterBenchRow[]): string {
  const lines = [
    '| database | subscribers | rate/min | send took | ideal at rate | peak RSS during send (sampled / kernel peak) | GET /api/blog req/s without / during | during ÷ without | p99 without / during |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.database} | ${r.subscribers} | ${r.rate} | ${r.sendSeconds.toFixed(0)} s | ${((r.subscribers / r.rate) * 60).toFixed(0)} s | ${r.peakRss} MB / ${r.peakHwm} MB | ${r.without.rps.toFixed(0)} / ${r.during.rps.toFixed(0)} | ${((r.during.rps / Math.max(r.without.rps, 1)) * 100).toFixed(0)}% | ${r.without.p99} / ${r.during.p99} ms |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('bench-newsletter.ts')) {
  const args = new Map(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, '').split('=');
      return [k!, v ?? 'true'] as const;
    }),
  );
  runNewsletterBench({
    databases: args.has('only') ? [args.get('only') as 'pglite' | 'postgres'] : undefined,
    subscribers: args.has('subscribers') ? Number(args.get('subscribers')) : undefined,
    rate: args.has('rate') ? Number(args.get('rate')) : undefined,
    readSeconds: args.has('read-seconds') ? Number(args.get('read-seconds')) : undefined,
  })
    .then((rows) =>
      console.log(`\nNewsletter send under read load (A/B back to back)\n\n${describeNewsletterBench(rows)}`),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
