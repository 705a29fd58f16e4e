import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { adoptUnsentMail } from '../../src/server/background-jobs';
import { enqueueMail } from '../../src/server/platform/mail/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/domains/auth/tables';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { advertisingServices } from '../../src/server/domains/site-content/tables';
import { outbox } from '../../src/server/platform/db/tables';
import { spawnApp } from '../helpers/app-process';
import { freePort, waitUntilUp } from '../helpers/net';
import {
  exportDatabase,
  importDatabase,
  restoreBackupArchive,
  writeBackupArchive,
} from '../../src/server/platform/backup';
import { buildTestApp, type TestApp } from '../helpers/app';
import { schemaTables } from '../helpers/tables';
import { openDatabase } from '../../src/server/platform/db/client';
import { BACKED_UP, NOT_BACKED_UP, runSeeds } from '../../src/server/domains';
import { scaled } from '../helpers/timeouts';

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
    const db = t.deps.db;
    const [user] = await db
      .insert(users)
      .values({
        name: 'Backup Admin',
        email: 'backup@example.co.uk',
        passwordHash: '$argon2id$v=19$m=47104,t=1,p=1$x$y',
      })
      .returning();
    await db
      .insert(sessions)
      .values({ id: 'sess-1', secretHash: new Uint8Array([1, 2, 3, 250]), userId: user!.id });
    await db.insert(contactMessages).values({
      name: 'Priya Shah',
      email: 'priya@example.co.uk',
      subject: 'Free Workshop Reservation',
      message: 'Parent: Priya Shah\nChild age: 12',
      type: 'workshop_reservation',
      details: { childAge: 12, deviceType: 'Laptop' },
    });
    const storage = t.deps.storage;
    const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('photo-1.png', photo, 'image/png');
    await storage.put('.variants/photo-1-320.webp', Buffer.from('RIFF'), 'image/webp');

    const archive = path.join(dir, 'backup.tar.gz');
    await writeBackupArchive(db, storage, archive, BACKED_UP);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);

    // Damage everything after the backup.
    await db.delete(contactMessages);
    await db.delete(users);
    await db.update(advertisingServices).set({ title: 'Changed after the backup' });
    await storage.delete('photo-1.png');
    await storage.put('added-later.png', Buffer.from('x'), 'image/png');

    const counts = await restoreBackupArchive(db, storage, archive, BACKED_UP);
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
    const keys: string[] = [];
    for await (const { key } of storage.list()) keys.push(key);
    expect(keys.sort()).toEqual(['.variants/photo-1-320.webp', 'photo-1.png']);
    const restored = await storage.get('photo-1.png');
    expect(Buffer.concat(await restored!.body.toArray()).equals(photo)).toBe(true);

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
    await expect(restoreBackupArchive(t.deps.db, t.deps.storage, bogus, BACKED_UP)).rejects.toThrow();
    const res = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(res.json()).toHaveLength(4);
  });
});

describe('e-mails not yet sent', () => {
  it('a backup carries the queued and failed e-mails; the restored site queues them again at start', async () => {
    const db = t.deps.db;
    await t.deps.jobs.runDue();
    await enqueueMail(db, {
      kind: 'newsletter_confirmation',
      now: new Date(),
      message: { to: 'owed@example.co.uk', subject: 'Confirm', text: 'Owed before the backup.' },
    });
    const archive = path.join(dir, 'mail.tar.gz');
    await writeBackupArchive(db, t.deps.storage, archive, BACKED_UP);
    // After the backup: the e-mail goes, and another is queued; the restore takes both back.
    await t.deps.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.to === 'owed@example.co.uk')).toHaveLength(1);
    await enqueueMail(db, {
      kind: 'newsletter_confirmation',
      now: new Date(),
      message: { to: 'after@example.co.uk', subject: 'Confirm', text: 'Queued after the backup.' },
    });

    const counts = await restoreBackupArchive(db, t.deps.storage, archive, BACKED_UP);
    expect(counts.outbox).toBe(1);
    expect(await adoptUnsentMail(t.deps)).toBe(1);
    await t.deps.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.to === 'owed@example.co.uk')).toHaveLength(2);
    expect(t.mailer.sent.filter((m) => m.to === 'after@example.co.uk')).toHaveLength(0);
  });
});

describe('a backup made before the outbox named its records recordId', () => {
  it('restores the record an e-mail is about from contactMessageId', async () => {
    const backup = await exportDatabase(t.deps.db, BACKED_UP);
    const at = new Date().toISOString();
    backup.tables.outbox = [
      {
        id: 1,
        kind: 'contact_notification',
        message: { to: 'owner@example.co.uk', subject: 'Old enquiry', text: 'From an old backup.' },
        contactMessageId: 4242,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: at,
        createdAt: at,
      },
    ];
    await importDatabase(t.deps.db, backup, BACKED_UP);
    const rows = await t.deps.db.select({ kind: outbox.kind, recordId: outbox.recordId }).from(outbox);
    expect(rows).toEqual([{ kind: 'contact_notification', recordId: 4242 }]);
    await t.deps.db.delete(outbox);
  });
});

describe('what a backup holds', () => {
  it('every table of the schema is backed up or left out on purpose', async () => {
    const { getTableName } = await import('drizzle-orm');
    const all = (await schemaTables()).map((t) => getTableName(t)).sort();
    const listed = [...BACKED_UP, ...NOT_BACKED_UP].map((t) => getTableName(t)).sort();
    expect(listed).toEqual(all);
  });
});

describe('npm run backup / npm run restore', () => {
  it(
    'backs up and restores the embedded database of a data folder',
    { timeout: scaled(120_000) },
    async () => {
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
    },
  );
});

// A backup taken while the site runs and is written to restores to a consistent site. On
// the embedded default the running site writes it (no second process may open its folder), and a
// restore or a second start while it runs is refused in plain words.
describe('a backup of the running site', () => {
  it(
    'is written by the site during writes and restores every enquiry acknowledged before it, with its e-mail',
    { timeout: scaled(240_000) },
    async () => {
      const dataDir = path.join(dir, 'live');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMIT_MULTIPLIER: '1000',
      };
      delete env.DATABASE_URL;
      const server = spawnApp({ from: 'source', port, dataDir, env: { RATE_LIMIT_MULTIPLIER: '1000' } });
      const { exited } = server;
      const cli = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
            env: { ...env, ...extraEnv },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr.on('data', (d: Buffer) => (output += d.toString()));
          child.once('exit', (code) => resolve({ code, output }));
        });
      try {
        expect(await waitUntilUp(`${base}/readyz`, 120_000)).toBe(true);
        const acknowledged: string[] = [];
        let writing = true;
        let n = 0;
        const writers = Array.from({ length: 4 }, async () => {
          while (writing) {
            const token = `[live-${++n}]`;
            const res = await fetch(`${base}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                name: 'Live Parent',
                email: 'live@example.co.uk',
                subject: '',
                message: `A place: ${token}`,
                type: 'workshop_reservation',
              }),
            });
            expect(res.status).toBe(200);
            acknowledged.push(token);
          }
        });
        await new Promise((r) => setTimeout(r, 1000));
        const before = [...acknowledged];
        const archive = path.join(dir, 'live.tar.gz');
        const backup = await cli(['src/server/cli/backup.ts', 'backup', archive]);
        expect(backup.output).toContain(`Backup written to ${archive} by the running site`);
        expect(backup.code).toBe(0);
        // The site is still writing: a restore or a second start on its folder is refused.
        const restoreWhileRunning = await cli(['src/server/cli/backup.ts', 'restore', archive]);
        expect(restoreWhileRunning.code).toBe(1);
        expect(restoreWhileRunning.output).toMatch(
          /The data folder .* is in use by the site \(pid \d+\)\. Stop it first/,
        );
        const second = await cli(['src/server/main.ts'], { PORT: String(await freePort()) });
        expect(second.code).toBe(1);
        expect(second.output).toContain('is in use by the site');
        writing = false;
        await Promise.all(writers);
        expect(acknowledged.length).toBeGreaterThan(before.length);

        // Restored into a new install.
        const restoredDir = path.join(dir, 'restored');
        const restore = await cli(['src/server/cli/backup.ts', 'restore', archive], {
          DATA_DIR: restoredDir,
        });
        expect(restore.code, restore.output).toBe(0);
        const restored = await openDatabase({ dataDir: path.join(restoredDir, 'pglite') });
        try {
          const messages = await restored.db
            .select({ id: contactMessages.id, message: contactMessages.message })
            .from(contactMessages);
          const mails = await restored.db.select({ recordId: outbox.recordId }).from(outbox);
          const sent = await restored.db
            .select({ id: contactMessages.id })
            .from(contactMessages)
            .where(isNotNull(contactMessages.notificationSentAt));
          for (const token of before)
            expect(
              messages.filter((m) => m.message.endsWith(token)),
              token,
            ).toHaveLength(1);
          // One snapshot: every enquiry in the backup has the e-mail written in its transaction,
          // sent already or carried unsent.
          const withMail = new Set([...mails.map((m) => m.recordId), ...sent.map((m) => m.id)]);
          expect(messages.filter((m) => !withMail.has(m.id))).toEqual([]);
          expect(messages.length).toBeLessThanOrEqual(acknowledged.length);
        } finally {
          await restored.close();
        }
      } finally {
        server.child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
  );
});
