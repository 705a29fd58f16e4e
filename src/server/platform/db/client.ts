import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteMemory } from './pglite-durable';
import { createDataFolder, inspectDataFolder, openFailure } from './pglite-folder';

/**
 * The Drizzle database every query runs on. Queries name their tables (each domain's tables.ts, the
 * platform's db/tables.ts); Drizzle's relational query API, which would need every table up front,
 * is not used.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** How the embedded database's folder was found at start (absent on PostgreSQL and in memory). */
  startup?: PgliteStartup;
  /** True when the database answers a trivial query within a second. */
  ping(): Promise<boolean>;
  /**
   * Raw SQL for the job queue (pg-boss's `db` option, platform/jobs/queue.ts): with values, one
   * statement with $1.. parameters; without, possibly several statements (its own migrations).
   */
  executeSql: SqlExecutor['executeSql'];
  serially: NonNullable<SqlExecutor['serially']>;
  /** Tests only: the in-memory PGlite's files (PGlite's dumpDataDir), to start the next one from. */
  dumpPglite?: () => Promise<Blob>;
  /**
   * The embedded database only: rows in COPY's text format through `statement` (a
   * `COPY table (columns) FROM '/dev/blob'`), its cheapest way in (about half the time of an
   * insert from JSON, on this thread). Without waitForDisk the commit does not wait for the WAL's
   * fsync (synchronous_commit off): the next one that waits takes these rows with it.
   */
  copyIn?(statement: string, lines: Uint8Array, options: { waitForDisk: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  /**
   * Runs `task` while no other instance on this database runs a `serially` task of its own (on
   * PostgreSQL, a session advisory lock; the embedded database has one process). For set-up that
   * replicas started together would otherwise interleave: migrations, and pg-boss 10's
   * create_queue, which deadlocks with itself when two instances create the same queues at once.
   */
  serially?<T>(task: () => Promise<T>): Promise<T>;
}

/** Where the committed drizzle-kit migrations are, from source and from the bundled server alike. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
    path.resolve(process.cwd(), 'src/server/platform/db/migrations'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

/** What opening the embedded database's folder took, for the start-up log. */
export type PgliteStartup =
  | { kind: 'created'; ms: number }
  | { kind: 'opened'; ms: number }
  /** The last run did not shut down (killed, or the power went): Postgres replayed its log. */
  | { kind: 'recovered'; ms: number };

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; without it PGlite lives in memory (tests). */
  dataDir?: string;
  /** Aborted by SIGTERM/SIGINT during start-up: a database being made is abandoned (StartAbandoned). */
  signal?: AbortSignal;
  /** PGlite's memory (shared_buffers, work_mem); a small site's by default (pglite-durable.ts). */
  pgliteMemory?: PgliteMemory;
  /** A new folder is made with PGlite's initdb even when the template matches (pglite-folder.ts). */
  initdb?: boolean;
  /** Tests only: another migrations folder. */
  migrationsFolder?: string;
  /**
   * Tests only: an in-memory PGlite starts from this dump (PGlite's dumpDataDir) instead of running
   * initdb, which would take seconds of each test file's start
   * (docs/bench/2026-11-24-embedded-database-memory.md).
   */
  pgliteDump?: Blob;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrations = options.migrationsFolder ?? migrationsFolder();
  return options.databaseUrl
    ? await openPostgres(options.databaseUrl, migrations)
    : await openPglite(options, migrations);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function openPglite(
  { dataDir, signal, pgliteMemory, initdb, pgliteDump }: OpenDatabaseOptions,
  migrations: string,
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLITE_EXTENSIONS, openDurablePglite } = await import('./pglite-durable');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let startup: PgliteStartup | undefined;
  let client: InstanceType<typeof PGlite>;
  if (dataDir) {
    const started = performance.now();
    const folder = inspectDataFolder(dataDir);
    if (folder.kind === 'missing') await createDataFolder(dataDir, { signal, initdb });
    client = openDurablePglite(dataDir, pgliteMemory);
    try {
      await client.waitReady;
    } catch (error) {
      throw openFailure(dataDir, error);
    }
    const ms = Math.round(performance.now() - started);
    startup = {
      kind: folder.kind === 'missing' ? 'created' : folder.uncleanStop ? 'recovered' : 'opened',
      ms,
    };
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: pgliteDump });
  }
  const db = drizzle(client);
  // drizzle applies every pending migration in one transaction: one interrupted half way is rolled
  // back with it and runs again at the next start.
  try {
    await migrate(db, { migrationsFolder: migrations });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    startup,
    dumpPglite: async () => client.dumpDataDir('none'),
    async copyIn(statement, lines, { waitForDisk }) {
      // The Blob is a copy: the caller's bytes may be reused once this returns.
      const blob = new Blob([lines as Uint8Array<ArrayBuffer>]);
      if (waitForDisk) {
        await client.query(statement, [], { blob });
        return;
      }
      await client.transaction(async (tx) => {
        await tx.exec('set local synchronous_commit to off');
        await tx.query(statement, [], { blob });
      });
    },
    // One process owns the embedded database's folder: there is no other instance to wait for.
    serially: (task) => task(),
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows as never };
      // Several statements need exec (the extended protocol takes one); pg-boss sends its schema
      // changes as BEGIN; ...; COMMIT in one string. One that fails half way must not leave the
      // single connection inside an aborted transaction, which would refuse every later query.
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as never };
      } catch (error) {
        if (client.isInTransaction()) await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    async ping() {
      try {
        await withTimeout(db.execute(sql`select 1`), 1000);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
    },
  };
}

/** The advisory lock `serially` holds on PostgreSQL (any fixed number no other code uses). */
const SET_UP_LOCK_ID = 4_817_017;

async function openPostgres(url: string, migrations: string): Promise<DatabaseHandle> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // How long a request waits for a connection, free or new. A server that is gone refuses a new
    // one at once (503 straight away); a burst that holds all ten (twenty bookings at once on a busy
    // machine) is waited out, as no statement runs longer than statement_timeout, instead of
    // refusing the visitors queued behind it.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool);
  async function serially<T>(task: () => Promise<T>): Promise<T> {
    // The lock is held by one pooled connection for the task's length; the task itself may use
    // any other (the lock keeps other instances out, not this one's own queries).
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [SET_UP_LOCK_ID]);
      return await task();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [SET_UP_LOCK_ID]).catch(() => {});
      lock.release();
    }
  }
  // Instances started together (replicas of one deployment) migrate one after the other: the
  // first applies what is pending, the rest then find nothing to do.
  await serially(() => migrate(db, { migrationsFolder: migrations }));
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async executeSql(text, values) {
      return (await pool.query(text, values)) as never;
    },
    serially,
    async ping() {
      try {
        await withTimeout(pool.query('select 1'), 1000);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}
