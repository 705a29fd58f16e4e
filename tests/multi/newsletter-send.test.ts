import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import {
  adminCall,
  copiesOf,
  expectOneCopyEach,
  oneClickPath,
  seedAudience,
  signIn,
  startSend,
  type Audience,
} from '../helpers/newsletter-send';
import { freePort } from '../helpers/net';
import { createPostgresServer, type PostgresServer } from '../helpers/postgres-server';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { startInstance, stopInstances, type Instance } from './instances';

// Two app processes on one PostgreSQL server send one newsletter issue to 2,000 confirmed
// subscribers together, through a real SMTP server on 127.0.0.1, sharing the pace's token bucket.
// Each instance is killed once, while the SMTP server holds one of its copies' final answer, and the
// other carries on alone before the dead one is started again. Twenty subscribers leave by the
// one-click POST during the send; one address is refused with 550. Every other confirmed subscriber
// gets one copy, and the two whose copies were held two: the server kept each (it had the whole
// DATA) and the sender, killed before the reply, sent it again with the same Message-ID (decision 0018).

const SUBSCRIBERS = Number(process.env.NEWSLETTER_MULTI_SUBSCRIBERS ?? 2000);
const ADMIN = { email: 'multi-news@example.co.uk', password: 'Heron-Willow-Tinder-78' };

/** Each instance sends from its own address, so the SMTP server can tell whose copy it holds. */
const senderOf = (port: number) => `newsletter-${port}@example.co.uk`;

const startNewsletterInstance = (databaseUrl: string, smtpUrl: string, port: number) =>
  startInstance({
    databaseUrl,
    port,
    admin: { ...ADMIN, name: 'Multi News' },
    env: {
      SMTP_URL: smtpUrl,
      MAIL_FROM: `Herts Local Media <${senderOf(port)}>`,
      NEWSLETTER_RATE_PER_MINUTE: '60000',
      NEWSLETTER_BATCH_SIZE: '25',
      NEWSLETTER_LEASE_SECONDS: '3',
      JOBS_LEASE_SECONDS: '30',
    },
  });

describe('two instances sending one newsletter issue', () => {
  let pg: PostgresServer;
  let smtp: SmtpSink;
  let audience: Audience;
  const instances: Instance[] = [];

  beforeAll(async () => {
    pg = await createPostgresServer();
    smtp = await startSmtpSink();
    const db = await openDatabase({ databaseUrl: pg.url });
    audience = await seedAudience(db.db, SUBSCRIBERS);
    await db.close();
    smtp.bounce.add(audience.bouncer);
  });
  afterAll(async () => {
    await stopInstances(instances);
    await smtp?.close();
    pg?.destroy();
  });

  it('gives every confirmed subscriber one copy, a second only for the copies held at each kill', async () => {
    const ports = [await freePort(), await freePort()];
    const live: Instance[] = [];
    for (const port of ports) {
      const instance = await startNewsletterInstance(pg.url, smtp.url, port);
      instances.push(instance);
      live.push(instance);
    }
    const token = await signIn(live[0]!.base, ADMIN);
    const issueId = await startSend(live[0]!.base, token);
    for (const l of audience.leavers) {
      const res = await fetch(`${live[1]!.base}${oneClickPath(audience.key, l.id, l.email)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
    }
    const accepted = () => [...copiesOf(smtp, issueId).values()].reduce((a, b) => a + b, 0);

    for (const [k, victimIndex] of [0, 1].entries()) {
      await expect
        .poll(accepted, { timeout: 180_000, interval: 100 })
        .toBeGreaterThanOrEqual(Math.floor((SUBSCRIBERS * (k + 1)) / 3));
      // The next copy this instance hands over is held, and the instance killed then.
      const victim = live[victimIndex]!;
      const killed = await new Promise<Instance>((resolve) =>
        smtp.holdNext(
          () => {
            victim.child.kill('SIGKILL');
            resolve(victim);
          },
          { from: senderOf(ports[victimIndex]!) },
        ),
      );
      await killed.exited;
      // The other carries on alone for a while.
      const before = accepted();
      await expect.poll(accepted, { timeout: 120_000, interval: 100 }).toBeGreaterThan(before + 50);
      const again = await startNewsletterInstance(pg.url, smtp.url, ports[victimIndex]!);
      instances.push(again);
      live[victimIndex] = again;
    }

    await expect
      .poll(
        async () =>
          (
            await adminCall<{ status: string }>(
              live[0]!.base,
              token,
              'GET',
              `/admin/newsletter/issues/${issueId}/progress`,
            )
          ).status,
        { timeout: 300_000, interval: 500 },
      )
      .toBe('sent');
    expect(expectOneCopyEach(smtp, issueId, audience, 2)).toHaveLength(2);
    expect(smtp.unacknowledged).toBe(2);
    const progress = await adminCall<Record<string, number>>(
      live[1]!.base,
      token,
      'GET',
      `/admin/newsletter/issues/${issueId}/progress`,
    );
    expect(progress).toMatchObject({
      sent: SUBSCRIBERS - audience.leavers.length - 1,
      bounced: 1,
      failed: 0,
      remaining: 0,
    });
  });
});
