import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS_SEED } from '../../src/shared/business';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { createPostgresServer, type PostgresServer } from '../helpers/postgres-server';
import { startInstance, stopInstances, type Instance } from './instances';

// An e-mail job claimed by an instance that dies is sent by another, once.
// Two app processes on one PostgreSQL server and a local SMTP server.

const ADMIN = { email: 'multi@example.co.uk', password: 'Heron-Willow-Tinder-78' };

const startTakeoverInstance = (databaseUrl: string, env: Record<string, string>) =>
  startInstance({ databaseUrl, admin: { ...ADMIN, name: 'Multi Admin' }, env });

describe('an e-mail job whose instance was killed before sending', () => {
  let pg: PostgresServer;
  let smtp: SmtpSink;
  const instances: Instance[] = [];

  beforeAll(async () => {
    pg = await createPostgresServer();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await stopInstances(instances);
    await smtp?.close();
    pg?.destroy();
  });

  it('is delivered by the other instance, once', async () => {
    // A 20-second lease (the default is five minutes): long enough for B to start while A still
    // holds the job, short enough for B to take it over within the test.
    const env = { SMTP_URL: smtp.url, JOBS_LEASE_SECONDS: '20', JOBS_RETRY_SECONDS: '1' };
    const a = await startTakeoverInstance(pg.url, env);
    instances.push(a);
    // A's mail server hangs at the end of the message: A has claimed the job and is sending it.
    smtp.holdNext(() => {});
    const token = `Two instances ${Date.now()}: one place, please.`;
    const accepted = await fetch(`${a.base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada Instance',
        email: 'ada@example.co.uk',
        subject: '',
        message: token,
        type: 'workshop_reservation',
      }),
    });
    expect(accepted.status).toBe(200);
    await expect.poll(() => smtp.held, { timeout: 30_000, interval: 100 }).toBe(1);

    const b = await startTakeoverInstance(pg.url, env);
    instances.push(b);
    a.child.kill('SIGKILL');
    await a.exited;
    expect(smtp.received.filter((m) => m.data.includes(token))).toHaveLength(0);

    // B's upkeep finds A's claim run out and retries the job; B sends it.
    await expect
      .poll(() => smtp.received.filter((m) => m.data.includes(token)).length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(1);
    expect(smtp.received.find((m) => m.data.includes(token))!.to).toEqual([BUSINESS_DETAILS_SEED.email]);
    // And not again.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(smtp.received.filter((m) => m.data.includes(token))).toHaveLength(1);

    // B's inbox says it went, on the second attempt.
    const login = await fetch(`${b.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { authToken } = (await login.json()) as { authToken: string };
    const list = (await (
      await fetch(`${b.base}/api/admin/enquiries`, { headers: { authorization: `Bearer ${authToken}` } })
    ).json()) as { items: Array<{ notification: { status: string; attempts: number } | null }> };
    expect(list.items[0]?.notification).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
