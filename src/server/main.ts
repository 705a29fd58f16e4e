import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { runSeeds } from './db/seed';
import { createApp } from './app';
import { createMailer } from './services/mail';
import { startOutboxWorker } from './services/outbox';
import { ensureAdminFromConfig } from './services/auth';
import { startPodcastFeedRefresh } from './services/podcasts';
import { createOutboundClient } from './services/outbound';
import { createMemoryCounterStore } from './services/counter-store';
import { createPayments } from './services/payments';
import { clearIncomingUploads } from './services/uploads';

// Process entry: read config, open the database, migrate, seed, listen, and shut down cleanly.
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  if (config.SEED) await runSeeds(db.db);
  await clearIncomingUploads(config.uploadsDir);
  // ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME: the first admin, for automated setups.
  const adminSetup = await ensureAdminFromConfig({ db, config, clock: () => new Date() });

  const deps = {
    config,
    db,
    clock: () => new Date(),
    counters: createMemoryCounterStore(() => new Date()),
    payments: createPayments(config),
    mailer: createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: path.join(config.dataDir, 'outbox') }),
  };
  const app = await createApp(deps);
  if (adminSetup === 'created') app.log.info({ email: config.ADMIN_EMAIL }, 'created the admin given by ADMIN_EMAIL');
  deps.mailer = createMailer({
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger: app.log,
  });

  // E-mails queued in the outbox (also those a killed process left) are sent from here on.
  const outboxWorker = startOutboxWorker(deps, { log: app.log });

  let stopFeedRefresh = async () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await stopFeedRefresh();
      await app.close();
      // After the requests (which may still queue mail); a send in progress finishes first.
      await outboxWorker.stop();
      await db.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // The show's feed is imported at start and then refreshed; a failed import keeps the episodes.
  if (config.PODCAST_FEED_URL) {
    stopFeedRefresh = startPodcastFeedRefresh({
      db: db.db,
      outbound: createOutboundClient({ allowPrivate: config.outboundAllowPrivate }),
      feedUrl: config.PODCAST_FEED_URL,
      intervalMinutes: config.PODCAST_REFRESH_MINUTES,
      log: app.log,
    });
  }
  app.log.info(
    { database: db.kind, dataDir: config.dataDir, url: `http://localhost:${config.PORT}` },
    `Herts Local Media is running at http://localhost:${config.PORT}`,
  );
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
