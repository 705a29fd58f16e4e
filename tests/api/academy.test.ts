import { describe, expect, it } from 'vitest';
import { PLANS } from '../../src/shared/academy';
import { buildTestApp, postRaw, type TestApp } from '../helpers/app';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { withFakeStripeApp } from '../helpers/stripe-webhooks';

// POST /api/create-subscription through the real app and the real stripe SDK, which talks to a
// local server speaking Stripe's API.

const SECRET = 'sk_test_academy123';
const PUBLIC_URL = 'https://academy.example.co.uk';

let stripe: FakeStripe;
let t: TestApp;
withFakeStripeApp(
  SECRET,
  { PUBLIC_URL, STRIPE_PRICE_ENTREPRENEUR: 'price_entrepreneur_monthly' },
  (running) => ({ stripe, t } = running),
);

const subscribe = (payload: unknown, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/create-subscription',
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/create-subscription with Stripe configured', () => {
  it('creates a monthly GBP Checkout Session in subscription mode from the catalogue amount', async () => {
    const before = stripe.requests.length;
    const res = await subscribe({ plan: 'innovator' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { clientSecret: string; message: string };
    expect(Object.keys(body).sort()).toEqual(['clientSecret', 'message']);
    expect(body.clientSecret).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_\\w+$`));
    expect(body.message).toContain('AI Innovator');

    expect(stripe.requests).toHaveLength(before + 1);
    const call = stripe.requests.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe(`Bearer ${SECRET}`);
    expect(call.body).toMatchObject({
      mode: 'subscription',
      success_url: `${PUBLIC_URL}/subscription-success?plan=innovator&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/sparkai-academy#pricing`,
      metadata: { plan: 'innovator' },
      subscription_data: { metadata: { plan: 'innovator' } },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'gbp', unit_amount: '14900', recurring: { interval: 'month' } },
        },
      ],
    });

    // The hosted page it links to is really there.
    const page = await fetch(body.clientSecret);
    expect(page.status).toBe(200);
  });

  it('charges each plan its catalogue price: £99 and £149 a month', async () => {
    for (const plan of PLANS.filter((p) => p.id !== 'entrepreneur')) {
      const res = await subscribe({ plan: plan.id });
      expect(res.statusCode).toBe(200);
      const item = (
        stripe.requests.at(-1)!.body.line_items as Array<{ price_data: { unit_amount: string } }>
      )[0]!;
      expect(item.price_data.unit_amount).toBe(String(plan.amountPence));
    }
    expect(PLANS.map((p) => p.amountPence)).toEqual([9900, 14900, 24900]);
  });

  it('uses the configured Stripe price id when there is one', async () => {
    const res = await subscribe({ plan: 'entrepreneur' });
    expect(res.statusCode).toBe(200);
    expect(stripe.requests.at(-1)!.body.line_items).toEqual([
      { price: 'price_entrepreneur_monthly', quantity: '1' },
    ]);
  });

  it('answers the same over tRPC', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/academy.createSubscription',
      payload: { plan: 'explorer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.clientSecret).toContain('/c/pay/cs_test_');
  });

  it('rejects an unknown plan with a clear 400 and never calls Stripe', async () => {
    const before = stripe.requests.length;
    for (const plan of ['premium', '', 'Explorer']) {
      const res = await subscribe({ plan });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `Unknown plan "${plan}": please choose explorer, innovator, entrepreneur.`,
      );
    }
    for (const payload of [{}, { plan: 42 }, { plan: 'x'.repeat(61) }]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(stripe.requests).toHaveLength(before);
  });

  it('answers a JSON 400 for a body that is not JSON', async () => {
    const res = await postRaw(t.app, '/api/create-subscription', '{"plan":');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('turns a Stripe error into a 502 with a message, not a 500', async () => {
    stripe.failNextCreate(400, { type: 'invalid_request_error', message: 'No such price' });
    const res = await subscribe({ plan: 'explorer' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'Our payment provider turned down the checkout request. Please try again later or email us.',
    );
  });
});

describe('POST /api/create-subscription when Stripe cannot be used', () => {
  it('says online payment is not set up yet when there is no secret key', async () => {
    const bare = await buildTestApp({ seed: false });
    try {
      const res = await subscribe({ plan: 'explorer' }, bare.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/^Online payment is not set up yet\./);
      // An unknown plan is still reported as such.
      expect((await subscribe({ plan: 'gold' }, bare.app)).statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });

  it('answers 502 when the payment provider cannot be reached', async () => {
    const gone = await startFakeStripe();
    await gone.close();
    const offline = await buildTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: SECRET, STRIPE_API_BASE: gone.url },
    });
    try {
      const res = await subscribe({ plan: 'explorer' }, offline.app);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'We could not reach our payment provider. Please try again in a moment.',
      );
    } finally {
      await offline.close();
    }
  });

  it('refuses a wrong secret key as Stripe would (401 from Stripe, 502 from us)', async () => {
    const wrong = await buildTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: 'rk_live_nope', STRIPE_API_BASE: stripe.url },
    });
    try {
      const res = await subscribe({ plan: 'explorer' }, wrong.app);
      expect(res.statusCode).toBe(502);
      expect(stripe.requests.at(-1)!.authorization).toBe('Bearer rk_live_nope');
    } finally {
      await wrong.close();
    }
  });
});
