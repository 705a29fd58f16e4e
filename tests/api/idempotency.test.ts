import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { blogPosts } from '../../src/server/domains/blog/tables';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { idempotencyKeys } from '../../src/server/platform/db/tables';
import { mailJobRows } from '../helpers/jobs';
import { appRouter } from '../../src/server/router';
import { idempotent, idempotentOutsideDatabase } from '../../src/server/web/trpc/idempotency';
import { IDEMPOTENT_PROCEDURES } from '../../src/shared/idempotency';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_WINDOW_MS } from '../../src/server/platform/idempotency';
import { answered } from '../helpers/challenge';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';

// Creating POSTs take an Idempotency-Key, as Stripe's API does.

let t: TestApp;
let stripe: FakeStripe;
const admins: Record<'a' | 'b', { authorization: string }> = {
  a: { authorization: '' },
  b: { authorization: '' },
};

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await buildTestApp({
    seed: false,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_idempotency',
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICE_ENTREPRENEUR: 'price_entrepreneur_monthly',
    },
  });
  for (const [who, email] of [
    ['a', 'ada@hertslocalmedia.co.uk'],
    ['b', 'bob@hertslocalmedia.co.uk'],
  ] as const) {
    admins[who] = (await signedInAdmin(t, { name: who, email, password: 'Hitchin-Priory-Lark-77' })).auth;
  }
});

afterAll(async () => {
  await t.close();
  await stripe.close();
});

const post = (url: string, payload: object, key?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });

async function rows(table: typeof contactMessages | typeof blogPosts | 'mail jobs'): Promise<number> {
  if (table === 'mail jobs') return (await mailJobRows(t.deps.db)).length;
  const [row] = await t.deps.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

const enquiry = {
  name: 'Ivo Idem',
  email: 'ivo@idem-bakery.co.uk',
  subject: 'Adverts',
  message: 'Once only, please.',
  type: 'advertising',
};

describe('Idempotency-Key', () => {
  it('POST /api/contact: a repeat with the same key and body answers the first answer and stores one enquiry and one e-mail', async () => {
    const key = randomUUID();
    const body = await answered(t.app, enquiry);
    const [messagesBefore, mailBefore] = [await rows(contactMessages), await rows('mail jobs')];
    const first = await post('/api/contact', body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/api/contact', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await post('/api/contact', reordered, key)).statusCode).toBe(200);
    expect(await rows(contactMessages)).toBe(messagesBefore + 1);
    expect(await rows('mail jobs')).toBe(mailBefore + 1);
  });

  it('the same key with a different body is a 422 in the one error shape, and creates nothing', async () => {
    const key = randomUUID();
    expect((await post('/api/contact', await answered(t.app, enquiry), key)).statusCode).toBe(200);
    const before = await rows(contactMessages);
    const res = await post(
      '/api/contact',
      await answered(t.app, { ...enquiry, message: 'Something else.' }),
      key,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.mismatch, code: 'UNPROCESSABLE_CONTENT' });
    expect(await rows(contactMessages)).toBe(before);
  });

  it('a request that failed keeps no answer: the retry with the same key runs', async () => {
    const key = randomUUID();
    const wrong = await answered(t.app, enquiry);
    const refused = await post('/api/contact', { ...wrong, answer: wrong.answer + 1 }, key);
    expect(refused.statusCode).toBe(400);
    const before = await rows(contactMessages);
    const res = await post('/api/contact', await answered(t.app, enquiry), key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await rows(contactMessages)).toBe(before + 1);
  });

  it('without the header every request is new, as before', async () => {
    const before = await rows(contactMessages);
    await post('/api/contact', await answered(t.app, enquiry));
    await post('/api/contact', await answered(t.app, enquiry));
    expect(await rows(contactMessages)).toBe(before + 2);
  });

  it('duplicates sent at the same moment make one enquiry: the later ones wait and get the first answer', async () => {
    const key = randomUUID();
    const body = {
      name: 'Rae Race',
      email: 'rae@example.co.uk',
      subject: 'Free Workshop Reservation',
      message: 'One place.',
      type: 'workshop_reservation',
    };
    const before = await rows(contactMessages);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/contact', body, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await rows(contactMessages)).toBe(before + 1);
  });

  it('keys last 24 hours: after that the same key is a new request, and the old key is deleted', async () => {
    const key = randomUUID();
    const body = {
      name: 'Tim Time',
      email: 'tim@example.co.uk',
      subject: 'Free Workshop Reservation',
      message: 'Later.',
      type: 'workshop_reservation',
    };
    const before = await rows(contactMessages);
    await post('/api/contact', body, key);
    try {
      t.setNow(new Date(Date.now() + IDEMPOTENCY_WINDOW_MS - 60_000));
      expect((await post('/api/contact', body, key)).headers['idempotent-replayed']).toBe('true');
      t.setNow(new Date(Date.now() + IDEMPOTENCY_WINDOW_MS + 60_000));
      const later = await post('/api/contact', body, key);
      expect(later.statusCode).toBe(200);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      t.setNow(null);
    }
    expect(await rows(contactMessages)).toBe(before + 2);
    const kept = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept).toHaveLength(1);
  });

  it('refuses an unusable key with a 400', async () => {
    for (const key of ['x'.repeat(256), 'with space inside', 'caf\u00e9']) {
      const res = await post('/api/subscribe', { email: 'bad-key@example.co.uk' }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
  });

  it('POST /api/subscribe: one address and one confirmation e-mail per key', async () => {
    const key = randomUUID();
    const mailBefore = await rows('mail jobs');
    for (let i = 0; i < 3; i += 1)
      expect((await post('/api/subscribe', { email: 'once@example.co.uk' }, key)).statusCode).toBe(200);
    expect(await rows('mail jobs')).toBe(mailBefore + 1);
    // The same key on another operation is another key.
    expect(
      (
        await post(
          '/api/contact',
          {
            name: 'Op',
            email: 'op@example.co.uk',
            subject: 'Free Workshop Reservation',
            message: 'x',
            type: 'workshop_reservation',
          },
          key,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('POST /api/create-subscription: one Checkout Session per key, the same page on a repeat', async () => {
    const key = randomUUID();
    const before = stripe.requests.length;
    const first = await post('/api/create-subscription', { plan: 'innovator' }, key);
    expect(first.statusCode).toBe(200);
    const again = await post('/api/create-subscription', { plan: 'innovator' }, key);
    expect(again.json()).toEqual(first.json());
    expect(stripe.requests.length).toBe(before + 1);
    expect((await post('/api/create-subscription', { plan: 'entrepreneur' }, key)).statusCode).toBe(422);
  });

  it('POST /api/create-subscription waits for Stripe outside any transaction: the site keeps answering meanwhile', async () => {
    const release = stripe.holdCreates();
    const key = randomUUID();
    const before = stripe.requests.length;
    const first = post('/api/create-subscription', { plan: 'explorer' }, key);
    const second = post('/api/create-subscription', { plan: 'explorer' }, key);
    await expect.poll(() => stripe.requests.length).toBe(before + 2);
    // Stripe has not answered; a write that needs the database goes through at once.
    const enquiry = await post('/api/contact', {
      name: 'Wait Not',
      email: 'w@example.co.uk',
      subject: 'Free Workshop Reservation',
      message: 'x',
      type: 'workshop_reservation',
    });
    expect(enquiry.statusCode).toBe(200);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Both ran (two sessions at Stripe), and both were answered with the one that was kept.
    expect(b.json()).toEqual(a.json());
    const third = await post('/api/create-subscription', { plan: 'explorer' }, key);
    expect(third.json()).toEqual(a.json());
    expect(third.headers['idempotent-replayed']).toBe('true');
  });

  it("POST /api/admin/blogs: one post per key and admin; another admin's same key is their own", async () => {
    const key = randomUUID();
    const payload = { title: 'Once upon a key', content: '<p>Only once.</p>' };
    const before = await rows(blogPosts);
    const first = await post('/api/admin/blogs', payload, key, admins.a);
    expect(first.statusCode).toBe(200);
    const again = await post('/api/admin/blogs', payload, key, admins.a);
    expect(again.json()).toEqual(first.json());
    expect(await rows(blogPosts)).toBe(before + 1);
    const other = await post('/api/admin/blogs', payload, key, admins.b);
    expect(other.statusCode).toBe(200);
    expect(other.json().id).not.toBe(first.json().id);
    expect(await rows(blogPosts)).toBe(before + 2);
    // Signed out, the key does not reach the stored answer.
    expect((await post('/api/admin/blogs', payload, key)).statusCode).toBe(401);
  });

  it('POST /api/objects/upload: the same upload link on a repeat', async () => {
    const key = randomUUID();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { ...admins.a, 'idempotency-key': key },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { ...admins.a, 'idempotency-key': key },
    });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('PUT {uploadURL}: a repeat of a stored upload with the same key gets its answer; without the key the used link is refused', async () => {
    const ticket = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: admins.a });
    const url = new URL(ticket.json().uploadURL as string);
    const target = `${url.pathname}${url.search}`;
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const key = randomUUID();
    const put = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: target,
        headers: { 'content-type': 'image/png', ...headers },
        payload: png,
      });
    const first = await put({ 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const again = await put({ 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await put({})).statusCode).toBe(403);
    expect((await put({ 'idempotency-key': randomUUID() })).statusCode).toBe(403);
    expect((await put({ 'idempotency-key': 'two words' })).statusCode).toBe(400);
  });

  it('the procedures that take the key are exactly the list the SPA sends it for', () => {
    const markers = [idempotent, idempotentOutsideDatabase].map(
      (m) => (m as unknown as { _middlewares: unknown[] })._middlewares[0],
    );
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { middlewares: unknown[] } }
    >;
    const keyed = Object.entries(procedures)
      .filter(([, p]) => markers.some((marker) => p._def.middlewares.includes(marker)))
      .map(([path]) => path)
      .sort();
    expect(keyed).toEqual([...IDEMPOTENT_PROCEDURES].sort());
  });
});
