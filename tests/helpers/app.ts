import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createApp, type AppDeps } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { runSeeds } from '../../src/server/db/seed';
import { createMemoryMailer } from '../../src/server/services/mail';
import { createPayments } from '../../src/server/services/payments';
import { createMemoryCounterStore } from '../../src/server/services/counter-store';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  mailer: ReturnType<typeof createMemoryMailer>;
  config: Config;
  /** Moves the app's clock; tests of expiry rules use it. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * database on that PostgreSQL server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    return { handle, drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function buildTestApp(
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    // Tests send many requests from one address; the rate-limit tests set this back to 1.
    RATE_LIMIT_MULTIPLIER: '100',
    ...options.env,
  });
  const database = await openTestDatabase();
  if (options.seed !== false) await runSeeds(database.handle.db);
  const mailer = createMemoryMailer();
  let now: Date | null = null;
  const clock = () => now ?? new Date();
  const deps: AppDeps = {
    config,
    db: database.handle,
    mailer,
    payments: createPayments(config),
    clock,
    counters: createMemoryCounterStore(clock),
  };
  const app = await createApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    mailer,
    config,
    setNow(date) {
      now = date;
    },
    async close() {
      await app.close();
      await database.handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
