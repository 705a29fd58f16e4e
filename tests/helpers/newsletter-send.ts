import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Database } from '../../src/server/platform/db/client';
import { newsletterSubscriptions } from '../../src/server/domains/newsletter/tables';
import { appSecrets } from '../../src/server/platform/db/tables';
import type { AcceptedMail, SmtpSink } from './smtp-sink';

// The newsletter send under kills (tests/crash, tests/multi): the subscribers, the signed
// unsubscribe links a mail provider would POST, and the copies the SMTP server kept.

export interface Audience {
  confirmed: Array<{ id: number; email: string }>;
  /** Confirmed subscribers who unsubscribe by the one-click POST while the send runs. */
  leavers: Array<{ id: number; email: string }>;
  /** An address the SMTP server refuses with 550. */
  bouncer: string;
  key: Buffer;
}

/**
 * Adds `count` confirmed subscribers (and a few unconfirmed), and the key of the unsubscribe links,
 * so the test can make the signed links a copy would carry (as an operator restoring a backup
 * would bring the key). The last `leavers` by id leave during the send, before their turn.
 */
export async function seedAudience(db: Database, count: number, leavers = 20): Promise<Audience> {
  const key = randomBytes(32);
  await db.insert(appSecrets).values({ name: 'newsletter-unsubscribe', value: key }).onConflictDoNothing();
  const at = new Date(Date.now() - 3600_000);
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `reader-${String(i).padStart(5, '0')}@example.co.uk`,
    confirmedAt: at,
    createdAt: at,
    updatedAt: at,
  }));
  const confirmed: Array<{ id: number; email: string }> = [];
  for (let i = 0; i < rows.length; i += 500) {
    confirmed.push(
      ...(await db
        .insert(newsletterSubscriptions)
        .values(rows.slice(i, i + 500))
        .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })),
    );
  }
  await db.insert(newsletterSubscriptions).values(
    Array.from({ length: 5 }, (_, i) => ({
      email: `unconfirmed-${i}@example.co.uk`,
      createdAt: at,
      updatedAt: at,
    })),
  );
  confirmed.sort((a, b) => a.id - b.id);
  return {
    confirmed,
    leavers: confirmed.slice(-leavers),
    bouncer: confirmed[Math.floor(count / 3)]!.email,
    key,
  };
}

/** The one-click unsubscribe address a copy to this subscriber carries (src/server/domains/newsletter/unsubscribe-links.ts). */
export function oneClickPath(key: Buffer, id: number, email: string): string {
  const sig = createHmac('sha256', key)
    .update(`newsletter-unsubscribe:v1:${id}:${email}`)
    .digest('base64url');
  return `/api/newsletter/one-click-unsubscribe?token=n${id}.${sig}`;
}

export async function signIn(base: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { authToken: string }).authToken;
}

export async function adminCall<T>(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': `k-${randomBytes(8).toString('hex')}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A draft issue, sent now; answers its id. */
export async function startSend(base: string, token: string): Promise<number> {
  const issue = await adminCall<{ id: number }>(base, token, 'POST', '/admin/newsletter/issues', {
    subject: 'Hertfordshire this week',
    preheader: 'Markets, roadworks and a new bakery',
    bodyHtml: '<h2>This week</h2><p>Hello from <strong>Hertford</strong>.</p>',
  });
  await adminCall(base, token, 'POST', `/admin/newsletter/issues/${issue.id}/send`, {});
  return issue.id;
}

/** The copies of this issue the SMTP server kept, per address (acknowledged or not: either was delivered). */
export function copiesOf(smtp: SmtpSink, issueId: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of smtp.accepted) {
    if (!m.messageId?.startsWith(`<newsletter-${issueId}-`)) continue;
    counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  }
  return counts;
}

/**
 * A copy for every confirmed subscriber who stayed, none for the leavers, the bouncer and the
 * unconfirmed; a second copy only where a kill fell in decision 0018's window (after the mail server
 * had the whole DATA, before the commit), so at most one per kill, and every copy to a subscriber
 * with that subscriber's one Message-ID. Answers the addresses that got two.
 */
export function expectOneCopyEach(
  smtp: SmtpSink,
  issueId: number,
  audience: Audience,
  kills: number,
): string[] {
  const copies = new Map<string, AcceptedMail[]>();
  for (const m of smtp.accepted) {
    if (!m.messageId?.startsWith(`<newsletter-${issueId}-`)) continue;
    copies.set(m.to, [...(copies.get(m.to) ?? []), m]);
  }
  const leavers = new Set(audience.leavers.map((l) => l.email));
  const wrong: string[] = [];
  const twice: string[] = [];
  for (const s of audience.confirmed) {
    const got = copies.get(s.email) ?? [];
    const wanted = leavers.has(s.email) || s.email === audience.bouncer ? 0 : 1;
    if (wanted === 0 && got.length > 0) wrong.push(`${s.email}: ${got.length} copies, expected none`);
    if (wanted === 1 && (got.length < 1 || got.length > 2))
      wrong.push(`${s.email}: ${got.length} copies, expected one (two at most after a kill)`);
    const ids = new Set(got.map((m) => m.messageId));
    if (
      got.length > 0 &&
      (ids.size !== 1 || !got[0]!.messageId!.startsWith(`<newsletter-${issueId}-${s.id}@`))
    )
      wrong.push(`${s.email}: Message-IDs ${[...ids].join(', ')}`);
    if (got.length === 2) twice.push(s.email);
  }
  for (const [email] of copies) if (email.startsWith('unconfirmed-')) wrong.push(`${email} got a copy`);
  expect(wrong).toEqual([]);
  expect(twice.length, `second copies: ${twice.join(', ')}`).toBeLessThanOrEqual(kills);
  return twice;
}
