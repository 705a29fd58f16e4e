import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { findPlan, isPlanId, type PlanId } from '../../../shared/academy';
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from '../../../shared/contact';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { academySubscriptions, paymentEvents } from './tables';
import { getBusinessDetails } from '../site-content';
import { newSubscriptionNotification, paymentFailedMail, welcomeMail } from './mail';
import { issueManageLink } from './manage-links';
import { enqueueMail } from '../../platform/mail/queue';
import {
  CHECKOUT_FIELD_KEYS,
  CHECKOUT_SOURCE,
  CHILD_FIRST_NAME_MAX,
  academyPlanOf,
  subscriptionFacts,
} from './payments';

// What Stripe's signed webhook events do to the academy's subscriptions. Each
// event is handled in one transaction with its id in payment_events, the state change and the
// e-mails it causes, so a redelivered event changes nothing and sends nothing twice, and an event
// that fails can be retried by Stripe. Stripe does not promise delivery order: the status keeps
// the time of the last event applied (updatedAt) and an older event is recorded but not applied;
// payments keep the time of the latest failure and of the latest success, so they agree whatever
// the order.

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'payments'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Row = typeof academySubscriptions.$inferSelect;

export type WebhookOutcome = 'recorded' | 'duplicate' | 'outdated' | 'ignored';

/** The events to enable on the webhook endpoint in Stripe's dashboard (README, Card payments). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
const HANDLED: ReadonlySet<string> = new Set(HANDLED_EVENTS);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const later = (a: Date | null, b: Date): Date => (a && a > b ? a : b);

/** Records a verified event; see the note at the top. */
export async function recordStripeEvent(deps: Deps, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return 'duplicate';
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(tx, deps, event.data.object, at);
      case 'invoice.paid':
        return invoicePaid(tx, event.data.object, at);
      case 'invoice.payment_failed':
        return invoicePaymentFailed(tx, deps, event.data.object, at);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionChanged(tx, event.data.object, at, event.type === 'customer.subscription.deleted');
      default:
        return 'ignored';
    }
  });
}

/** The child's details from Checkout's custom fields; anything outside the rules is left out. */
function childDetails(session: Stripe.Checkout.Session): {
  childFirstName: string | null;
  childAge: number | null;
} {
  const field = (key: string) => session.custom_fields?.find((f) => f.key === key);
  const name = field(CHECKOUT_FIELD_KEYS.childFirstName)?.text?.value?.trim().slice(0, CHILD_FIRST_NAME_MAX);
  const ageField = field(CHECKOUT_FIELD_KEYS.childAge);
  const age = Number(ageField?.dropdown?.value ?? ageField?.numeric?.value);
  return {
    childFirstName: name || null,
    childAge: Number.isInteger(age) && age >= CHILD_AGE_MIN && age <= CHILD_AGE_MAX ? age : null,
  };
}

async function checkoutCompleted(
  tx: Tx,
  deps: Deps,
  session: Stripe.Checkout.Session,
  at: Date,
): Promise<WebhookOutcome> {
  const plan = academyPlanOf(deps.payments, session);
  if (!plan) return 'ignored';
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const change = {
    checkoutSessionId: session.id,
    stripeSubscriptionId: idOf(session.subscription),
    stripeCustomerId: idOf(session.customer),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    parentPhone: session.customer_details?.phone ?? null,
    ...childDetails(session),
    plan,
  };
  // The subscription's own events may have arrived first; then complete that row.
  const conditions = [eq(academySubscriptions.checkoutSessionId, session.id)];
  if (change.stripeSubscriptionId)
    conditions.push(eq(academySubscriptions.stripeSubscriptionId, change.stripeSubscriptionId));
  const [existing] = await tx
    .select()
    .from(academySubscriptions)
    .where(or(...conditions))
    .limit(1);
  const status = paid ? 'active' : 'incomplete';
  if (existing) {
    await tx
      .update(academySubscriptions)
      // A status from the subscription's own events is newer news than the checkout's.
      .set({ ...change, status: existing.checkoutSessionId ? status : existing.status })
      .where(eq(academySubscriptions.id, existing.id));
  } else {
    await tx.insert(academySubscriptions).values({ ...change, status, updatedAt: at });
  }

  const now = deps.clock();
  const facts = { ...change, plan: findPlan(plan)!, parentEmail: change.customerEmail ?? '' };
  if (change.customerEmail && change.stripeCustomerId) {
    const link = await issueManageLink(tx, {
      stripeCustomerId: change.stripeCustomerId,
      now,
      publicUrl: deps.config.publicUrl,
    });
    await enqueueMail(tx, {
      kind: 'academy_welcome',
      now,
      message: welcomeMail({
        ...facts,
        business: await getBusinessDetails(tx),
        manageUrl: link.url,
        paymentPending: !paid,
      }),
    });
  }
  await enqueueMail(tx, {
    kind: 'academy_subscription_notification',
    now,
    message: newSubscriptionNotification({
      ...facts,
      parentEmail: change.customerEmail ?? 'not given',
      to: deps.config.BUSINESS_INBOX,
      publicUrl: deps.config.publicUrl,
      paymentPending: !paid,
    }),
  });
  return 'recorded';
}

/** The subscription an invoice bills (API 2026: under parent.subscription_details). */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string; plan: PlanId | null } | null {
  const details = invoice.parent?.subscription_details;
  const id = idOf(details?.subscription);
  if (!id) return null;
  const metadata = details?.metadata;
  const plan = metadata?.source === CHECKOUT_SOURCE && isPlanId(metadata.plan) ? metadata.plan : null;
  return { id, plan };
}

/**
 * The row of an invoice's subscription; an invoice event that comes before the checkout's makes
 * it, when the subscription is one of ours. Null: not ours, nothing to do.
 */
async function rowForInvoice(tx: Tx, invoice: Stripe.Invoice, at: Date, status: string): Promise<Row | null> {
  const subscription = invoiceSubscription(invoice);
  if (!subscription) return null;
  const [existing] = await tx
    .select()
    .from(academySubscriptions)
    .where(eq(academySubscriptions.stripeSubscriptionId, subscription.id))
    .limit(1);
  if (existing) return existing;
  if (!subscription.plan) return null;
  const [created] = await tx
    .insert(academySubscriptions)
    .values({
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: idOf(invoice.customer),
      customerEmail: invoice.customer_email,
      plan: subscription.plan,
      status,
      updatedAt: at,
    })
    .returning();
  return created!;
}

/** A month paid: the overdue flag goes once this is the later news, and a past-due plan is active again. */
async function invoicePaid(tx: Tx, invoice: Stripe.Invoice, at: Date): Promise<WebhookOutcome> {
  const row = await rowForInvoice(tx, invoice, at, 'active');
  if (!row) return 'ignored';
  const recovers = ['past_due', 'unpaid', 'incomplete'].includes(row.status) && at >= row.updatedAt;
  // The month just paid for ends when the subscription next renews: the line's service period.
  const paidUntil = Math.max(0, ...(invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0));
  await tx
    .update(academySubscriptions)
    .set({
      lastPaidAt: later(row.lastPaidAt, at),
      ...(paidUntil > 0 ? { currentPeriodEnd: later(row.currentPeriodEnd, new Date(paidUntil * 1000)) } : {}),
      ...(recovers ? { status: 'active', updatedAt: at } : {}),
    })
    .where(eq(academySubscriptions.id, row.id));
  return 'recorded';
}

/** A payment refused: flag it for the admin and send the parent a fresh link to change the card. */
async function invoicePaymentFailed(
  tx: Tx,
  deps: Deps,
  invoice: Stripe.Invoice,
  at: Date,
): Promise<WebhookOutcome> {
  const row = await rowForInvoice(tx, invoice, at, 'past_due');
  if (!row) return 'ignored';
  // Paid since (its invoice.paid came first): nothing is overdue, nobody needs telling.
  if (row.lastPaidAt && row.lastPaidAt > at) {
    await tx
      .update(academySubscriptions)
      .set({ lastPaymentFailedAt: later(row.lastPaymentFailedAt, at) })
      .where(eq(academySubscriptions.id, row.id));
    return 'outdated';
  }
  const overdue = row.status === 'active' && at >= row.updatedAt;
  await tx
    .update(academySubscriptions)
    .set({
      lastPaymentFailedAt: later(row.lastPaymentFailedAt, at),
      ...(overdue ? { status: 'past_due', updatedAt: at } : {}),
    })
    .where(eq(academySubscriptions.id, row.id));

  const email = row.customerEmail ?? invoice.customer_email;
  const customerId = row.stripeCustomerId ?? idOf(invoice.customer);
  const plan = findPlan(row.plan);
  if (email && customerId && plan) {
    const now = deps.clock();
    const link = await issueManageLink(tx, {
      stripeCustomerId: customerId,
      now,
      publicUrl: deps.config.publicUrl,
    });
    await enqueueMail(tx, {
      kind: 'academy_payment_failed',
      now,
      message: paymentFailedMail({
        business: await getBusinessDetails(tx),
        plan,
        parentEmail: email,
        parentPhone: row.parentPhone,
        childFirstName: row.childFirstName,
        childAge: row.childAge,
        manageUrl: link.url,
        amountDue: invoice.amount_due ?? null,
        nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
      }),
    });
  }
  return 'recorded';
}

async function subscriptionChanged(
  tx: Tx,
  subscription: Stripe.Subscription,
  at: Date,
  deleted: boolean,
): Promise<WebhookOutcome> {
  const facts = subscriptionFacts(subscription);
  const change = {
    ...facts,
    status: deleted ? 'canceled' : facts.status,
    endedAt: deleted ? (facts.endedAt ?? at) : facts.endedAt,
    stripeCustomerId: idOf(subscription.customer),
  };
  const metadata = subscription.metadata ?? {};
  const plan = metadata.source === CHECKOUT_SOURCE && isPlanId(metadata.plan) ? metadata.plan : null;
  const [existing] = await tx
    .select()
    .from(academySubscriptions)
    .where(eq(academySubscriptions.stripeSubscriptionId, subscription.id))
    .limit(1);
  if (existing) {
    if (existing.updatedAt > at) return 'outdated';
    await tx
      .update(academySubscriptions)
      .set({
        ...change,
        currentPeriodEnd: change.currentPeriodEnd ?? existing.currentPeriodEnd,
        plan: plan ?? existing.plan,
        stripeCustomerId: change.stripeCustomerId ?? existing.stripeCustomerId,
        updatedAt: at,
      })
      .where(eq(academySubscriptions.id, existing.id));
    return 'recorded';
  }
  if (!plan) return 'ignored';
  await tx.insert(academySubscriptions).values({
    ...change,
    stripeSubscriptionId: subscription.id,
    plan,
    updatedAt: at,
  });
  return 'recorded';
}
