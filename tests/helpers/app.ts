import { createOutboundClient } from '../../src/server/platform/outbound';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createApp, type CreateAppOptions } from '../../src/server/app';
import type { AppDeps } from '../../src/server/deps';
import { loadConfig, type Config } from '../../src/server/config';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';
import { runSeeds } from '../../src/server/domains';
import { createMemoryMailer } from '../../src/server/platform/mail/mailer';
import { backgroundJobs } from '../../src/server/background-jobs';
import { jobTimings, openJobQueue, type JobQueue } from '../../src/server/platform/jobs/queue';
import { createPayments } from '../../src/server/domains/academy';
import { openAnalyticsRecorder } from '../../src/server/domains/analytics';
import { createMemoryCounterStore } from '../../src/server/platform/counter-store';
import { createSignInThrottle } from '../../src/server/domains/auth';
import { openSharedState } from '../../src/server/platform/shared-state';
import { openStorage } from '../../src/server/platform/storage-from-config';
import { createResponseChecker, type ResponseChecker } from './openapi-check';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  mailer: ReturnType<typeof createMemoryMailer>;
  config: Config;
  /** The open database (its executor opens more job queues on it: a second instance). */
  handle: DatabaseHandle;
  /** Moves the app's clock; tests of expiry rules use it. */
  setNow(date: Date | null): void;
  close(): Promise<void>;
}

/**
 * The built client, for tests of the server-rendered pages (the other API tests run without it):
 * CI builds it before the API tests; locally, `npm run build:client` first.
 */
export function builtClientDist(): string {
  const dir = path.resolve('dist/client');
  if (!fs.existsSync(path.join(dir, 'index.html')))
    throw new Error('These tests read the rendered pages: run npm run build:client first');
  return dir;
}

/** A POST of a body as it is (broken JSON, a bare string), with its content type (JSON unless told). */
export function postRaw(
  app: FastifyInstance,
  url: string,
  payload: string,
  contentType = 'application/json',
) {
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
}

/**
 * Where the dump of a migrated in-memory PGlite (with pg-boss's schema) is kept for the test run:
 * named after the migrations and PGlite's version, so a change to either makes a new one.
 */
function pgliteDumpFile(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  hash.update(fs.readFileSync(path.join(folder, 'meta', '_journal.json')));
  hash.update(fs.readFileSync('node_modules/@electric-sql/pglite/package.json'));
  hash.update(fs.readFileSync('node_modules/pg-boss/package.json'));
  return path.join(os.tmpdir(), `hlm-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * An in-memory PGlite with every migration applied. A new PGlite runs initdb (about 2.5 s); the
 * first test file of a run saves a migrated database, and every other starts from that dump
 * (about 0.6 s). Migrations still run on it: none is pending.
 */
async function openTestPglite(): Promise<DatabaseHandle> {
  const file = pgliteDumpFile();
  if (fs.existsSync(file)) {
    try {
      return await openDatabase({ pgliteDump: new Blob([fs.readFileSync(file)]) });
    } catch {
      // A dump cut short by a killed run: make it again below.
    }
  }
  const handle = await openDatabase({});
  const queue = await openJobQueue(handle, []);
  await queue.stop();
  const dump = await handle.dumpPglite!();
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(temp, file);
  return handle;
}

/**
 * A fresh database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * database on that PostgreSQL server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openTestPglite();
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
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /**
     * 'after-each-request' (default): after every app.inject the due jobs run (deps.jobs.runDue,
     * what the worker runs), so tests read the e-mail a request queued from `mailer.sent` at once.
     * 'manual': no job runs until the test calls deps.jobs.runDue or starts the workers.
     */
    outbox?: 'after-each-request' | 'manual';
    /** What createApp is given besides the logger (e.g. a lower sitemapUrlsPerFile). */
    app?: Omit<CreateAppOptions, 'logger'>;
    /** A database the test has opened (and closes itself) instead of a fresh one. */
    database?: DatabaseHandle;
  } = {},
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
  const given = options.database;
  const database = given ? { handle: given, drop: async () => {} } : await openTestDatabase();
  if (options.seed !== false) await runSeeds(database.handle.db);
  const mailer = createMemoryMailer();
  let now: Date | null = null;
  const clock = () => now ?? new Date();
  // REDIS_URL and S3_BUCKET in options.env share state and files as in production (the tests start
  // a real redis-server and S3 server for them: helpers/redis-server.ts, helpers/s3-server.ts).
  const sharedState = await openSharedState(config, { clock, log: { warn() {}, info() {} } });
  const storage = await openStorage(config);
  const deps: AppDeps = {
    config,
    db: database.handle.db,
    database: database.handle,
    mailer,
    jobs: undefined as unknown as JobQueue,
    payments: createPayments(config),
    outbound: createOutboundClient({ allowPrivate: config.outboundAllowPrivate }),
    clock,
    storage,
    sharedState,
    signInThrottle: createSignInThrottle(sharedState?.counters ?? createMemoryCounterStore(clock)),
    analytics: openAnalyticsRecorder({ db: database.handle.db, database: database.handle, clock }),
  };
  // The real queue on the test's database; no upkeep (claims of dead workers, cron) in tests.
  deps.jobs = await openJobQueue(database.handle, backgroundJobs(deps), { timings: jobTimings(config) });
  const app = await createApp(deps, { ...options.app, logger: false });
  await app.ready();
  checkResponsesAgainstDocument(app);
  if (options.outbox !== 'manual') {
    const inject = app.inject.bind(app) as (
      options: InjectOptions | string,
    ) => Promise<LightMyRequestResponse>;
    (app as unknown as { inject: typeof inject }).inject = async (opts) => {
      const res = await inject(opts);
      await deps.jobs.runDue();
      return res;
    };
  }
  return {
    app,
    deps,
    mailer,
    config,
    handle: database.handle,
    setNow(date) {
      now = date;
    },
    async close() {
      await app.close();
      await deps.analytics.close();
      await deps.jobs.stop();
      await sharedState?.close();
      await storage.close();
      if (!given) await database.handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on dependencies a test has made from a test app's (a second instance on the same
 * database, other settings); the test closes it. Tests start the app in their process through this
 * file only.
 */
export function createAppOn(deps: AppDeps, options: CreateAppOptions = {}): Promise<FastifyInstance> {
  return createApp(deps, options);
}

/**
 * A second app on a test app's dependencies that logs at info into a string (the test app logs
 * less): `log()` is what it has written so far.
 */
export async function appLoggingAtInfo(t: TestApp): Promise<{ app: FastifyInstance; log: () => string }> {
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const app = await createApp(
    { ...t.deps, config: { ...t.deps.config, LOG_LEVEL: 'info' } },
    { logStream: stream },
  );
  return { app, log: () => output };
}

let sharedChecker: ResponseChecker | undefined;

/**
 * Every answer app.inject returns is checked against the committed openapi/openapi.json (status
 * declared, headers, content type, JSON body; see openapi-check.ts): a difference fails the test
 * that made the request, with the reasons. buildTestApp does this for every API test; a test that
 * builds its own app calls it too.
 */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  sharedChecker ??= createResponseChecker();
  const checker = sharedChecker;
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await inject(options);
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const method = String(opts.method ?? 'GET');
    const url = typeof opts.url === 'string' ? opts.url : String(opts.path ?? '/');
    const problems = checker.check({
      method,
      url,
      status: res.statusCode,
      headers: res.headers,
      body: res.rawPayload,
    });
    // OPENAPI_SWEEP_LOG=<file>: one line per checked answer, for counting what the suite covers.
    if (process.env.OPENAPI_SWEEP_LOG)
      fs.appendFileSync(
        process.env.OPENAPI_SWEEP_LOG,
        `${method} ${url.split('?')[0]} ${res.statusCode} ${problems.length}\n`,
      );
    if (problems.length > 0) {
      throw new Error(
        `${method} ${url} answered ${res.statusCode}, which openapi/openapi.json does not allow:\n- ${problems.join('\n- ')}\n` +
          `body: ${res.payload.slice(0, 400)}`,
      );
    }
    return res;
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}
