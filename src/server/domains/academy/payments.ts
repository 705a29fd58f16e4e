import Stripe from 'stripe';
import { ACADEMY_SECTIONS, PLANS, findPlan, isPlanId, type PlanId } from '../../../shared/academy';
import type { CheckoutStatus } from '../../../shared/academy.schema';
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from '../../../shared/contact';
import { ROUTES } from '../../../shared/routes';
import type { Config } from '../../config';
import { DomainError, badRequest } from '../../platform/errors';

// Card payments for the academy's monthly plans, through Stripe Checkout. Stripe hosts the payment
// page; we create the session and learn the outcome from signed webhook events.

export const PAYMENTS_NOT_CONFIGURED =
  'Online payment is not set up yet. Please email us and we will enrol you by invoice in the meantime.';
export const WEBHOOK_NOT_CONFIGURED =
  'Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET is missing).';

export interface Payments {
  /** The Stripe client, or null when STRIPE_SECRET_KEY is not set. */
  stripe: Stripe | null;
  /** Verifies webhook signatures; null when STRIPE_WEBHOOK_SECRET is not set. */
  webhookSecret: string | null;
  /** Stripe price ids per plan from configuration; a missing one is built from the catalogue's amount. */
  priceIds: Partial<Record<PlanId, string>>;
  publicUrl: string;
}

/** STRIPE_API_BASE (e.g. http://127.0.0.1:12111) as the SDK's host, port and protocol options. */
export function stripeAddress(
  apiBase: string | undefined,
): { host: string; port: number; protocol: 'http' | 'https' } | undefined {
  if (!apiBase) return undefined;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export function createPayments(config: Config): Payments {
  const stripe = config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, {
        ...stripeAddress(config.STRIPE_API_BASE),
        maxNetworkRetries: 1,
        timeout: 20_000,
        appInfo: { name: 'SparkAI Academy checkout' },
      })
    : null;
  const priceIds: Partial<Record<PlanId, string>> = {};
  if (config.STRIPE_PRICE_EXPLORER) priceIds.explorer = config.STRIPE_PRICE_EXPLORER;
  if (config.STRIPE_PRICE_INNOVATOR) priceIds.innovator = config.STRIPE_PRICE_INNOVATOR;
  if (config.STRIPE_PRICE_ENTREPRENEUR) priceIds.entrepreneur = config.STRIPE_PRICE_ENTREPRENEUR;
  return {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    priceIds,
    publicUrl: config.publicUrl,
  };
}

/**
 * Marks the Checkout Sessions and subscriptions this site creates, so one made elsewhere on the
 * same Stripe account (a payment link, another shop) is never taken for an academy plan.
 */
export const CHECKOUT_SOURCE = 'sparkai-academy';

/** Stripe's custom field keys (alphanumeric only) for the child's details. */
export const CHECKOUT_FIELD_KEYS = { childFirstName: 'childfirstname', childAge: 'childage' } as const;
export const CHILD_FIRST_NAME_MAX = 50;

const CHECKOUT_FIELDS: Stripe.Checkout.SessionCreateParams.CustomField[] = [
  {
    key: CHECKOUT_FIELD_KEYS.childFirstName,
    label: { type: 'custom', custom: "Child's first name" },
    type: 'text',
    text: { minimum_length: 1, maximum_length: CHILD_FIRST_NAME_MAX },
  },
  {
    key: CHECKOUT_FIELD_KEYS.childAge,
    label: { type: 'custom', custom: `Child's age (${CHILD_AGE_MIN}-${CHILD_AGE_MAX})` },
    // A list rather than a number field: Stripe's page then cannot take an age outside the range.
    type: 'dropdown',
    dropdown: {
      options: Array.from({ length: CHILD_AGE_MAX - CHILD_AGE_MIN + 1 }, (_, i) => {
        const age = String(CHILD_AGE_MIN + i);
        return { label: age, value: age };
      }),
    },
  },
];

/** Creates a Checkout Session in subscription mode for a plan; its hosted page is the clientSecret. */
export async function createCheckout(
  payments: Payments,
  planId: string,
): Promise<{ clientSecret: string; message: string }> {
  const plan = findPlan(planId);
  if (!plan)
    throw badRequest(`Unknown plan "${planId}": please choose ${PLANS.map((p) => p.id).join(', ')}.`);
  if (!payments.stripe) throw new DomainError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_CONFIGURED);

  const priceId = payments.priceIds[plan.id];
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
    ? { price: priceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: 'gbp',
          unit_amount: plan.amountPence,
          recurring: { interval: 'month' },
          product_data: { name: `SparkAI Academy - ${plan.name}`, description: plan.summary },
        },
      };
  const base = payments.publicUrl;
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [lineItem],
      success_url: `${base}${ROUTES.subscriptionSuccess}?plan=${plan.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}${ROUTES.academy}#${ACADEMY_SECTIONS.pricing}`,
      metadata: { plan: plan.id, source: CHECKOUT_SOURCE },
      subscription_data: { metadata: { plan: plan.id, source: CHECKOUT_SOURCE } },
      // Who the plan is for: Stripe's page asks, and the webhook stores the answers.
      custom_fields: CHECKOUT_FIELDS,
      phone_number_collection: { enabled: true },
      billing_address_collection: 'auto',
      allow_promotion_codes: true,
    });
  } catch (error) {
    throw paymentProviderError(error);
  }
  if (!session.url)
    throw new DomainError(
      'BAD_GATEWAY',
      'The payment provider did not return a checkout page. Please try again.',
    );
  return {
    clientSecret: session.url,
    message: `Checkout ready for ${plan.name} (${plan.price}${plan.period}).`,
  };
}

function paymentProviderError(error: unknown): DomainError {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new DomainError(
      'BAD_GATEWAY',
      'We could not reach our payment provider. Please try again in a moment.',
    );
  }
  if (error instanceof Stripe.errors.StripeError) {
    // Configuration problems (a wrong key or price id) are ours, not the customer's: say so plainly.
    return new DomainError(
      'BAD_GATEWAY',
      'Our payment provider turned down the checkout request. Please try again later or email us.',
    );
  }
  return new DomainError('BAD_GATEWAY', 'The checkout could not be prepared. Please try again in a moment.');
}

/** Checks the Stripe-Signature header against the raw body; anything wrong is a 400 that changes nothing. */
export function verifyWebhookEvent(
  payments: Payments,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date,
): Stripe.Event {
  if (!payments.webhookSecret) throw new DomainError('SERVICE_UNAVAILABLE', WEBHOOK_NOT_CONFIGURED);
  if (!signature) throw badRequest('Missing Stripe-Signature header.');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      payments.webhookSecret,
      300,
      undefined,
      now.getTime(),
    );
  } catch {
    throw badRequest('Webhook signature verification failed.');
  }
}

/** The Stripe client, or a 503 saying online payment is not set up. */
export function stripeClient(payments: Payments): Stripe {
  if (!payments.stripe) throw new DomainError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_CONFIGURED);
  return payments.stripe;
}

/**
 * The academy plan a Checkout Session is for, or null when it is not one of ours: created by this
 * site (our metadata), for a subscription, and, when its line items are there, charging that
 * plan's price (the configured Stripe price, or the catalogue's monthly amount in pounds).
 */
export function academyPlanOf(payments: Payments, session: Stripe.Checkout.Session): PlanId | null {
  const plan = session.metadata?.plan;
  if (session.metadata?.source !== CHECKOUT_SOURCE || !isPlanId(plan) || session.mode !== 'subscription')
    return null;
  const items = session.line_items?.data;
  if (items) {
    const price = items.length === 1 ? items[0]!.price : null;
    const priceId = payments.priceIds[plan];
    const matches = priceId
      ? price?.id === priceId
      : price?.unit_amount === findPlan(plan)!.amountPence &&
        price.currency === 'gbp' &&
        price.recurring?.interval === 'month';
    if (!matches) return null;
  }
  return plan;
}

const CHECKOUT_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;
const UNKNOWN_CHECKOUT: CheckoutStatus = { status: 'unknown', plan: null };

/**
 * What the success page shows for the session Stripe sent the parent back with, asked of Stripe
 * itself rather than believed from the address: paid, still pending (open, or paid by a method
 * that has not cleared), or unknown: an id that is malformed, unknown to Stripe or not ours (an
 * answer rather than a 404, so the server-rendered page carries it like any other).
 */
export async function checkoutStatus(payments: Payments, sessionId: string): Promise<CheckoutStatus> {
  if (!CHECKOUT_SESSION_ID.test(sessionId)) return UNKNOWN_CHECKOUT;
  const stripe = stripeClient(payments);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
      return UNKNOWN_CHECKOUT;
    throw paymentProviderError(error);
  }
  const plan = academyPlanOf(payments, session);
  if (!plan) return UNKNOWN_CHECKOUT;
  const paid =
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  return { status: paid ? 'paid' : 'pending', plan };
}

/** A Stripe Billing Portal session for the customer (change card, cancel): its one-off address. */
export async function createBillingPortalSession(payments: Payments, customerId: string): Promise<string> {
  const stripe = stripeClient(payments);
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${payments.publicUrl}${ROUTES.academy}`,
    });
    return session.url;
  } catch (error) {
    throw new DomainError(
      'BAD_GATEWAY',
      error instanceof Stripe.errors.StripeConnectionError
        ? 'We could not reach our payment provider. Please try again in a moment.'
        : 'Our payment provider could not open your subscription page. Please try again later or email us.',
    );
  }
}

/** Asks Stripe to end a subscription when the month already paid for runs out; Stripe's answer. */
export async function cancelAtPeriodEnd(
  payments: Payments,
  subscriptionId: string,
): Promise<Stripe.Subscription> {
  const stripe = stripeClient(payments);
  try {
    return await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError) throw paymentProviderError(error);
    throw new DomainError(
      'BAD_GATEWAY',
      'Our payment provider turned down the cancellation. Check the subscription in the Stripe dashboard.',
    );
  }
}

const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds == null ? null : new Date(seconds * 1000);

/** The dates the admin sees, from Stripe's subscription (the period lives on its items). */
export function subscriptionFacts(subscription: Stripe.Subscription) {
  const ends = subscription.items?.data?.map((item) => item.current_period_end) ?? [];
  return {
    status: subscription.status as string,
    currentPeriodEnd: fromUnix(ends.length > 0 ? Math.max(...ends) : null),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || subscription.cancel_at != null,
    canceledAt: fromUnix(subscription.canceled_at),
    endedAt: fromUnix(subscription.ended_at),
  };
}
