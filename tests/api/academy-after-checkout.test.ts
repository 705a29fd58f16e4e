import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptionManageLinks } from '../../src/server/domains/academy/tables';
import { issueManageLink } from '../../src/server/domains/academy';
import { stripeAddress } from '../../src/server/domains/academy';
import { buildTestApp, type TestApp } from '../helpers/app';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import {
  WEBHOOK_SECRET,
  deliver,
  manageLinkIn,
  startCheckout,
  tokenOf,
  withFakeStripeApp,
} from '../helpers/stripe-webhooks';

// What a parent reaches after paying: the success page's check of the Checkout Session with Stripe
// (GET /api/academy/checkout/{sessionId}) and the e-mailed 'Manage your subscription' link
// (GET /api/academy/manage-link, POST /api/academy/billing-portal), with the real stripe SDK
// against the local stand-in.

const SECRET_KEY = 'sk_test_after_checkout';
const PUBLIC_URL = 'https://academy.example.co.uk';

let stripe: FakeStripe;
let t: TestApp;
withFakeStripeApp(
  SECRET_KEY,
  { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL },
  (running) => ({ stripe, t } = running),
);

const checkoutStatus = (sessionId: string) =>
  t.app.inject({ method: 'GET', url: `/api/academy/checkout/${encodeURIComponent(sessionId)}` });

describe('GET /api/academy/checkout/{sessionId}: the success page asks Stripe', () => {
  it('names the plan actually paid for, from the session and not from the address', async () => {
    const sessionId = await startCheckout(t.app, 'entrepreneur');
    await stripe.completeCheckout(sessionId, {
      email: 'paid@example.co.uk',
      fields: { childfirstname: 'Eve', childage: '13' },
    });
    const calls = stripe.requests.length;
    const res = await checkoutStatus(sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'paid', plan: 'entrepreneur' });
    // One call to Stripe: the session with its line items, whose price is checked against the plan.
    expect(stripe.requests.slice(calls)).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/v1/checkout/sessions/${sessionId}`,
        body: { expand: ['line_items'] },
        authorization: `Bearer ${SECRET_KEY}`,
      }),
    ]);
  });

  it('says pending for a checkout that is still open, and for one whose payment has not cleared', async () => {
    const open = await startCheckout(t.app, 'innovator');
    expect((await checkoutStatus(open)).json()).toEqual({ status: 'pending', plan: 'innovator' });

    const processing = await startCheckout(t.app, 'explorer');
    await stripe.completeCheckout(processing, { email: 'bacs@example.co.uk', paid: false });
    expect((await checkoutStatus(processing)).json()).toEqual({ status: 'pending', plan: 'explorer' });
  });

  it("says unknown for a paid session that is not this site's: other metadata, or another price", async () => {
    const sdk = new Stripe(SECRET_KEY, { ...stripeAddress(stripe.url) });
    const lineItem = (amount: number) => ({
      quantity: 1,
      price_data: {
        currency: 'gbp',
        unit_amount: amount,
        recurring: { interval: 'month' as const },
        product_data: { name: 'Something else' },
      },
    });
    const elsewhere = await sdk.checkout.sessions.create({
      mode: 'subscription',
      success_url: 'https://elsewhere.example/thanks',
      line_items: [lineItem(14900)],
      metadata: { plan: 'innovator' },
    });
    // Our marks, but £1 a month: not a plan of the catalogue.
    const cheap = await sdk.checkout.sessions.create({
      mode: 'subscription',
      success_url: 'https://elsewhere.example/thanks',
      line_items: [lineItem(100)],
      metadata: { plan: 'entrepreneur', source: 'sparkai-academy' },
    });
    for (const session of [elsewhere, cheap]) {
      await stripe.completeCheckout(session.id, { email: 'someone@example.com' });
      const res = await checkoutStatus(session.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unknown', plan: null });
    }
  });

  it('says unknown for a made-up id, asking Stripe only when it looks like a session id', async () => {
    const calls = stripe.requests.length;
    const unknown = await checkoutStatus('cs_test_madeUp123');
    expect(unknown.json()).toEqual({ status: 'unknown', plan: null });
    expect(stripe.requests.length).toBe(calls + 1);
    expect(stripe.requests.at(-1)!.path).toBe('/v1/checkout/sessions/cs_test_madeUp123');
    for (const id of ['cs_test_123"><script>', 'sub_123', '{CHECKOUT_SESSION_ID}']) {
      const res = await checkoutStatus(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unknown', plan: null });
    }
    expect(stripe.requests.length).toBe(calls + 1);
  });

  it('answers 503 without Stripe configured and 502 when Stripe cannot be reached', async () => {
    const bare = await buildTestApp({ seed: false });
    const gone = await startFakeStripe();
    await gone.close();
    const offline = await buildTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: gone.url },
    });
    try {
      const notSetUp = await bare.app.inject({ method: 'GET', url: '/api/academy/checkout/cs_test_abc' });
      expect(notSetUp.statusCode).toBe(503);
      const down = await offline.app.inject({ method: 'GET', url: '/api/academy/checkout/cs_test_abc' });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe(
        'We could not reach our payment provider. Please try again in a moment.',
      );
    } finally {
      await bare.close();
      await offline.close();
    }
  });
});

/** A parent who has paid, and the manage link of their welcome e-mail. */
async function welcomeLink(): Promise<{ token: string; customer: string }> {
  const sessionId = await startCheckout(t.app, 'innovator');
  const email = `manage.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.co.uk`;
  const events = await stripe.completeCheckout(sessionId, { email });
  await deliver(t.app, events);
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1)!;
  return {
    token: tokenOf(manageLinkIn(mail.text)),
    customer: String(stripe.sessions.get(sessionId)!.customer),
  };
}

const linkStatus = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/academy/manage-link?token=${encodeURIComponent(token)}` });
const openPortal = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/academy/billing-portal', payload: { token } });

describe("the e-mailed 'Manage your subscription' link", () => {
  it("opens Stripe's Billing Portal for that parent's customer, once", async () => {
    const { token, customer } = await welcomeLink();
    const status = await linkStatus(token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ state: 'ready', expiresAt: expect.any(String) });
    // Looking does not spend it (mail scanners open links too).
    expect((await linkStatus(token)).json().state).toBe('ready');

    const calls = stripe.requests.length;
    const res = await openPortal(token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_\\w+$`));
    expect(stripe.requests.slice(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/billing_portal/sessions',
        body: { customer, return_url: `${PUBLIC_URL}/sparkai-academy` },
      }),
    ]);
    const portal = await fetch(url);
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain(`data-customer="${customer}"`);

    const second = await openPortal(token);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This link has already been used. Please ask us for a new one.');
    expect((await linkStatus(token)).json().state).toBe('used');
    expect(stripe.requests.length).toBe(calls + 1);
  });

  it('gives the portal to exactly one of two presses at the same moment', async () => {
    const { token } = await welcomeLink();
    const answers = await Promise.all([openPortal(token), openPortal(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('has expired after 7 days', async () => {
    const { token } = await welcomeLink();
    t.setNow(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    try {
      expect((await linkStatus(token)).json().state).toBe('expired');
      const res = await openPortal(token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This link has expired. Please ask us for a new one.');
    } finally {
      t.setNow(null);
    }
  });

  it('refuses a tampered link: another id, another expiry or signature, or none at all', async () => {
    const { token } = await welcomeLink();
    const [id, expires, signature] = token.split('.') as [string, string, string];
    const flip = (s: string) => (s.endsWith('a') ? `${s.slice(0, -1)}b` : `${s.slice(0, -1)}a`);
    for (const forged of [
      `${flip(id)}.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400_000}.${signature}`,
      `${id}.${expires}.${flip(signature)}`,
      'not-a-token',
    ]) {
      expect((await linkStatus(forged)).json().state).toBe('invalid');
      const res = await openPortal(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link is not valid. Please ask us for a new one.');
    }
    // No token at all is a validation error.
    expect((await linkStatus('')).statusCode).toBe(400);
    expect((await openPortal('')).json().message).toBe(
      'This link is not valid. Please ask us for a new one.',
    );
    // The real one still works.
    expect((await openPortal(token)).statusCode).toBe(200);
  });

  it('is not spent when Stripe fails to open the portal, so the parent can try again', async () => {
    // A link for a customer Stripe does not know: the portal call fails.
    const { url } = await t.deps.db.transaction((tx) =>
      issueManageLink(tx, { stripeCustomerId: 'cus_unknown', now: new Date(), publicUrl: PUBLIC_URL }),
    );
    const token = tokenOf(url);
    const res = await openPortal(token);
    expect(res.statusCode).toBe(502);
    expect((await linkStatus(token)).json().state).toBe('ready');
    const rows = await t.deps.db.select().from(subscriptionManageLinks);
    expect(rows.find((r) => r.stripeCustomerId === 'cus_unknown')?.usedAt).toBeNull();
  });
});
