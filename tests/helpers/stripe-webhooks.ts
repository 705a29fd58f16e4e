import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { startFakeStripe, stripeSignatureHeader, type FakeStripe, type StripeEvent } from './fake-stripe';

// Driving the academy's paid journey through the real app in API tests: a checkout started with
// POST /api/create-subscription, and Stripe's events delivered to POST /api/stripe/webhook signed
// as Stripe signs them.

export const WEBHOOK_SECRET = 'whsec_test_academy_webhook_secret';

/**
 * Before the file's tests: the local stand-in for Stripe, and a test app (not seeded) whose stripe
 * SDK talks to it with `secretKey`; `env` sets the rest. `started` is handed both; both are closed
 * after the tests.
 */
export function withFakeStripeApp(
  secretKey: string,
  env: Record<string, string>,
  started: (running: { stripe: FakeStripe; t: TestApp }) => void,
): void {
  let running: { stripe: FakeStripe; t: TestApp } | undefined;
  beforeAll(async () => {
    const stripe = await startFakeStripe();
    const t = await buildTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: stripe.url, ...env },
    });
    running = { stripe, t };
    started(running);
  });
  afterAll(async () => {
    await running?.t.close();
    await running?.stripe.close();
  });
}

export interface Delivery {
  /** Another secret (a forger's), or the signature header as it is (null: none at all). */
  secret?: string;
  signature?: string | null;
  /** Seconds since 1970 the signature says it was made at (default: now). */
  timestamp?: number;
  contentType?: string;
}

export function deliverPayload(app: FastifyInstance, payload: string, options: Delivery = {}) {
  const signature =
    options.signature === undefined
      ? stripeSignatureHeader(
          payload,
          options.secret ?? WEBHOOK_SECRET,
          options.timestamp ?? Math.floor(Date.now() / 1000),
        )
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Delivers events as Stripe would (in the order given) and answers each outcome. */
export async function deliver(app: FastifyInstance, events: StripeEvent[], options: Delivery = {}) {
  const outcomes: string[] = [];
  for (const event of events) {
    const res = await deliverPayload(app, JSON.stringify(event), options);
    expect(res.statusCode, res.body).toBe(200);
    outcomes.push((res.json() as { outcome: string }).outcome);
  }
  return outcomes;
}

/** Starts a checkout for a plan the way /subscribe does; answers the Checkout Session's id. */
export async function startCheckout(app: FastifyInstance, plan: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/create-subscription', payload: { plan } });
  expect(res.statusCode, res.body).toBe(200);
  const id = /\/c\/pay\/(cs_test_\w+)$/.exec((res.json() as { clientSecret: string }).clientSecret)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** The 'Manage your subscription' link in an e-mail's text. */
export function manageLinkIn(text: string): string {
  const url = /(https?:\/\/\S+\/manage-subscription\?token=\S+)/.exec(text)?.[1];
  expect(url, text).toBeTruthy();
  return url!;
}

export const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
