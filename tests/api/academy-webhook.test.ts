import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academySubscriptions, paymentEvents } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helpers/app';

// POST /api/stripe/webhook, with events signed by the stripe SDK's own test-header helper.

const WEBHOOK_SECRET = 'whsec_test_academy_webhook_secret';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false, env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function event(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
): { id: string; payload: string } {
  const id = `evt_test_${Date.now()}_${++counter}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    data: { object },
  });
  return { id, payload };
}

function deliver(
  payload: string,
  options: { secret?: string; signature?: string | null; timestamp?: number; contentType?: string } = {},
) {
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

const rows = () => t.deps.db.select().from(academySubscriptions).orderBy(academySubscriptions.id);
const handledEvents = () => t.deps.db.select().from(paymentEvents);

const completed = (sessionId: string, subscriptionId: string, plan = 'innovator') =>
  event('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    status: 'complete',
    customer: 'cus_test_1',
    subscription: subscriptionId,
    customer_details: { email: 'parent@example.co.uk' },
    metadata: { plan },
  });

const subscriptionEvent = (type: string, id: string, status: string, plan?: string, created?: number) =>
  event(
    type,
    { id, object: 'subscription', status, customer: 'cus_test_1', metadata: plan ? { plan } : {} },
    created,
  );

describe('POST /api/stripe/webhook', () => {
  it('records a completed checkout as an active subscription', async () => {
    const e = completed('cs_test_a', 'sub_test_a');
    const res = await deliver(e.payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'recorded' });
    const [row] = await rows();
    expect(row).toMatchObject({
      checkoutSessionId: 'cs_test_a',
      stripeSubscriptionId: 'sub_test_a',
      stripeCustomerId: 'cus_test_1',
      customerEmail: 'parent@example.co.uk',
      plan: 'innovator',
      status: 'active',
    });
  });

  it('follows the subscription through an update and a cancellation', async () => {
    expect(
      (await deliver(subscriptionEvent('customer.subscription.updated', 'sub_test_a', 'past_due').payload))
        .statusCode,
    ).toBe(200);
    expect((await rows()).find((r) => r.stripeSubscriptionId === 'sub_test_a')?.status).toBe('past_due');
    expect(
      (await deliver(subscriptionEvent('customer.subscription.deleted', 'sub_test_a', 'canceled').payload))
        .statusCode,
    ).toBe(200);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'canceled', plan: 'innovator', checkoutSessionId: 'cs_test_a' });
  });

  it('changes nothing when the same event is delivered again', async () => {
    const first = subscriptionEvent('customer.subscription.updated', 'sub_test_b', 'active', 'explorer');
    expect((await deliver(first.payload)).json().outcome).toBe('recorded');
    const later = subscriptionEvent('customer.subscription.updated', 'sub_test_b', 'past_due', 'explorer');
    expect((await deliver(later.payload)).json().outcome).toBe('recorded');
    const before = await rows();
    const eventsBefore = await handledEvents();

    // Stripe redelivers the first event (correctly signed, a new timestamp): it is acknowledged, not applied.
    const replay = await deliver(first.payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await rows()).toEqual(before);
    expect(before.find((r) => r.stripeSubscriptionId === 'sub_test_b')?.status).toBe('past_due');
    expect(await handledEvents()).toHaveLength(eventsBefore.length);
  });

  it('joins a subscription event that arrives before its checkout into one row', async () => {
    await deliver(
      subscriptionEvent('customer.subscription.updated', 'sub_test_c', 'active', 'entrepreneur').payload,
    );
    await deliver(completed('cs_test_c', 'sub_test_c', 'entrepreneur').payload);
    const matching = (await rows()).filter((r) => r.stripeSubscriptionId === 'sub_test_c');
    expect(matching).toHaveLength(1);
    expect(matching[0]).toMatchObject({
      checkoutSessionId: 'cs_test_c',
      plan: 'entrepreneur',
      status: 'active',
      customerEmail: 'parent@example.co.uk',
    });
  });

  it('does not let an older event that arrives late undo a newer one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const newer = subscriptionEvent(
      'customer.subscription.updated',
      'sub_test_d',
      'active',
      'innovator',
      now,
    );
    const older = subscriptionEvent(
      'customer.subscription.updated',
      'sub_test_d',
      'incomplete',
      'innovator',
      now - 120,
    );
    expect((await deliver(newer.payload)).json().outcome).toBe('recorded');
    const late = await deliver(older.payload);
    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('outdated');
    expect((await rows()).find((r) => r.stripeSubscriptionId === 'sub_test_d')?.status).toBe('active');
    // It counts as handled: delivered again, it is a duplicate.
    expect((await deliver(older.payload)).json().outcome).toBe('duplicate');
  });

  it('acknowledges other event types without recording anything', async () => {
    const before = await rows();
    const res = await deliver(event('invoice.paid', { id: 'in_test_1', object: 'invoice' }).payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('ignored');
    expect(await rows()).toEqual(before);
  });
});

describe('POST /api/stripe/webhook refuses what Stripe did not send', () => {
  it('rejects a forged event signed with another secret: 400, nothing changes', async () => {
    const before = await rows();
    const eventsBefore = await handledEvents();
    const forged = completed('cs_test_forged', 'sub_test_forged', 'entrepreneur');
    const res = await deliver(forged.payload, { secret: 'whsec_attacker' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Webhook signature verification failed.', code: 'BAD_REQUEST' });
    expect(await rows()).toEqual(before);
    expect(await handledEvents()).toEqual(eventsBefore);
  });

  it('rejects a genuine signature on an altered body', async () => {
    const genuine = subscriptionEvent('customer.subscription.deleted', 'sub_test_b', 'canceled');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: genuine.payload,
      secret: WEBHOOK_SECRET,
    });
    const altered = genuine.payload.replace('sub_test_b', 'sub_test_c');
    const res = await deliver(altered, { signature });
    expect(res.statusCode).toBe(400);
    expect((await rows()).find((r) => r.stripeSubscriptionId === 'sub_test_c')?.status).toBe('active');
  });

  it('rejects a signature older than five minutes (a captured request replayed later)', async () => {
    const old = subscriptionEvent('customer.subscription.deleted', 'sub_test_c', 'canceled');
    const res = await deliver(old.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(res.statusCode).toBe(400);
    expect((await rows()).find((r) => r.stripeSubscriptionId === 'sub_test_c')?.status).toBe('active');
  });

  it('rejects a missing signature header and a body that is not JSON', async () => {
    const e = completed('cs_test_x', 'sub_test_x');
    const missing = await deliver(e.payload, { signature: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Stripe-Signature header.');
    const text = await deliver('hello', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Webhook signature verification failed.');
    expect((await rows()).some((r) => r.checkoutSessionId === 'cs_test_x')).toBe(false);
  });

  it('leaves JSON parsing of the other API routes as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan: 'explorer' },
    });
    // No Stripe key in this app: the JSON body was read and the plan understood.
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Online payment is not set up yet/);
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const bare = await buildTestApp({ seed: false });
    try {
      const e = completed('cs_test_y', 'sub_test_y');
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: e.payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        payload: e.payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/STRIPE_WEBHOOK_SECRET/);
    } finally {
      await bare.close();
    }
  });
});
