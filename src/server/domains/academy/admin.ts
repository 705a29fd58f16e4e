import { and, count, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { academySubscriptions } from './tables';
import type { AcademySubscription } from '../../../shared/admin.schema';
import { findPlan } from '../../../shared/academy';
import { CURSOR_KEY, keysetOf, type CursorPage, type CursorRequest } from '../../platform/paging';
import { manageLinkMail } from './mail';
import { getBusinessDetails } from '../site-content';
import { conflict, notFound } from '../../platform/errors';
import { issueManageLink } from './manage-links';
import { enqueueMail } from '../../platform/mail/queue';
import { cancelAtPeriodEnd, subscriptionFacts } from './payments';

type Deps = Pick<AppDeps, 'db'>;

type SubscriptionRow = typeof academySubscriptions.$inferSelect;
const iso = (date: Date | null) => date?.toISOString() ?? null;

function toAcademySubscription(r: SubscriptionRow): AcademySubscription {
  return {
    id: r.id,
    customerEmail: r.customerEmail,
    parentPhone: r.parentPhone,
    childFirstName: r.childFirstName,
    childAge: r.childAge,
    plan: r.plan,
    planName: findPlan(r.plan)?.name ?? 'Unknown plan',
    status: r.status,
    currentPeriodEnd: iso(r.currentPeriodEnd),
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
    canceledAt: iso(r.canceledAt),
    endedAt: iso(r.endedAt),
    paymentOverdue:
      r.lastPaymentFailedAt !== null &&
      (r.lastPaidAt === null || r.lastPaidAt < r.lastPaymentFailedAt) &&
      r.status !== 'canceled',
    lastPaymentFailedAt: iso(r.lastPaymentFailedAt),
    lastPaidAt: iso(r.lastPaidAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function subscriptionRow(deps: Deps, id: number): Promise<SubscriptionRow> {
  const [row] = await deps.db.select().from(academySubscriptions).where(eq(academySubscriptions.id, id));
  if (!row) throw notFound('No such subscription.');
  return row;
}

/**
 * Asks Stripe to end a subscription when the month already paid for runs out (the parent keeps
 * the sessions paid for), and stores what Stripe answered. The webhook's
 * customer.subscription.updated says the same a moment later.
 */
export async function cancelSubscriptionAtPeriodEnd(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  id: number,
): Promise<AcademySubscription> {
  const row = await subscriptionRow(deps, id);
  if (!row.stripeSubscriptionId) throw conflict('This subscription has no Stripe subscription to cancel.');
  if (row.status === 'canceled' || row.endedAt) throw conflict('This subscription has already ended.');
  if (row.cancelAtPeriodEnd)
    throw conflict('This subscription is already set to end at the end of its period.');
  const subscription = await cancelAtPeriodEnd(deps.payments, row.stripeSubscriptionId);
  const [updated] = await deps.db
    .update(academySubscriptions)
    .set(subscriptionFacts(subscription))
    .where(eq(academySubscriptions.id, row.id))
    .returning();
  return toAcademySubscription(updated!);
}

/** E-mails the parent a new 'Manage your subscription' link (the last one was used or ran out). */
export async function sendManageLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  id: number,
): Promise<{ message: string }> {
  const row = await subscriptionRow(deps, id);
  const plan = findPlan(row.plan);
  if (!row.stripeCustomerId || !row.customerEmail || !plan)
    throw conflict('This subscription has no Stripe customer and e-mail address to send a link to.');
  const now = deps.clock();
  const email = row.customerEmail;
  await deps.db.transaction(async (tx) => {
    const link = await issueManageLink(tx, {
      stripeCustomerId: row.stripeCustomerId!,
      now,
      publicUrl: deps.config.publicUrl,
    });
    await enqueueMail(tx, {
      kind: 'academy_manage_link',
      now,
      message: manageLinkMail({
        business: await getBusinessDetails(tx),
        plan,
        parentEmail: email,
        childFirstName: row.childFirstName,
        manageUrl: link.url,
      }),
    });
  });
  return { message: `A new link has been emailed to ${email}.` };
}

/** The subscriptions' order, newest first (academy_subscriptions_created_id_idx, and by plan or status). */
const academySubscriptionOrder = keysetOf([academySubscriptions.createdAt, academySubscriptions.id]);

/** Academy subscriptions as the payment webhook recorded them, newest first. */
export async function listAcademySubscriptions(
  deps: Deps,
  filter: CursorRequest & { plan?: string; status?: string },
): Promise<CursorPage<AcademySubscription>> {
  const { db } = deps;
  const read = academySubscriptionOrder.read(filter);
  const conditions: SQL[] = [];
  if (filter.plan) conditions.push(eq(academySubscriptions.plan, filter.plan));
  if (filter.status) conditions.push(eq(academySubscriptions.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ row: academySubscriptions, [CURSOR_KEY]: read.key })
      .from(academySubscriptions)
      .where(and(where, read.where))
      .orderBy(...read.orderBy)
      .limit(read.limit)
      .offset(read.offset),
    db.select({ total: count() }).from(academySubscriptions).where(where),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  return {
    ...cursors,
    items: page.map(({ row }) => toAcademySubscription(row)),
    total: Number(totalRow?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export async function countActiveSubscriptions(deps: Deps): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(academySubscriptions)
    .where(eq(academySubscriptions.status, 'active'));
  return Number(row?.total ?? 0);
}
