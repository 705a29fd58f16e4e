import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { contactMessages, outbox, passwordResetTokens } from '../../src/server/db/schema';
import { sendContactMessage } from '../../src/server/services/contact';
import { createMailer, createMemoryMailer, type MailMessage } from '../../src/server/services/mail';
import {
  enqueueMail,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  pruneSentMail,
  retryDelayMs,
  SENT_MAIL_KEPT_DAYS,
  sendDueMail,
  startOutboxWorker,
} from '../../src/server/services/outbox';
import { answered } from '../helpers/challenge';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp';

// Issue 22.4: every promised e-mail is a row of the outbox written with the write that promises
// it, sent by the worker with retries, at least once, never twice by two workers.

let t: TestApp;
let smtp: FakeSmtp;
let auth: { authorization: string };

const enquiry = {
  name: 'Rita Moss',
  email: 'rita@moss-florists.co.uk',
  subject: 'Advert',
  message: 'Prices, please.',
  type: 'advertising',
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await buildTestApp({ seed: false, outbox: 'manual' });
  // The real SMTP client against the local server, as SMTP_URL would give in production.
  t.deps.mailer = createMailer({
    from: 'website@hertslocalmedia.co.uk',
    smtpUrl: smtp.url,
    outboxDir: path.join(t.config.dataDir, 'outbox'),
  });
  ({ auth } = await signedInAdmin(t, {
    name: 'Olive Outbox',
    email: 'olive@hertslocalmedia.co.uk',
    password: 'Ware-Lock-Kingfisher-8',
  }));
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function queuedCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'queued'));
  return Number(row!.n);
}

async function latestEnquiryId(): Promise<number> {
  const [row] = await t.deps.db.select({ id: sql<number>`max(${contactMessages.id})` }).from(contactMessages);
  return Number(row!.id);
}

async function notificationOf(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/enquiries/${id}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().notification as {
    status: string;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    nextAttemptAt: string | null;
  };
}

describe('the e-mail outbox', () => {
  it('queues the notification with the enquiry; the answer does not wait for it, and the inbox says queued', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, enquiry),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.contactMessageId, id));
    expect(row).toMatchObject({ kind: 'contact_notification', status: 'queued', attempts: 0 });
    expect((row!.message as unknown as MailMessage).replyTo).toBe('Rita Moss <rita@moss-florists.co.uk>');
    expect(await notificationOf(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth });
    expect(list.json().items.find((r: { id: number }) => r.id === id).notification.status).toBe('queued');

    expect(await sendDueMail(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.at(-1)!.to).toEqual([t.config.BUSINESS_INBOX]);
    expect(smtp.received.at(-1)!.data).toContain('Prices, please.');
    const sent = await notificationOf(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(sent.sentAt).not.toBeNull();
  });

  it('keeps neither the enquiry nor its e-mail when the transaction fails at commit', async () => {
    // A deferred constraint trigger fails the commit after both rows were written.
    await t.deps.db.execute(
      sql.raw(`
      create function refuse_rollback_test() returns trigger language plpgsql as $$
      begin
        if new.email = 'commit-fails@example.co.uk' then raise exception 'commit refused for the test'; end if;
        return new;
      end $$`),
    );
    await t.deps.db.execute(
      sql.raw(`
      create constraint trigger refuse_rollback_test after insert on contact_messages
        deferrable initially deferred for each row execute function refuse_rollback_test();`),
    );
    try {
      const enquiriesBefore = await t.deps.db.select({ n: count() }).from(contactMessages);
      const mailBefore = await t.deps.db.select({ n: count() }).from(outbox);
      const error = (await sendContactMessage(t.deps, {
        name: 'Nina Null',
        email: 'commit-fails@example.co.uk',
        subject: 'Free Workshop Reservation',
        message: 'A place for my son, please.',
        type: 'workshop_reservation',
      }).catch((e: unknown) => e)) as Error & { cause?: Error };
      // PGlite reports the commit's error itself, node-postgres through drizzle's wrapper.
      expect(`${error.message} ${error.cause?.message}`).toMatch(/commit refused/);
      expect(await t.deps.db.select({ n: count() }).from(contactMessages)).toEqual(enquiriesBefore);
      expect(await t.deps.db.select({ n: count() }).from(outbox)).toEqual(mailBefore);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_rollback_test on contact_messages'));
      await t.deps.db.execute(sql.raw('drop function refuse_rollback_test()'));
    }
  });

  it('a password reset link is stored with its e-mail; a failed e-mail write keeps no link', async () => {
    await t.deps.db.execute(
      sql.raw(`
      create function refuse_outbox_test() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused for the test'; end $$`),
    );
    await t.deps.db.execute(
      sql.raw(`
      create trigger refuse_outbox_test before insert on outbox for each row execute function refuse_outbox_test();`),
    );
    const tokensBefore = await t.deps.db.select({ n: count() }).from(passwordResetTokens);
    try {
      const { requestPasswordReset } = await import('../../src/server/services/password-reset');
      const error = await requestPasswordReset(t.deps, 'olive@hertslocalmedia.co.uk').catch(
        (e: Error & { cause?: Error }) => e,
      );
      expect(String((error as Error & { cause?: Error }).cause?.message)).toMatch(/outbox refused/);
      expect(await t.deps.db.select({ n: count() }).from(passwordResetTokens)).toEqual(tokensBefore);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_outbox_test on outbox'));
      await t.deps.db.execute(sql.raw('drop function refuse_outbox_test()'));
    }
  });

  it('retries a message the mail server refuses (4xx, then 5xx) with growing waits, shows the error, then sends it once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, { ...enquiry, message: 'Retry me.' }),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    smtp.refuseNext('451 4.3.0 Mailbox busy, try later');
    smtp.refuseNext('554 5.7.1 Relay temporarily refused');
    const start = Date.now();
    t.setNow(new Date(start));
    try {
      expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 1 });
      const first = await notificationOf(id);
      expect(first).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      expect(first.lastError).toMatch(/451 4\.3\.0 Mailbox busy/);
      expect(Date.parse(first.nextAttemptAt!) - start).toBe(retryDelayMs(1));

      // Not due yet: nothing is tried.
      t.setNow(new Date(start + retryDelayMs(1) - 1000));
      expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 0 });

      t.setNow(new Date(start + retryDelayMs(1)));
      expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 1 });
      const second = await notificationOf(id);
      expect(second).toMatchObject({ status: 'queued', attempts: 2 });
      expect(second.lastError).toMatch(/554 5\.7\.1/);
      expect(Date.parse(second.nextAttemptAt!) - (start + retryDelayMs(1))).toBe(retryDelayMs(2));
      expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

      t.setNow(new Date(start + retryDelayMs(1) + retryDelayMs(2)));
      expect(await sendDueMail(t.deps)).toEqual({ sent: 1, failed: 0 });
      expect(await notificationOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(smtp.received.filter((m) => m.data.includes('Retry me.'))).toHaveLength(1);
    } finally {
      t.setNow(null);
    }
  });

  it('marks a message failed after the last attempt, with the error, and the inbox shows it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, { ...enquiry, message: 'Never delivered.' }),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    smtp.refuseNext('550 5.1.1 No such mailbox', OUTBOX_MAX_ATTEMPTS);
    let now = Date.now();
    try {
      for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
        t.setNow(new Date(now));
        expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 1 });
        now += retryDelayMs(attempt);
      }
      t.setNow(new Date(now + 24 * 3600_000));
      expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 0 });
    } finally {
      t.setNow(null);
    }
    const state = await notificationOf(id);
    expect(state).toMatchObject({
      status: 'failed',
      attempts: OUTBOX_MAX_ATTEMPTS,
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(state.lastError).toMatch(/550 5\.1\.1 No such mailbox/);
  });

  it('a message claimed by a worker that died is sent by another once the lease runs out, and only then', async () => {
    const now = new Date();
    await enqueueMail(t.deps.db, {
      kind: 'sign_in_alert',
      now,
      message: { to: 'lease@example.co.uk', subject: 'Lease', text: 'Lease test' },
    });
    // Worker A claims the message and dies before sending: its mail server never answers.
    const dying = { ...t.deps, mailer: { send: () => new Promise<void>(() => {}) } };
    void sendDueMail(dying, { workerId: 'worker-a' });
    await expect
      .poll(async () => (await t.deps.db.select().from(outbox).where(eq(outbox.lockedBy, 'worker-a'))).length)
      .toBe(1);

    const other = createMemoryMailer();
    const b = { ...t.deps, mailer: other };
    try {
      t.setNow(new Date(now.getTime() + OUTBOX_LEASE_MS - 1000));
      await sendDueMail(b, { workerId: 'worker-b' });
      expect(other.sent).toHaveLength(0);
      t.setNow(new Date(now.getTime() + OUTBOX_LEASE_MS + 1000));
      await sendDueMail(b, { workerId: 'worker-b' });
      expect(other.sent.map((m) => m.to)).toEqual(['lease@example.co.uk']);
    } finally {
      t.setNow(null);
    }
  });

  it('mail queued by a process that stopped before sending is sent by the next start, from the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-outbox-'));
    try {
      const { openDatabase } = await import('../../src/server/db/client');
      // First run: the enquiry is stored and its e-mail queued, then the process ends without sending.
      const first = await openDatabase({ dataDir });
      await sendContactMessage(
        { db: first.db, config: t.config, clock: () => new Date() },
        {
          name: 'Ken Kill',
          email: 'ken@example.co.uk',
          subject: 'Free Workshop Reservation',
          message: 'A place, please.',
          type: 'workshop_reservation',
        },
      );
      await first.close();
      // Next start on the same folder: the worker finds and sends it.
      const second = await openDatabase({ dataDir });
      const mailer = createMemoryMailer();
      const worker = startOutboxWorker(
        { db: second.db, mailer, clock: () => new Date(), config: t.config },
        { intervalMs: 20 },
      );
      await expect.poll(() => mailer.sent.length).toBe(1);
      await worker.stop();
      expect(mailer.sent[0]!.text).toContain('A place, please.');
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two workers sending the same queue never send one message twice', async () => {
    await sendDueMail(t.deps);
    const total = 60;
    const now = new Date();
    for (let i = 0; i < total; i += 1) {
      await enqueueMail(t.deps.db, {
        kind: 'newsletter_confirmation',
        now,
        message: { to: `pair${i}@example.co.uk`, subject: 'Pair', text: `n ${i}` },
      });
    }
    // Each send takes a little while, so the two workers' claims interleave.
    const slowMailer = () => {
      const inner = createMemoryMailer();
      return Object.assign(inner, {
        async send(message: MailMessage) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          inner.sent.push(message);
        },
      });
    };
    const [m1, m2] = [slowMailer(), slowMailer()];
    const w1 = startOutboxWorker({ ...t.deps, mailer: m1 }, { intervalMs: 5 });
    const w2 = startOutboxWorker({ ...t.deps, mailer: m2 }, { intervalMs: 5 });
    await expect.poll(() => m1.sent.length + m2.sent.length, { timeout: 20_000 }).toBe(total);
    await Promise.all([w1.stop(), w2.stop()]);
    const all = [...m1.sent, ...m2.sent].map((m) => m.to);
    expect(new Set(all).size).toBe(total);
    expect(all).toHaveLength(total);
    expect(await queuedCount()).toBe(0);
  });

  it('stopping the worker finishes the send in progress and returns what it had claimed', async () => {
    const now = new Date();
    for (let i = 0; i < 3; i += 1) {
      await enqueueMail(t.deps.db, {
        kind: 'sign_in_alert',
        now,
        message: { to: `stop${i}@example.co.uk`, subject: 'Stop', text: 'stop' },
      });
    }
    let release!: () => void;
    const started: string[] = [];
    const mailer = {
      send: (message: MailMessage) => {
        started.push(message.to);
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const worker = startOutboxWorker({ ...t.deps, mailer }, { intervalMs: 5 });
    await expect.poll(() => started.length).toBe(1);
    const stopped = worker.stop();
    release();
    await stopped;
    expect(started).toHaveLength(1);
    const rows = await t.deps.db.select().from(outbox).where(eq(outbox.kind, 'sign_in_alert'));
    const stops = rows.filter((r) => (r.message as unknown as MailMessage).subject === 'Stop');
    expect(stops.filter((r) => r.status === 'sent')).toHaveLength(1);
    // The other two are free for the next worker at once, their attempt not counted.
    expect(
      stops.filter((r) => r.status === 'queued' && r.lockedBy === null && r.attempts === 0),
    ).toHaveLength(2);
  });
});

describe('what the outbox keeps', () => {
  it('keeps only who and what of a sent e-mail (its body may hold a reset link), and prunes old ones an enquiry does not show', async () => {
    await sendDueMail(t.deps);
    const now = Date.now();
    await enqueueMail(t.deps.db, {
      kind: 'password_reset',
      now: new Date(now),
      message: {
        to: 'prune@example.co.uk',
        subject: 'Reset',
        text: 'https://example.co.uk/reset-password?token=secret',
      },
    });
    await sendDueMail({ ...t.deps, mailer: createMemoryMailer() });
    const [reset] = await t.deps.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'));
    expect(reset).toMatchObject({ status: 'sent', message: { to: 'prune@example.co.uk', subject: 'Reset' } });
    expect(JSON.stringify(reset!.message)).not.toContain('secret');

    const enquiryMail = await t.deps.db
      .select({ n: count() })
      .from(outbox)
      .where(sql`${outbox.contactMessageId} is not null`);
    try {
      t.setNow(new Date(now + (SENT_MAIL_KEPT_DAYS - 1) * 86_400_000));
      expect(await pruneSentMail(t.deps)).toBe(0);
      t.setNow(new Date(now + (SENT_MAIL_KEPT_DAYS + 1) * 86_400_000));
      expect(await pruneSentMail(t.deps)).toBeGreaterThanOrEqual(1);
    } finally {
      t.setNow(null);
    }
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'))).toHaveLength(0);
    // Enquiry notifications stay, whatever their age: the inbox shows them.
    expect(
      await t.deps.db
        .select({ n: count() })
        .from(outbox)
        .where(sql`${outbox.contactMessageId} is not null`),
    ).toEqual(enquiryMail);
  });
});

describe('the file outbox', () => {
  it('writes whole .eml files, readable by the owner only, with no temporary file left', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-eml-'));
    try {
      const mailer = createMailer({
        from: 'website@hertslocalmedia.co.uk',
        outboxDir: path.join(dir, 'outbox'),
      });
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          mailer.send({ to: `f${i}@example.co.uk`, subject: 'File', text: 'Hello' }),
        ),
      );
      const files = fs.readdirSync(path.join(dir, 'outbox'));
      expect(files).toHaveLength(5);
      for (const file of files) {
        expect(file).toMatch(/\.eml$/);
        const full = path.join(dir, 'outbox', file);
        expect(fs.statSync(full).mode & 0o777).toBe(0o600);
        expect(fs.readFileSync(full, 'utf8')).toMatch(/Subject: File[\s\S]*Hello/);
      }
      expect(fs.readdirSync(path.join(dir, 'outbox.partial'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
