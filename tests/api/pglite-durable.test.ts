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
