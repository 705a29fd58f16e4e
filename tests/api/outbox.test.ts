import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../src/server/domains/auth/tables';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { outbox } from '../../src/server/platform/db/tables';
import { sendContactMessage } from '../../src/server/domains/contact';
import { createMailer, createMemoryMailer, type MailMessage } from '../../src/server/platform/mail/mailer';
import { adoptUnsentMail } from '../../src/server/background-jobs';
import { enqueueMail } from '../../src/server/platform/mail/queue';
import { MAIL_MAX_ATTEMPTS } from '../../src/server/platform/mail/retry';
import { backgroundJobs } from '../../src/server/background-jobs';
import { JOB_SCHEMA, jobTimings, openJobQueue, type JobQueue } from '../../src/server/platform/jobs/queue';
import type { AppDeps } from '../../src/server/deps';
import { answered } from '../helpers/challenge';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { scaled } from '../helpers/timeouts';
import { mailJobRows, makeMailDue } from '../helpers/jobs';

// Every promised e-mail is a job written with the
// write that promises it, sent by a worker with retries, at least once, never twice by two workers.

let t: TestApp;
let smtp: SmtpSink;
let auth: { authorization: string };

const enquiry = {
  name: 'Rita Moss',
  email: 'rita@moss-florists.co.uk',
  subject: 'Advert',
  message: 'Prices, please.',
  type: 'advertising',
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  // A two-second lease, so a dead worker's claim runs out within the test.
  t = await buildTestApp({
    seed: false,
    outbox: 'manual',
    env: { JOBS_LEASE_SECONDS: '2', JOBS_RETRY_SECONDS: '30' },
  });
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

/** Another instance's queue on the same database, sending with its own mailer. */
async function instance(deps: Partial<AppDeps>, options: { upkeep?: boolean } = {}): Promise<JobQueue> {
  return await openJobQueue(t.handle, backgroundJobs({ ...t.deps, ...deps }), {
    timings: { ...jobTimings(t.config), pollSeconds: 0.05 },
    upkeep: options.upkeep,
  });
}

async function waiting(): Promise<number> {
  return (await mailJobRows(t.deps.db)).filter((j) => ['created', 'retry', 'active'].includes(j.state))
    .length;
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

/** Seconds from now to an ISO time. */
const secondsUntil = (iso: string | null) => (Date.parse(iso!) - Date.now()) / 1000;

describe('the e-mail queue', () => {
  it('queues the notification with the enquiry; the answer does not wait for it, and the inbox says queued', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, enquiry),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    const [job] = (await mailJobRows(t.deps.db)).filter((j) => j.recordId === id);
    expect(job).toMatchObject({ kind: 'contact_notification', state: 'created', retryCount: 0 });
    expect(job!.message.replyTo).toBe('Rita Moss <rita@moss-florists.co.uk>');
    expect(await notificationOf(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth });
    expect(list.json().items.find((r: { id: number }) => r.id === id).notification.status).toBe('queued');

    expect(await t.deps.jobs.runDue()).toEqual({ done: 1, failed: 0 });
    expect(smtp.received.at(-1)!.to).toEqual([t.config.BUSINESS_INBOX]);
    expect(smtp.received.at(-1)!.data).toContain('Prices, please.');
    const sent = await notificationOf(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(sent.sentAt).not.toBeNull();
  });

  it('a job written before its record was named recordId (contactMessageId) still notes its enquiry when sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, { ...enquiry, message: 'An old job, please.' }),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    const [job] = (await mailJobRows(t.deps.db)).filter((j) => j.recordId === id);
    const table = sql`${sql.identifier(JOB_SCHEMA)}.job`;
    await t.deps.db.execute(
      sql`update ${table} set data = (data - 'recordId') || jsonb_build_object('contactMessageId', ${id}::int) where id = ${job!.id}`,
    );
    expect(await t.deps.jobs.runDue()).toEqual({ done: 1, failed: 0 });
    expect(await notificationOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
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
      const mailBefore = (await mailJobRows(t.deps.db)).length;
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
      expect((await mailJobRows(t.deps.db)).length).toEqual(mailBefore);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_rollback_test on contact_messages'));
      await t.deps.db.execute(sql.raw('drop function refuse_rollback_test()'));
    }
  });

  it('a password reset link is stored with its e-mail; a failed e-mail write keeps no link', async () => {
    // The reset request is itself a job: run it with the e-mail's insert refused.
    const { requestPasswordReset } = await import('../../src/server/domains/auth');
    await requestPasswordReset(t.deps, 'olive@hertslocalmedia.co.uk');
    await t.deps.db.execute(
      sql.raw(`
      create function refuse_job_test() returns trigger language plpgsql as $$
      begin
        if new.data->>'kind' = 'password_reset' then raise exception 'mail job refused for the test'; end if;
        return new;
      end $$`),
    );
    await t.deps.db.execute(
      sql.raw(
        `create trigger refuse_job_test before insert on pgboss.job for each row execute function refuse_job_test();`,
      ),
    );
    const tokensBefore = await t.deps.db.select({ n: count() }).from(passwordResetTokens);
    try {
      expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 1 });
      expect(await t.deps.db.select({ n: count() }).from(passwordResetTokens)).toEqual(tokensBefore);
      const [request] = (await mailJobRows(t.deps.db)).filter((j) => j.kind === 'password_reset_request');
      expect(request).toMatchObject({ state: 'retry' });
      expect(request!.error).toMatch(/mail job refused/);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_job_test on pgboss.job'));
      await t.deps.db.execute(sql.raw('drop function refuse_job_test()'));
    }
    // Its next attempt writes the link and its e-mail together.
    await makeMailDue(t.deps.db);
    expect(await t.deps.jobs.runDue()).toEqual({ done: 2, failed: 0 });
    expect(await t.deps.db.select({ n: count() }).from(passwordResetTokens)).toEqual([
      { n: tokensBefore[0]!.n + 1 },
    ]);
    expect(smtp.received.at(-1)!.data).toContain('Subject: Reset your Herts Local Media password');
  });

  it('retries a message the mail server refuses (4xx, then 5xx) with growing waits, shows the error, then sends it once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, { ...enquiry, message: 'Retry me.' }),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    smtp.refuseNext(451, '4.3.0 Mailbox busy, try later');
    smtp.refuseNext(554, '5.7.1 Relay temporarily refused');
    expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 1 });
    const first = await notificationOf(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(first.lastError).toMatch(/451 4\.3\.0 Mailbox busy/);
    // 30 s after the first failure, with up to as much again of jitter (pg-boss's backoff).
    expect(secondsUntil(first.nextAttemptAt)).toBeGreaterThan(28);
    expect(secondsUntil(first.nextAttemptAt)).toBeLessThan(61);

    // Not due yet: nothing is tried.
    expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 0 });

    await makeMailDue(t.deps.db);
    expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 1 });
    const second = await notificationOf(id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    expect(second.lastError).toMatch(/554 5\.7\.1/);
    // The wait doubles: 60 to 120 s.
    expect(secondsUntil(second.nextAttemptAt)).toBeGreaterThan(58);
    expect(secondsUntil(second.nextAttemptAt)).toBeLessThan(121);

    await makeMailDue(t.deps.db);
    expect(await t.deps.jobs.runDue()).toEqual({ done: 1, failed: 0 });
    expect(await notificationOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received.filter((m) => m.data.includes('Retry me.'))).toHaveLength(1);
  });

  it('marks a message failed after the last attempt, with the error, and the inbox shows it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, { ...enquiry, message: 'Never delivered.' }),
    });
    expect(res.statusCode).toBe(200);
    const id = await latestEnquiryId();
    smtp.refuseNext(550, '5.1.1 No such mailbox', MAIL_MAX_ATTEMPTS);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 1 });
      await makeMailDue(t.deps.db);
    }
    expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 0 });
    const state = await notificationOf(id);
    expect(state).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(state.lastError).toMatch(/550 5\.1\.1 No such mailbox/);
  });

  it('a message claimed by a worker that died is sent by another once the lease runs out, and only then', async () => {
    await enqueueMail(t.deps.db, {
      kind: 'sign_in_alert',
      now: new Date(),
      message: { to: 'lease@example.co.uk', subject: 'Lease', text: 'Lease test' },
    });
    // Worker A claims the message and dies before sending: its mail server never answers.
    const a = await instance({ mailer: { send: () => new Promise<void>(() => {}) } });
    void a.runDue();
    await expect
      .poll(
        async () => (await mailJobRows(t.deps.db)).find((j) => j.message.to === 'lease@example.co.uk')?.state,
      )
      .toBe('active');

    // B, with the queue's upkeep, takes it over once the 2-second lease has run out and the retry wait passed.
    const other = createMemoryMailer();
    const b = await instance({ mailer: other }, { upkeep: true });
    try {
      await b.runDue();
      expect(other.sent).toHaveLength(0);
      await expect
        .poll(
          async () =>
            (await mailJobRows(t.deps.db)).find((j) => j.message.to === 'lease@example.co.uk')?.state,
          {
            timeout: scaled(10_000),
          },
        )
        .toBe('retry');
      await makeMailDue(t.deps.db);
      await b.runDue();
      expect(other.sent.map((m) => m.to)).toEqual(['lease@example.co.uk']);
    } finally {
      await b.stop();
    }
  });

  it('mail queued by a process that stopped before sending is sent by the next start, from the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-outbox-'));
    try {
      const { openDatabase } = await import('../../src/server/platform/db/client');
      const deps = (db: Awaited<ReturnType<typeof openDatabase>>, mailer = createMemoryMailer()) => ({
        db: db.db,
        config: t.config,
        clock: () => new Date(),
        mailer,
      });
      // First run: the enquiry is stored and its e-mail queued, then the process ends without sending.
      const first = await openDatabase({ dataDir });
      const firstQueue = await openJobQueue(first, backgroundJobs(deps(first)));
      await sendContactMessage(deps(first), {
        name: 'Ken Kill',
        email: 'ken@example.co.uk',
        subject: 'Free Workshop Reservation',
        message: 'A place, please.',
        type: 'workshop_reservation',
      });
      await firstQueue.stop();
      await first.close();
      // Next start on the same folder: the worker finds and sends it.
      const second = await openDatabase({ dataDir });
      const mailer = createMemoryMailer();
      const queue = await openJobQueue(second, backgroundJobs(deps(second, mailer)), {
        timings: { leaseSeconds: 300, retrySeconds: 30, pollSeconds: 0.05 },
      });
      await queue.startWorkers();
      await expect.poll(() => mailer.sent.length).toBe(1);
      await queue.stop();
      expect(mailer.sent[0]!.text).toContain('A place, please.');
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two workers sending the same queue never send one message twice', async () => {
    await t.deps.jobs.runDue();
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
    const [w1, w2] = [await instance({ mailer: m1 }), await instance({ mailer: m2 })];
    await Promise.all([w1.startWorkers(), w2.startWorkers()]);
    await expect.poll(() => m1.sent.length + m2.sent.length, { timeout: 20_000 }).toBe(total);
    await Promise.all([w1.stop(), w2.stop()]);
    const all = [...m1.sent, ...m2.sent].map((m) => m.to);
    expect(new Set(all).size).toBe(total);
    expect(all).toHaveLength(total);
    expect(await waiting()).toBe(0);
  });

  it('stopping the worker finishes the send in progress and leaves the rest waiting for the next', async () => {
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
    const worker = await instance({ mailer });
    await worker.startWorkers();
    await expect.poll(() => started.length).toBe(1);
    const stopped = worker.stop();
    release();
    await stopped;
    expect(started).toHaveLength(1);
    const stops = (await mailJobRows(t.deps.db)).filter((j) => j.message.subject === 'Stop');
    expect(stops.filter((j) => j.state === 'completed')).toHaveLength(1);
    // The other two were never claimed: free for the next worker at once, no attempt counted.
    expect(stops.filter((j) => j.state === 'created' && j.retryCount === 0)).toHaveLength(2);
    await t.deps.jobs.runDue();
  });

  it('sends a mail queued for later (sendAt) only once its time has come', async () => {
    await enqueueMail(t.deps.db, {
      kind: 'sign_in_alert',
      now: new Date(),
      sendAt: new Date(Date.now() + 3600_000),
      message: { to: 'later@example.co.uk', subject: 'Later', text: 'later' },
    });
    const before = smtp.received.length;
    await t.deps.jobs.runDue();
    expect(smtp.received).toHaveLength(before);
    await makeMailDue(t.deps.db);
    await t.deps.jobs.runDue();
    expect(smtp.received.at(-1)!.to).toEqual(['later@example.co.uk']);
  });
});

describe('upgrading from the outbox table', () => {
  it('an e-mail the previous version left queued is sent after the upgrade; a failed one stays failed; a sent one stays on its enquiry', async () => {
    await t.deps.jobs.runDue();
    const [pending, failed, sent] = await t.deps.db
      .insert(contactMessages)
      .values(
        ['Pending', 'Failed', 'Sent'].map((name) => ({
          name: `Old ${name}`,
          email: 'old@example.co.uk',
          subject: name,
          message: `Left ${name.toLowerCase()} by the outbox worker.`,
          type: 'advertising',
        })),
      )
      .returning({ id: contactMessages.id });
    const message = (text: string) => ({ to: t.config.BUSINESS_INBOX, subject: 'Old enquiry', text });
    const sentAt = new Date(Date.now() - 86_400_000);
    // Rows as the previous version wrote them.
    await t.deps.db.insert(outbox).values([
      {
        kind: 'contact_notification',
        message: message('Left pending.'),
        recordId: pending!.id,
        attempts: 1,
        lastError: '451 busy',
      },
      {
        kind: 'newsletter_confirmation',
        message: { to: 'old-subscriber@example.co.uk', subject: 'Confirm', text: 'Confirm please.' },
      },
      {
        kind: 'contact_notification',
        message: message('Left failed.'),
        recordId: failed!.id,
        status: 'failed',
        attempts: 12,
        lastError: '550 no such mailbox',
      },
      {
        kind: 'contact_notification',
        message: { to: t.config.BUSINESS_INBOX, subject: 'Old enquiry' },
        recordId: sent!.id,
        status: 'sent',
        attempts: 2,
        sentAt,
      },
    ]);
    expect(await adoptUnsentMail(t.deps)).toBe(2);
    expect(await t.deps.db.select().from(outbox)).toEqual([]);
    // Adopting again moves nothing twice.
    expect(await adoptUnsentMail(t.deps)).toBe(0);

    expect(await notificationOf(pending!.id)).toMatchObject({ status: 'queued' });
    expect(await notificationOf(failed!.id)).toMatchObject({
      status: 'failed',
      attempts: 12,
      lastError: '550 no such mailbox',
    });
    expect(await notificationOf(sent!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: sentAt.toISOString(),
    });

    const before = smtp.received.length;
    expect(await t.deps.jobs.runDue()).toEqual({ done: 2, failed: 0 });
    const texts = smtp.received.slice(before).map((m) => m.data);
    expect(texts.some((d) => d.includes('Left pending.'))).toBe(true);
    expect(texts.some((d) => d.includes('Confirm please.'))).toBe(true);
    expect(await notificationOf(pending!.id)).toMatchObject({ status: 'sent' });
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
