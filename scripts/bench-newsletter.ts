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
import { autocannonApart, cpuSeconds, memoryOf, startShippedServer } from './bench-common';

const ADMIN = { email: 'bench-news@example.co.uk', password: 'Heron-Willow-Tinder-78' };

interface ReadResult {
  rps: number;
  total: number;
  /** The server's CPU (all its threads) an answer over the run, ms. */
  cpuMs: number;
  p50: number;
  p99: number;
}

/**
 * GET /api/blog from 20 connections for `seconds`, in a process of its own and waited for without
 * blocking this one: the SMTP server the send delivers to runs here, and a synchronous wait held
 * every copy back for as long as the reads ran (none was delivered beside them).
 */
async function reads(url: string, seconds: number, pid: number): Promise<ReadResult> {
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannonApart({
    url: `${url}/api/blog`,
    connections: 20,
    duration: seconds,
    method: 'GET',
    headers: {},
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  return {
    rps: r.requests.average,
    total: r.requests.total,
    cpuMs: (cpu * 1000) / Math.max(1, r.requests.total),
    p50: r.latency.p50,
    p99: r.latency.p99,
  };
}

export interface NewsletterBenchRow {
  database: string;
  subscribers: number;
  rate: number;
  sendSeconds: number;
  /** The server's resident memory after the reads without a send, just before it starts. */
  rssBefore: number;
  peakRss: number;
  peakHwm: number;
  without: ReadResult;
  during: ReadResult;
  /** Copies the mail server accepted while the reads ran beside the send. */
  copiesDuring: number;
  /** The server's CPU a copy, ms, over SEND_ALONE_SECONDS of the send with no reads. */
  cpuPerCopyMs: number;
}

/** The window the send runs alone in, after the reads beside it, for its CPU a copy. */
const SEND_ALONE_SECONDS = 10;

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
          const pid = app.child.pid!;
          const without = await reads(app.url, readSeconds, pid);
          const rssBefore = memoryOf(app.child.pid).rss;

          let peakRss = 0;
          const sampler = setInterval(() => {
            peakRss = Math.max(peakRss, memoryOf(app.child.pid).rss);
          }, 250);
          const started = Date.now();
          const issueId = await startSend(app.url, token);
          // The reads start once copies are going out (after the job's start and the snapshot of
          // the audience), so "during" is beside the sending itself.
          const firstCopy = smtp.accepted.length;
          while (smtp.accepted.length === firstCopy && Date.now() - started < 120_000)
            await new Promise((r) => setTimeout(r, 50));
          const copiesBefore = smtp.accepted.length;
          const during = await reads(app.url, readSeconds, pid);
          const copiesDuring = smtp.accepted.length - copiesBefore;
          const aloneFrom = { cpu: cpuSeconds(pid), copies: smtp.accepted.length };
          await new Promise((r) => setTimeout(r, SEND_ALONE_SECONDS * 1000));
          const cpuPerCopyMs =
            ((cpuSeconds(pid) - aloneFrom.cpu) * 1000) / Math.max(1, smtp.accepted.length - aloneFrom.copies);
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
            rssBefore,
            peakRss,
            peakHwm: memoryOf(app.child.pid).peak,
            without,
            during,
            copiesDuring,
            cpuPerCopyMs,
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
    "| database | subscribers | rate/min | send took | ideal at rate | RSS before the send | peak RSS during send (sampled / kernel peak) | GET /api/blog req/s without / during | during ÷ without | p99 without / during | server CPU a read without / during | copies sent beside the reads | server CPU a copy (send alone) | the send's share of the server's CPU beside the reads |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const sendShare = (r.copiesDuring * r.cpuPerCopyMs) / Math.max(1, r.during.cpuMs * r.during.total);
    lines.push(
      `| ${r.database} | ${r.subscribers} | ${r.rate} | ${r.sendSeconds.toFixed(0)} s | ${((r.subscribers / r.rate) * 60).toFixed(0)} s | ${r.rssBefore} MB | ${r.peakRss} MB / ${r.peakHwm} MB | ${r.without.rps.toFixed(0)} / ${r.during.rps.toFixed(0)} | ${((r.during.rps / Math.max(r.without.rps, 1)) * 100).toFixed(0)}% | ${r.without.p99} / ${r.during.p99} ms | ${r.without.cpuMs.toFixed(3)} / ${r.during.cpuMs.toFixed(3)} ms | ${r.copiesDuring} | ${r.cpuPerCopyMs.toFixed(2)} ms | ${(sendShare * 100).toFixed(1)}% |`,
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
