import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataFolderError, StartAbandoned } from './db/pglite-folder';
import { DataFolderInUse, lockDataFolder, type FolderLock } from './db/data-folder-lock';
import { writeBackupArchive } from './services/backup';
import { runSeeds } from './db/seed';
import { createApp } from './app';
import { createMailer } from './services/mail';
import { startOutboxWorker } from './services/outbox';
import { ensureAdminFromConfig } from './services/admins';
import { startPodcastFeedRefresh } from './services/podcasts';
import { getPodcastFeed, importPodcastFeedNow } from './services/podcast-admin';
import { pruneActivityLog } from './services/activity';
import { createMemoryCounterStore } from './services/counter-store';
import { createSignInThrottle } from './services/sign-in-throttle';
import { createPayments } from './services/payments';
import { clearIncomingUploads } from './services/uploads';

// Process entry: read config, open the database, migrate, seed, listen, and shut down cleanly.
//
// The signal handlers come first (issue 22.3): SIGTERM or SIGINT during start-up abandons it at the next
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
  // `npm start` opens the database under it (db/data-folder-lock.ts).
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
          pgliteMemory: { sharedBuffers: config.PGLITE_SHARED_BUFFERS, workMem: config.PGLITE_WORK_MEM },
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
  if (config.SEED) await runSeeds(db.db);
  await clearIncomingUploads(config.uploadsDir);
  // ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME: the first admin, for automated setups.
  const adminSetup = await ensureAdminFromConfig({ db: db.db, config, clock: () => new Date() });
  await checkpoint();

  const deps = {
    config,
    db: db.db,
    database: db,
    clock: () => new Date(),
    signInThrottle: createSignInThrottle(createMemoryCounterStore(() => new Date())),
    payments: createPayments(config),
    mailer: createMailer({
      from: config.MAIL_FROM,
      smtpUrl: config.SMTP_URL,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
  };
  const app = await createApp(deps);
  logDatabaseStart(app.log, db);
  if (adminSetup === 'created')
    app.log.info({ email: config.ADMIN_EMAIL }, 'created the admin given by ADMIN_EMAIL');
  deps.mailer = createMailer({
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger: app.log,
  });
  await checkpoint();

  // `npm run backup` while the site runs asks it for the archive (one snapshot of the open database).
  const { uploadsDir } = config;
  folderLock?.handle(async (request) => {
    if (request.command !== 'backup' || !request.file) return { ok: false, error: 'unknown request' };
    const backup = await writeBackupArchive(db.db, uploadsDir, request.file);
    const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
    app.log.info({ file: request.file, rows }, 'backup written');
    return {
      ok: true,
      message: `Backup written to ${request.file} by the running site (${rows} rows, plus uploads).`,
    };
  });

  // E-mails queued in the outbox (also those a killed process left) are sent from here on.
  const outboxWorker = startOutboxWorker(deps, { log: app.log });

  // The activity log keeps a year: pruned at start and daily (until issue 17's queue schedules it).
  const pruneActivity = () =>
    pruneActivityLog(deps.db, new Date()).then(
      (deleted) => deleted > 0 && app.log.info({ deleted }, 'activity log entries older than a year deleted'),
      (error: unknown) => app.log.warn({ err: error }, 'the activity log could not be pruned'),
    );
  void pruneActivity();
  const pruneTimer = setInterval(() => void pruneActivity(), 24 * 60 * 60 * 1000);
  pruneTimer.unref();

  let stopFeedRefresh = async () => {};
  const openDb = db;
  stopRunning = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await stopFeedRefresh();
      clearInterval(pruneTimer);
      await app.close();
      // After the requests (which may still queue mail); a send in progress finishes first.
      await outboxWorker.stop();
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
  // The show's feed (the admin's address, or PODCAST_FEED_URL) is imported at start and then
  // refreshed; a failed import keeps the episodes. Issue 17's job queue is to take this over.
  stopFeedRefresh = startPodcastFeedRefresh({
    importFeed: async (signal) =>
      (await getPodcastFeed(deps)).feedUrl ? importPodcastFeedNow(deps, { signal }) : null,
    intervalMinutes: config.PODCAST_REFRESH_MINUTES,
    log: app.log,
  });
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
