// A commit on the PGlite data folder reaches the disk (fsync on the real file), and postgres
// runs with fsync=on. Fails if a PGlite upgrade brings back -F or drops the NODEFS flush.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDurablePglite } from '../../src/server/platform/db/pglite-durable';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-durable-'));
  dirs.push(dir);
  return dir;
}

describe('PGlite commits are flushed', () => {
  it('runs with fsync on and calls fsync on the real files when a commit is made', async () => {
    const dir = tempDir();
    const pg = openDurablePglite(dir);
    await pg.exec('create table t (id int primary key, v text)');
    expect((await pg.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
    expect(
      (await pg.query<{ wal_sync_method: string }>('show wal_sync_method')).rows[0]?.wal_sync_method,
    ).toBe('fsync');
    expect((await pg.query<{ wal_init_zero: string }>('show wal_init_zero')).rows[0]?.wal_init_zero).toBe(
      'off',
    );

    const fsyncSpy = vi.spyOn(fs, 'fsyncSync');
    const fdatasyncSpy = vi.spyOn(fs, 'fdatasyncSync');
    await pg.query('insert into t values ($1, $2)', [1, 'acknowledged']);
    const flushes = fsyncSpy.mock.calls.length + fdatasyncSpy.mock.calls.length;
    expect(flushes).toBeGreaterThanOrEqual(1);
    // The flushed descriptor is a file in this data folder's WAL.
    const fd = (fsyncSpy.mock.calls[0] ?? fdatasyncSpy.mock.calls[0])?.[0] as number;
    const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    expect(target.startsWith(fs.realpathSync(dir))).toBe(true);
    expect(target).toContain('pg_wal');
    await pg.close();

    // The data folder opens again with the row.
    const again = openDurablePglite(dir);
    expect((await again.query<{ v: string }>('select v from t where id = 1')).rows[0]?.v).toBe(
      'acknowledged',
    );
    await again.close();
  });

  it('opens a data folder made by a plain PGlite (existing installs keep working)', async () => {
    const dir = tempDir();
    const { PGlite } = await import('@electric-sql/pglite');
    const old = new PGlite(dir);
    await old.exec("create table t (v text); insert into t values ('old')");
    await old.close();
    const pg = openDurablePglite(dir);
    expect((await pg.query<{ v: string }>('select v from t')).rows[0]?.v).toBe('old');
    await pg.close();
  });

  it("runs with a small site's memory, or what the operator sets (issue 24.3)", async () => {
    const dir = tempDir();
    const show = async (pg: Awaited<ReturnType<typeof openDurablePglite>>, name: string) =>
      ((await pg.query<Record<string, string>>(`show ${name}`)).rows[0] ?? {})[name];
    const small = openDurablePglite(dir);
    expect(await show(small, 'shared_buffers')).toBe('16MB');
    expect(await show(small, 'work_mem')).toBe('2MB');
    expect(await show(small, 'maintenance_work_mem')).toBe('16MB');
    await small.close();
    const bigger = openDurablePglite(dir, { sharedBuffers: '64MB', workMem: '8MB' });
    expect(await show(bigger, 'shared_buffers')).toBe('64MB');
    expect(await show(bigger, 'work_mem')).toBe('8MB');
    await bigger.close();
  });
});

describe("a batch's log flush off the event loop's thread", () => {
  const copyRows = (ids: number[]) =>
    new TextEncoder().encode(ids.map((id) => `${id}\tview ${id}\n`).join(''));

  /** The data folder through the app's own handle, with no migrations of the app's. */
  async function open(dir: string) {
    const { openDatabase } = await import('../../src/server/platform/db/client');
    const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-durable-migrations-'));
    dirs.push(migrations);
    fs.mkdirSync(path.join(migrations, 'meta'));
    fs.writeFileSync(
      path.join(migrations, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
    );
    return openDatabase({ dataDir: dir, migrationsFolder: migrations });
  }

  async function openTable(dir: string) {
    const handle = await open(dir);
    await handle.executeSql('create table views (id int primary key, v text)');
    return handle;
  }

  it('is written by the thread pool, never by this thread, and the rows are there after a restart', async () => {
    const dir = tempDir();
    const handle = await openTable(dir);
    const onThisThread = vi.spyOn(fs, 'fsyncSync');
    const sync = vi.spyOn(fs.promises, 'open');
    await handle.copyIn!("copy views (id, v) from '/dev/blob'", copyRows([1, 2, 3]), { waitForDisk: true });
    expect(onThisThread).not.toHaveBeenCalled();
    // The log file of this folder was opened for its flush on the pool.
    const opened = sync.mock.calls.map(([file]) => String(file));
    expect(opened.some((file) => file.startsWith(fs.realpathSync(dir)) && file.includes('pg_wal'))).toBe(
      true,
    );
    await handle.close();

    const again = await open(dir);
    expect((await again.executeSql('select count(*)::int as n from views')).rows[0]?.n).toBe(3);
    await again.close();
  });

  it('is made on this thread first when anything else would reach the disk before it', async () => {
    const dir = tempDir();
    const handle = await openTable(dir);
    const order: string[] = [];
    const realFsync = fs.fsyncSync;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      order.push(`fsync ${fs.readlinkSync(`/proc/self/fd/${fd}`).includes('pg_wal') ? 'log' : 'other'}`);
      realFsync(fd);
    });
    // The pool's flush is held back, so a checkpoint comes while the batch's log is not yet flushed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const realOpen = fs.promises.open;
    vi.spyOn(fs.promises, 'open').mockImplementation(async (...args) => {
      await held;
      return realOpen(...(args as Parameters<typeof realOpen>));
    });
    const batch = handle.copyIn!("copy views (id, v) from '/dev/blob'", copyRows([1, 2]), {
      waitForDisk: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A checkpoint writes data pages and pg_control: the log they follow is flushed before them.
    await handle.executeSql('checkpoint');
    expect(order[0]).toBe('fsync log');
    expect(order.filter((step) => step === 'fsync other').length).toBeGreaterThan(0);
    release();
    await batch;
    await handle.close();
  });
});

describe('LogFlush', () => {
  it('passes over a deferred log file renamed since, as postgres does when it makes a new segment', async () => {
    const { LogFlush } = await import('../../src/server/platform/db/pglite-durable');
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'pg_wal'));
    const temp = path.join(dir, 'pg_wal', 'xlogtemp.1');
    const segment = path.join(dir, 'pg_wal', '000000010000000000000002');
    fs.writeFileSync(temp, 'log');
    // Streams as NODEFS passes them: the path inside PGlite, the real path through realPath.
    const stream = (real: string) => ({ path: `/pglite/data/${path.relative(dir, real)}`, node: real });
    const flush = new LogFlush((s) => s.node as string);
    await flush.deferDuring(async () => {
      flush.fsync(stream(temp));
      fs.renameSync(temp, segment);
      flush.fsync(stream(segment));
    });
    // The folder's own flush comes next (not a log file): the deferred files first, the renamed
    // one passed over instead of thrown about inside postgres's call.
    const folder = fs.openSync(path.join(dir, 'pg_wal'), 'r');
    try {
      expect(() =>
        flush.fsync({ path: '/pglite/data/pg_wal', node: path.join(dir, 'pg_wal'), nfd: folder }),
      ).not.toThrow();
    } finally {
      fs.closeSync(folder);
    }
    await flush.settle();

    // And by the pool, when nothing came first.
    fs.writeFileSync(temp, 'log');
    await flush.deferDuring(async () => {
      flush.fsync(stream(temp));
      fs.renameSync(temp, segment);
    });
    await expect(flush.settle()).resolves.toBeUndefined();
  });
});
