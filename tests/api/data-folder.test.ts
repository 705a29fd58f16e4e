// The embedded database's folder is made whole or not at all, a damaged one is
// reported in plain words, an interrupted migration runs again, and an unclean stop is told apart.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../src/server/platform/db/client';
import {
  DataFolderError,
  StartAbandoned,
  createDataFolder,
  creationMethod,
  findTemplate,
  inspectDataFolder,
  installedPgliteVersion,
} from '../../src/server/platform/db/pglite-folder';
import { scaled } from '../helpers/timeouts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-data-folder-'));
  dirs.push(dir);
  return dir;
}

/** The rows of a raw query's result (the Database type leaves them untyped). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const WHOLE = ['PG_VERSION', 'postgresql.conf', 'pg_hba.conf', 'global/pg_control', 'base', 'pg_wal'];

/** The processes still running the database-making child for this folder. */
function childrenFor(folder: string): number {
  let count = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`${folder}.creating`)) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

describe('the first start', () => {
  it('makes the folder beside its place and renames it in, removing a leftover .creating first', { timeout: scaled(120_000) }, async () => {
    const parent = tempDir();
    const dataDir = path.join(parent, 'pglite');
    // What a start killed half way left: a partial cluster under the temporary name.
    fs.mkdirSync(path.join(dataDir + '.creating', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir + '.creating', 'PG_VERSION'), '17\n');

    const db = await openDatabase({ dataDir });
    try {
      expect(db.startup?.kind).toBe('created');
      expect(fs.readdirSync(parent).sort()).toEqual(['pglite']);
      for (const entry of WHOLE) expect(fs.existsSync(path.join(dataDir, entry)), entry).toBe(true);
      await db.db.execute(sql`select 1`);
    } finally {
      await db.close();
    }
    expect(inspectDataFolder(dataDir)).toEqual({ kind: 'ready', uncleanStop: false });

    const again = await openDatabase({ dataDir });
    expect(again.startup?.kind).toBe('opened');
    await again.close();
  });

  it('takes an empty folder (made by hand or by an older version) as no folder', { timeout: scaled(120_000) }, async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    fs.mkdirSync(dataDir);
    const db = await openDatabase({ dataDir });
    expect(db.startup?.kind).toBe('created');
    await db.close();
  });

  it('stopped by a signal, leaves no folder, no half-made copy and no child behind', { timeout: scaled(120_000) }, async () => {
    const parent = tempDir();
    const dataDir = path.join(parent, 'pglite');
    const stop = new AbortController();
    // PGlite's initdb in a child (the template unpacks too fast to be stopped half way in a test).
    const opening = openDatabase({ dataDir, signal: stop.signal, initdb: true });
    // Stopped while the child is making the cluster.
    await expect.poll(() => fs.existsSync(`${dataDir}.creating`), { timeout: 30_000, interval: 20 }).toBe(true);
    stop.abort();
    await expect(opening).rejects.toBeInstanceOf(StartAbandoned);
    expect(fs.readdirSync(parent)).toEqual([]);
    expect(childrenFor(dataDir)).toBe(0);
  });
});

describe('the template a first start unpacks (issue 24.2)', () => {
  it('was made by the installed PGlite and holds what its initdb makes now', { timeout: scaled(120_000) }, async () => {
    const template = findTemplate();
    expect(template, 'run npm run db:template').not.toBeNull();
    expect(template!.pglite, 'the template is of another PGlite: run npm run db:template').toBe(installedPgliteVersion());
    expect(creationMethod()).toBe('template');

    const parent = tempDir();
    await createDataFolder(path.join(parent, 'made'), { initdb: true });
    await createDataFolder(path.join(parent, 'unpacked'));
    // PG_VERSION, and pg_control's format and catalogue versions (bytes 8-15).
    const facts = (dir: string) => ({
      version: fs.readFileSync(path.join(parent, dir, 'PG_VERSION'), 'utf8'),
      control: fs.readFileSync(path.join(parent, dir, 'global', 'pg_control')).subarray(8, 16).toString('hex'),
    });
    expect(facts('unpacked')).toEqual(facts('made'));
    const db = await openDatabase({ dataDir: path.join(parent, 'unpacked') });
    try {
      expect(db.startup?.kind).toBe('opened');
      expect(rowsOf(await db.db.execute(sql`select count(*)::int as n from blog_posts`))).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});

describe('a folder that exists but cannot be used', () => {
  it('names the missing file and what to do, when a start of an older version was killed while copying', async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toContain(`The database folder ${dataDir} is incomplete: postgresql.conf is missing.`);
    expect((error as Error).message).toContain('npm run restore');
    expect((error as Error).message).not.toMatch(/Failed query|CREATE SCHEMA/);
  });

  it('says a folder whose control file is damaged could not be opened, in plain words', { timeout: scaled(120_000) }, async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    const db = await openDatabase({ dataDir });
    await db.close();
    fs.writeFileSync(path.join(dataDir, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toContain(`The database in ${dataDir} could not be opened`);
    expect((error as Error).message).toContain(`Move ${dataDir} aside`);
  });
});

describe('migrations', () => {
  it('roll back whole when one fails half way, and run again at the next start', { timeout: scaled(120_000) }, async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    const folder = path.join(tempDir(), 'migrations');
    fs.cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<Record<string, unknown>> };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: journal.entries.length, when: (last.when as number) + 1000, tag: '9999_probe' });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    // Its first statement works, its second fails: as if the process died between them.
    const probe = path.join(folder, '9999_probe.sql');
    fs.writeFileSync(probe, 'CREATE TABLE "migration_probe" ("id" integer);\n--> statement-breakpoint\nSELECT 1/0;\n');

    await expect(openDatabase({ dataDir, migrationsFolder: folder })).rejects.toThrow();
    const between = await openDatabase({ dataDir });
    try {
      const tables = await between.db.execute(sql`select to_regclass('public.migration_probe') as t`);
      expect(rowsOf(tables)[0]).toEqual({ t: null });
      // Every earlier migration of that run was rolled back with it, so they all run again below.
    } finally {
      await between.close();
    }

    fs.writeFileSync(probe, 'CREATE TABLE "migration_probe" ("id" integer);\n');
    const fixed = await openDatabase({ dataDir, migrationsFolder: folder });
    try {
      const tables = await fixed.db.execute(sql`select to_regclass('public.migration_probe')::text as t`);
      expect(rowsOf(tables)[0]).toEqual({ t: 'migration_probe' });
    } finally {
      await fixed.close();
    }
  });
});

describe('after an unclean stop', () => {
  it('is told apart from a clean one, and the acknowledged row is there', { timeout: scaled(120_000) }, async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    await (await openDatabase({ dataDir })).close();
    // Another process writes, is told "committed", and is killed before it can shut the database down.
    const script = `
      import { openDurablePglite } from './src/server/platform/db/pglite-durable.ts';
      const pg = openDurablePglite(process.argv[1]);
      await pg.exec("create table kill_probe (v text); insert into kill_probe values ('acknowledged')");
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], { stdio: 'inherit' });
    const signal = await new Promise((resolve) => child.once('exit', (_code, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    expect(inspectDataFolder(dataDir)).toEqual({ kind: 'ready', uncleanStop: true });

    const db = await openDatabase({ dataDir });
    try {
      expect(db.startup?.kind).toBe('recovered');
      expect(db.startup?.ms).toBeGreaterThan(0);
      const rows = await db.db.execute(sql`select v from kill_probe`);
      expect(rowsOf(rows)).toEqual([{ v: 'acknowledged' }]);
    } finally {
      await db.close();
    }
    expect(inspectDataFolder(dataDir)).toEqual({ kind: 'ready', uncleanStop: false });
  });
});
