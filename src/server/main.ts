import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './platform/db/client';
import { DataFolderError, StartAbandoned } from './platform/db/pglite-folder';
import { DataFolderInUse, lockDataFolder, type FolderLock } from './platform/db/data-folder-lock';
import { writeBackupArchive } from './platform/backup';
import { BACKED_UP, runSeeds } from './domains';
import { createApp } from './app';
import { createMailer } from './platform/mail/mailer';
import { openJobQueue, jobTimings } from './platform/jobs/queue';
import { adoptUnsentMail, backgroundJobs } from './background-jobs';
import { ACTIVITY_PRUNE_QUEUE } from './domains/activity';
import { ensureAdminFromConfig, createSignInThrottle } from './domains/auth';
import { FEED_REFRESH_QUEUE, getPodcastFeed } from './domains/podcasts';
import { createOutboundClient } from './platform/outbound';
import { createMemoryCounterStore } from './platform/counter-store';
import { createPayments } from './domains/academy';
import { openAnalyticsRecorder } from './domains/analytics';
import { clearIncomingUploads } from './domains/uploads';
import { openSharedState, perInstanceWarnings } from './platform/shared-state';
import { openStorage } from './platform/storage-from-config';

// Process entry: read config, open the database, migrate, seed, listen, and shut down cleanly.
//
// The signal handlers come first: SIGTERM or SIGINT during start-up abandons it at the next
// safe point (a database being made is dropped whole, an open one is closed) and exits 0; once running,
// the first signal drains the requests in flight; a second signal at any time exits at once.
async function main(): Promise<void> {
  const starting = new AbortController();
  let stopRunning: ((signal: string) => Promise<void>) | null = null;
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    if (stopRunning) void stopRunning(signal);
    else {
      console.error(`${signal} during start-up: stopping`);
      starting.abort();
    }
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const config: Config = await orExit(() => loadConfig(), ConfigError);

  // On the embedded default this process takes the data folder first: no backup, restore or second
  // `npm start` opens the database under it (platform/db/data-folder-lock.ts).
  const folderLock: FolderLock | null = config.DATABASE_URL
    ? null
    : await orExit(() => lockDataFolder(config.dataDir, 'the site'), DataFolderInUse);

  let db: DatabaseHandle | null = null;
  /** A safe point of the start-up: stop here when a signal came. */
  const checkpoint = async () => {
    if (!starting.signal.aborted) return;
    await db?.close();
    await folderLock?.release();
    console.error('start-up stopped; nothing was left half-made');
    process.exit(0);
  };

  try {
    db = await orExit(
      () =>
        openDatabase({
          databaseUrl: config.DATABASE_URL,
          dataDir: path.join(config.dataDir, 'pglite'),
          pgliteMemory: {
            sharedBuffers: config.PGLITE_SHARED_BUFFERS,
            workMem: config.PGLITE_WORK_MEM,
            optimisedCode: config.PGLITE_OPTIMISED_CODE,
          },
          initdb: config.PGLITE_INITDB,
          signal: starting.signal,
        }),
      DataFolderError,
    );
  } catch (error) {
    if (error instanceof StartAbandoned) await checkpoint();
    throw error;
  }
  await checkpoint();
  // Until the app's logger exists, what the shared state has to say goes to stderr.
  let log: Pick<FastifyBaseLogger, 'warn' | 'info'> = {
    warn: (obj: object, msg?: string) => console.warn(msg, obj),
    info: (obj: object, msg?: string) => console.info(msg, obj),
  };
  const clock = () => new Date();
  // REDIS_URL and S3_BUCKET: the engines several instances share (their clients load only when set).
  const sharedState = await orExit(
    () =>
      openSharedState(config, {
        clock,
        log: { warn: (o, m) => log.warn(o, m), info: (o, m) => log.info(o, m) },
      }),
    Error,
  );
  const storage = await openStorage(config);
  await checkpoint();
  if (config.SEED) await runSeeds(db.db);
  await clearIncomingUploads(config.uploadsDir);
  // ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME: the first admin, for automated setups.
  const adminSetup = await ensureAdminFromConfig({ db: db.db, config, clock });
  await checkpoint();

  // The job queue's log is the app's, which exists once the app does; jobs run only after that.
  const appLog: { current?: FastifyBaseLogger } = {};
  const jobLog = {
    error: (obj: object, msg?: string) => appLog.current?.error(obj, msg),
    warn: (obj: object, msg?: string) => appLog.current?.warn(obj, msg),
    info: (obj: object, msg: string) => appLog.current?.info(obj, msg),
  };
  const outbound = createOutboundClient({ allowPrivate: config.outboundAllowPrivate });
  const partDeps = {
    config,
    db: db.db,
    database: db,
    clock,
    storage,
    sharedState,
    outbound,
    signInThrottle: createSignInThrottle(sharedState?.counters ?? createMemoryCounterStore(clock)),
    payments: createPayments(config),
    analytics: openAnalyticsRecorder(
      { db: db.db, database: db, clock },
      { log: { warn: (obj, msg) => log.warn(obj, msg) } },
    ),
    // Its log is the app's once the app exists (`log` is replaced then), stderr before.
    mailer: createMailer({
      from: config.MAIL_FROM,
      smtpUrl: config.SMTP_URL,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: { info: (obj, msg) => log.info(obj, msg) },
    }),
  };
  // pg-boss's schema is installed (or migrated) here, by whichever instance comes first.
  const jobs = await openJobQueue(db, backgroundJobs(partDeps, { scheduled: true, log: jobLog }), {
    timings: jobTimings(config),
    log: jobLog,
    upkeep: true,
  });
  const deps = Object.assign(partDeps, { jobs });
  // E-mails the previous version left in its outbox table (or a restored backup carried) join the queue.
  const adopted = await adoptUnsentMail(deps);
  await checkpoint();
  const app = await createApp(deps);
  appLog.current = app.log;
  log = app.log;
  logDatabaseStart(app.log, db);
  for (const warning of perInstanceWarnings(config)) app.log.warn(warning);
  if (adopted > 0) app.log.info({ emails: adopted }, 'queued the e-mails the outbox table held');
  if (adminSetup === 'created')
    app.log.info({ email: config.ADMIN_EMAIL }, 'created the admin given by ADMIN_EMAIL');
  await checkpoint();

  // `npm run backup` while the site runs asks it for the archive (one snapshot of the open database).
  folderLock?.handle(async (request) => {
    if (request.command !== 'backup' || !request.file) return { ok: false, error: 'unknown request' };
    const backup = await writeBackupArchive(db.db, storage, request.file, BACKED_UP);
    const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
    app.log.info({ file: request.file, rows }, 'backup written');
    return {
      ok: true,
      message: `Backup written to ${request.file} by the running site (${rows} rows, plus uploads).`,
    };
  });

  const openDb = db;
  stopRunning = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      // Readiness answers 503 from now on, so a load balancer sends no more requests here.
      app.beginShutdown();
      await app.close();
      // The views and conversions of the last requests, before the database closes.
      await deps.analytics.close();
      // After the requests, before the database: no new job is taken, the one running finishes
      // (a feed import is cut short and retried later); another instance, or the next start,
      // runs what is still queued, including mail the last requests queued.
      await jobs.stop();
      deps.mailer.close?.();
      await sharedState?.close();
      await storage.close();
      await openDb.close();
      await folderLock?.release();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  if (starting.signal.aborted) {
    await stopRunning('SIGTERM');
    return;
  }

  await app.listen({ host: config.HOST, port: config.PORT });
  // Jobs (also those a killed instance left) run from here on: e-mails, and the feed refresh on its
  // schedule. The feed (the admin's address, or PODCAST_FEED_URL) is also imported at start (a no-op when a
  // refresh already waits), and the activity log pruned (it keeps a year).
  await jobs.startWorkers();
  if ((await getPodcastFeed(deps)).feedUrl) await jobs.send(FEED_REFRESH_QUEUE, {});
  await jobs.send(ACTIVITY_PRUNE_QUEUE, {});
  app.log.info(
    { database: db.kind, dataDir: config.dataDir, url: `http://localhost:${config.PORT}` },
    `Herts Local Media is running at http://localhost:${config.PORT}`,
  );
}

/** A start-up step whose errors of the given kinds are the operator's to act on: said plainly, then exit 1. */
async function orExit<T>(
  step: () => T | Promise<T>,
  ...plain: Array<abstract new (...args: never[]) => Error>
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (plain.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

/** One line on how the embedded database started; a warning when the last run did not stop cleanly. */
function logDatabaseStart(log: FastifyBaseLogger, db: DatabaseHandle): void {
  const startup = db.startup;
  if (!startup) return;
  const seconds = (startup.ms / 1000).toFixed(1);
  if (startup.kind === 'recovered') {
    log.warn(
      { recoveryMs: startup.ms },
      `the database was not shut down cleanly last time (the process was killed or the power went); recovery took ${seconds} s`,
    );
  } else if (startup.kind === 'created') log.info({ ms: startup.ms }, `made a new database (${seconds} s)`);
}
