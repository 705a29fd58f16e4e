import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { MAIL_MAX_ATTEMPTS } from '../../src/server/platform/mail/retry';
import { JOB_MESSAGES } from '../../src/shared/jobs.schema';
import { answered } from '../helpers/challenge';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { makeMailDue } from '../helpers/jobs';

// The admin sees the background jobs that failed for good and can retry them.
let t: TestApp;
let auth: { authorization: string };
let mailServerDown = false;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, outbox: 'manual' });
  const send = t.mailer.send.bind(t.mailer);
  t.mailer.send = async (message) => {
    if (mailServerDown) throw new Error('550 5.1.1 Mailbox unavailable');
    await send(message);
  };
  ({ auth } = await signedInAdmin(t));
});
afterAll(async () => {
  await t.close();
});

/** Sends an enquiry whose notification the mail server refuses at every attempt; answers its id. */
async function enquiryWhoseMailFails(message: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: await answered(t.app, {
      name: 'Fay Fail',
      email: 'fay@example.co.uk',
      subject: 'Adverts',
      message,
      type: 'advertising',
    }),
  });
  expect(res.statusCode).toBe(200);
  mailServerDown = true;
  try {
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await t.deps.jobs.runDue()).toEqual({ done: 0, failed: 1 });
      await makeMailDue(t.deps.db);
    }
  } finally {
    mailServerDown = false;
  }
  const [row] = await t.deps.db.select({ id: sql<number>`max(${contactMessages.id})` }).from(contactMessages);
  return Number(row!.id);
}

const failedList = async (query = '') =>
  await t.app.inject({ method: 'GET', url: `/api/admin/jobs/failed${query}`, headers: auth });

describe('failed jobs', () => {
  it('are admin-only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed' })).statusCode).toBe(401);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/mail/2f1c6ad4-3f0c-4c0e-9d43-2b7f8e1f4a10/retry',
    });
    expect(retry.statusCode).toBe(401);
  });

  it('lists an e-mail that gave up with its kind, recipient, attempts and error; a retry sends it and the inbox follows', async () => {
    expect((await failedList()).json()).toMatchObject({ items: [], total: 0 });
    const enquiryId = await enquiryWhoseMailFails('Fails twelve times.');
    const page = (await failedList()).json();
    expect(page.total).toBe(1);
    const [job] = page.items;
    expect(job).toMatchObject({
      queue: 'mail',
      kind: 'contact_notification',
      recipient: t.config.BUSINESS_INBOX,
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: '550 5.1.1 Mailbox unavailable',
    });
    expect(Date.parse(job.failedAt)).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
    const enquiry = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/enquiries/${enquiryId}`, headers: auth })).json()
        .notification;
    expect(await enquiry()).toMatchObject({ status: 'failed' });

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/mail/${job.id}/retry`,
      headers: auth,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ message: JOB_MESSAGES.retried });
    expect((await failedList()).json().total).toBe(0);
    expect(await enquiry()).toMatchObject({ status: 'queued' });
    await makeMailDue(t.deps.db);
    expect(await t.deps.jobs.runDue()).toEqual({ done: 1, failed: 0 });
    expect(t.mailer.sent.filter((m) => m.text.includes('Fails twelve times.'))).toHaveLength(1);
    expect(await enquiry()).toMatchObject({ status: 'sent', attempts: MAIL_MAX_ATTEMPTS + 1 });

    // Retried already: nothing to retry.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/mail/${job.id}/retry`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(JOB_MESSAGES.notFound);
  });

  it('pages newest first, and refuses an id that is not a job id', async () => {
    await enquiryWhoseMailFails('First to fail.');
    await enquiryWhoseMailFails('Second to fail.');
    const first = (await failedList('?page=1&pageSize=1')).json();
    const second = (await failedList('?page=2&pageSize=1')).json();
    expect([first.total, second.total]).toEqual([2, 2]);
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.items[0].id).not.toBe(second.items[0].id);
    expect(Date.parse(first.items[0].failedAt)).toBeGreaterThanOrEqual(Date.parse(second.items[0].failedAt));
    expect((await failedList('?pageSize=101')).statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/mail/42/retry', headers: auth });
    expect(bad.statusCode).toBe(400);
    const unknownQueue = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/nothing/${first.items[0].id}/retry`,
      headers: auth,
    });
    expect(unknownQueue.statusCode).toBe(404);
  });
});
