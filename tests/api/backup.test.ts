import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, sessions, users, advertisingServices } from '../../src/server/db/schema';
import { restoreBackupArchive, writeBackupArchive } from '../../src/server/services/backup';
import { buildTestApp, type TestApp } from '../helpers/app';
import { openDatabase } from '../../src/server/db/client';
import { runSeeds } from '../../src/server/db/seed';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-backup-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips rows of every kind and the uploaded files', async () => {
    const db = t.deps.db.db;
    const [user] = await db
      .insert(users)
      .values({ name: 'Backup Admin', email: 'backup@example.co.uk', passwordHash: '$argon2id$v=19$m=47104,t=1,p=1$x$y' })
      .returning();
    await db.insert(sessions).values({ id: 'sess-1', secretHash: new Uint8Array([1, 2, 3, 250]), userId: user!.id });
    await db.insert(contactMessages).values({
      name: 'Priya Shah',
      email: 'priya@example.co.uk',
      subject: 'Free Workshop Reservation',
      message: 'Parent: Priya Shah\nChild age: 12',
      type: 'workshop_reservation',
      details: { childAge: 12, deviceType: 'Laptop' },
    });
    fs.mkdirSync(t.config.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'photo-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));

    const archive = path.join(dir, 'backup.tar.gz');
    await writeBackupArchive(db, t.config.uploadsDir, archive);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);

    // Damage everything after the backup.
    await db.delete(contactMessages);
    await db.delete(users);
    await db.update(advertisingServices).set({ title: 'Changed after the backup' });
    fs.rmSync(t.config.uploadsDir, { recursive: true, force: true });
    fs.mkdirSync(t.config.uploadsDir);
    fs.writeFileSync(path.join(t.config.uploadsDir, 'added-later.png'), 'x');

    const counts = await restoreBackupArchive(db, t.config.uploadsDir, archive);
    expect(counts.users).toBe(1);
    expect(counts.contact_messages).toBe(1);

    const [restoredUser] = await db.select().from(users);
    expect(restoredUser).toMatchObject({ id: user!.id, name: 'Backup Admin', email: 'backup@example.co.uk' });
    expect(restoredUser!.createdAt).toBeInstanceOf(Date);
    expect(restoredUser!.createdAt.getTime()).toBe(user!.createdAt.getTime());
    const [session] = await db.select().from(sessions).where(eq(sessions.id, 'sess-1'));
    expect(Array.from(session!.secretHash)).toEqual([1, 2, 3, 250]);
    const [message] = await db.select().from(contactMessages);
    expect(message!.details).toEqual({ childAge: 12, deviceType: 'Laptop' });
    expect(message!.message).toBe('Parent: Priya Shah\nChild age: 12');
    const services = await db.select().from(advertisingServices);
    expect(services).toHaveLength(4);
    expect(services.some((s) => s.title === 'Changed after the backup')).toBe(false);
    expect(fs.readdirSync(t.config.uploadsDir)).toEqual(['photo-1.png']);

    // New rows carry on after the restored ids instead of colliding with them.
    const [next] = await db
      .insert(users)
      .values({ name: 'Second', email: 'second@example.co.uk', passwordHash: 'x' })
      .returning();
    expect(next!.id).toBeGreaterThan(user!.id);

    const res = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(res.json()).toHaveLength(4);
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const bogus = path.join(dir, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not an archive');
    await expect(restoreBackupArchive(t.deps.db.db, t.config.uploadsDir, bogus)).rejects.toThrow();
    const res = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(res.json()).toHaveLength(4);
  });
});

describe('npm run backup / npm run restore', () => {
  it('backs up and restores the embedded database of a data folder', { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    // The embedded database, whatever this test run uses: the CLI must work on a fresh install.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const run = (...args: string[]) =>
      execFileSync('npx', ['tsx', 'src/server/cli/backup.ts', ...args], { env, encoding: 'utf8' });
    const archive = path.join(dir, 'cli.tar.gz');
    const countServices = async () => {
      const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        return (await handle.db.select().from(advertisingServices)).length;
      } finally {
        await handle.close();
      }
    };
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await runSeeds(handle.db);
    await handle.close();

    expect(run('backup', archive)).toMatch(/Backup written to .*cli\.tar\.gz/);
    const wipe = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await wipe.db.delete(advertisingServices);
    await wipe.close();
    expect(await countServices()).toBe(0);

    expect(run('restore', archive)).toMatch(/Restored \d+ rows into the pglite database/);
    expect(await countServices()).toBe(4);
  });
});
