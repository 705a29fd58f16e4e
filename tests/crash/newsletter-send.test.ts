// A newsletter send to 2,000 confirmed subscribers through a real SMTP server on 127.0.0.1, with the
// built app (as `npm start` runs it, on the embedded database) killed with SIGKILL three times during
// the send and started again on the same data folder, once at each kind of moment (decision 0018):
//   - after a copy's whole DATA, before the server's reply: the server keeps the copy (RFC 1047)
//     and the sender, not knowing, sends it again, so that subscriber has two, with one Message-ID;
//   - before a copy's DATA (its RCPT TO held): nothing arrived, and the copy goes again, once;
//   - at a random moment of the send: one copy more at most, if the kill fell in the window.
// Twenty subscribers leave by the one-click POST during the send, before their turn; one address
// is refused with 550. Every other confirmed subscriber gets a copy, a second only within the
// window (at most one a kill, same Message-ID), the leavers none, and the refused address bounces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import {
  adminCall,
  copiesOf,
  expectOneCopyEach,
  oneClickPath,
  seedAudience,
  signIn,
  startSend,
} from '../helpers/newsletter-send';
import { freePort, waitUntilUp } from '../helpers/net';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { spawnCrashApp, type CrashApp } from './crash-app';

const SUBSCRIBERS = Number(process.env.NEWSLETTER_CRASH_SUBSCRIBERS ?? 2000);
/** Where each kill falls: in the window after DATA, before DATA, and anywhere. */
const KILLS = ['after DATA', 'before DATA', 'at random'] as const;
const ADMIN = { email: 'crash-news@example.co.uk', password: 'Heron-Willow-Tinder-78' };

const cleanups: Array<() => void | Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch {
      // best effort
    }
  }
});

type App = CrashApp;

function spawnApp(dataDir: string, port: number, smtpUrl: string): App {
  return spawnCrashApp(dataDir, port, { ...ADMIN, name: 'Crash News' }, cleanups, {
    SMTP_URL: smtpUrl,
    // A fast configured pace, so CI's run stays short; the copy a dead sender held waits its
    // lease (3 s) before it is sent again.
    NEWSLETTER_RATE_PER_MINUTE: '60000',
    NEWSLETTER_BATCH_SIZE: '50',
    NEWSLETTER_LEASE_SECONDS: '3',
  });
}

async function startApp(dataDir: string, port: number, smtpUrl: string): Promise<App> {
  const app = spawnApp(dataDir, port, smtpUrl);
  if (!(await waitUntilUp(`${app.base}/readyz`, 120_000, () => app.child.exitCode === null)))
    throw new Error(`the app did not start:\n${app.log()}`);
  return app;
}

describe('a newsletter send killed three times', () => {
  it('gives every confirmed subscriber a copy, a second only after a kill in the window, and none to those who left', async () => {
    const smtp: SmtpSink = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-news-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();

    // A first start makes the data folder; then, the app stopped, the subscribers are added.
    let app = await startApp(dataDir, port, smtp.url);
    app.child.kill('SIGTERM');
    await app.exited;
    const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const audience = await seedAudience(db.db, SUBSCRIBERS);
    await db.close();
    smtp.bounce.add(audience.bouncer);

    app = await startApp(dataDir, port, smtp.url);
    const token = await signIn(app.base, ADMIN);
    const issueId = await startSend(app.base, token);

    // The leavers press their mail program's unsubscribe button while the send runs.
    for (const l of audience.leavers) {
      const res = await fetch(`${app.base}${oneClickPath(audience.key, l.id, l.email)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
    }

    const held: Partial<Record<(typeof KILLS)[number], string>> = {};
    for (const [k, when] of KILLS.entries()) {
      const threshold = Math.floor((SUBSCRIBERS * (k + 1)) / (KILLS.length + 1));
      await expect
        .poll(() => [...copiesOf(smtp, issueId).values()].reduce((a, b) => a + b, 0), {
          timeout: 180_000,
          interval: 100,
        })
        .toBeGreaterThanOrEqual(threshold);
      const victim = app;
      if (when === 'at random') {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
        victim.child.kill('SIGKILL');
      } else {
        held[when] = await new Promise<string>((resolve) =>
          smtp.holdNext(
            (to) => {
              victim.child.kill('SIGKILL');
              resolve(to);
            },
            { at: when === 'after DATA' ? 'data' : 'rcpt' },
          ),
        );
      }
      await victim.exited;
      app = await startApp(dataDir, port, smtp.url);
    }

    await expect
      .poll(
        async () =>
          (
            await adminCall<{ status: string }>(
              app.base,
              token,
              'GET',
              `/admin/newsletter/issues/${issueId}/progress`,
            )
          ).status,
        { timeout: 300_000, interval: 500 },
      )
      .toBe('sent');

    const twice = expectOneCopyEach(smtp, issueId, audience, KILLS.length);
    // The copy killed after its DATA was kept by the server, unacknowledged, and went again: two,
    // counted as delivered. The one killed before its DATA went once.
    await expect.poll(() => smtp.unacknowledged, { timeout: 10_000 }).toBe(1);
    expect(copiesOf(smtp, issueId).get(held['after DATA']!)).toBe(2);
    expect(twice).toContain(held['after DATA']);
    expect(copiesOf(smtp, issueId).get(held['before DATA']!)).toBe(1);
    console.log(
      `[crash] newsletter: ${twice.length} second copies after ${KILLS.length} kills (${twice.join(', ')})`,
    );

    const progress = await adminCall<Record<string, number>>(
      app.base,
      token,
      'GET',
      `/admin/newsletter/issues/${issueId}/progress`,
    );
    // A leaver whose turn in the recipients' snapshot came after they left has no row; one who left
    // after it has a skipped one.
    expect(progress).toMatchObject({
      sent: SUBSCRIBERS - audience.leavers.length - 1,
      bounced: 1,
      failed: 0,
      remaining: 0,
    });
    expect(progress.total! - progress.skipped!).toBe(SUBSCRIBERS - audience.leavers.length);
    const subs = await adminCall<{ items: Array<{ email: string; bouncedAt: string | null }> }>(
      app.base,
      token,
      'GET',
      `/admin/subscribers?q=${encodeURIComponent(audience.bouncer)}`,
    );
    expect(subs.items[0]?.bouncedAt).toEqual(expect.any(String));
    app.child.kill('SIGTERM');
    await app.exited;
  });
});
