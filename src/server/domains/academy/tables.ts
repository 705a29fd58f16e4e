import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';

// Academy subscriptions, their 'Manage your subscription' links, and payment events handled.

export const academySubscriptions = pgTable(
  'academy_subscriptions',
  {
    id: serial('id').primaryKey(),
    checkoutSessionId: text('checkout_session_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeCustomerId: text('stripe_customer_id'),
    customerEmail: text('customer_email'),
    /** Who the plan is for, from Checkout's custom fields and phone collection. */
    parentPhone: text('parent_phone'),
    childFirstName: text('child_first_name'),
    childAge: integer('child_age'),
    plan: text('plan').notNull(),
    /** Stripe's subscription status: active, past_due, canceled, incomplete... */
    status: text('status').notNull(),
    /** When the paid month ends: the next renewal, or the last day when it is cancelled at period end. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When cancelling was asked for (Stripe's canceled_at), and when the subscription ended. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The latest failed and successful payments (invoice events' times). Kept apart rather than as
     * one flag, so the two events mean the same whatever order Stripe delivers them in: the
     * payment is overdue while the failure is the later of the two.
     */
    lastPaymentFailedAt: timestamp('last_payment_failed_at', { withTimezone: true }),
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The time of the last Stripe event applied to the status (an older one arriving late is not). */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('academy_subscriptions_checkout_idx').on(t.checkoutSessionId),
    uniqueIndex('academy_subscriptions_subscription_idx').on(t.stripeSubscriptionId),
    index('academy_subscriptions_created_id_idx').on(t.createdAt, t.id),
    index('academy_subscriptions_customer_idx').on(t.stripeCustomerId),
  ],
);

/**
 * The e-mailed 'Manage your subscription' links (domains/academy/manage-links.ts): each is signed, bound
 * to one Stripe customer, expires, and works once. Its use is recorded here, in the database, so
 * "once" holds across restarts and instances.
 */
export const subscriptionManageLinks = pgTable(
  'subscription_manage_links',
  {
    id: text('id').primaryKey(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_manage_links_expires_idx').on(t.expiresAt)],
);

/** Webhook events already handled: the same event delivered twice changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
