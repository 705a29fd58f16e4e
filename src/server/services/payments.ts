import { eq, or } from 'drizzle-orm';
import Stripe from 'stripe';
import { ACADEMY_SECTIONS, PLANS, findPlan, isPlanId, type PlanId } from '../../shared/academy';
import { ROUTES } from '../../shared/routes';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { academySubscriptions, paymentEvents } from '../db/schema';
import { DomainError, badRequest } from './errors';

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
      metadata: { plan: plan.id },
      subscription_data: { metadata: { plan: plan.id } },
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

export type WebhookOutcome = 'recorded' | 'duplicate' | 'outdated' | 'ignored';

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Records a verified event. The event id goes into payment_events in the same transaction as the
 * change, so a redelivered event changes nothing, and a failed one can be retried by Stripe.
 */
export async function recordStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return 'duplicate';

    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const plan = isPlanId(session.metadata?.plan) ? session.metadata.plan : 'unknown';
      const change = {
        checkoutSessionId: session.id,
        stripeSubscriptionId: idOf(session.subscription),
        stripeCustomerId: idOf(session.customer),
        customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
        plan,
        status:
          session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
            ? 'active'
            : 'incomplete',
      };
      // The subscription's own event may have arrived first; then complete that row.
      const conditions = [eq(academySubscriptions.checkoutSessionId, session.id)];
      if (change.stripeSubscriptionId)
        conditions.push(eq(academySubscriptions.stripeSubscriptionId, change.stripeSubscriptionId));
      const [existing] = await tx
        .select()
        .from(academySubscriptions)
        .where(or(...conditions))
        .limit(1);
      if (existing) {
        await tx
          .update(academySubscriptions)
          .set({ ...change, status: existing.checkoutSessionId ? change.status : existing.status })
          .where(eq(academySubscriptions.id, existing.id));
      } else {
        await tx
          .insert(academySubscriptions)
          .values({ ...change, updatedAt: new Date(event.created * 1000) });
      }
      return 'recorded';
    }

    const subscription = event.data.object as Stripe.Subscription;
    const status = event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status;
    // Stripe does not promise delivery order: updatedAt holds the time of the last change applied
    // (the event's own time), and an event older than that is recorded but not applied.
    const changedAt = new Date(event.created * 1000);
    const [existing] = await tx
      .select()
      .from(academySubscriptions)
      .where(eq(academySubscriptions.stripeSubscriptionId, subscription.id))
      .limit(1);
    const metadataPlan = subscription.metadata?.plan;
    if (existing) {
      if (existing.updatedAt > changedAt) return 'outdated';
      await tx
        .update(academySubscriptions)
        .set({
          status,
          plan: isPlanId(metadataPlan) ? metadataPlan : existing.plan,
          stripeCustomerId: idOf(subscription.customer) ?? existing.stripeCustomerId,
          updatedAt: changedAt,
        })
        .where(eq(academySubscriptions.id, existing.id));
    } else {
      await tx.insert(academySubscriptions).values({
        stripeSubscriptionId: subscription.id,
        stripeCustomerId: idOf(subscription.customer),
        plan: isPlanId(metadataPlan) ? metadataPlan : 'unknown',
        status,
        updatedAt: changedAt,
      });
    }
    return 'recorded';
  });
}
