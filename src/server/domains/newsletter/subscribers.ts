import { and, asc, count, eq, gt, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { newsletterSubscriptions } from './tables';
import { ADMIN_MESSAGES, type SubscriberStatus } from '../../../shared/admin';
import type { Subscriber } from '../../../shared/admin.schema';
import { notFound } from '../../platform/errors';
import { leaveSends } from './send/recipients';
import {
  containsPattern,
  CURSOR_KEY,
  keysetOf,
  type CursorPage,
  type CursorRequest,
  type KeysetRead,
} from '../../platform/paging';
import type { Database } from '../../platform/db/client';

type Deps = Pick<AppDeps, 'db'>;

export interface SubscriberFilter extends CursorRequest {
  status?: SubscriberStatus;
  q?: string;
}

/** The subscribers' order, newest first (newsletter_subscriptions_created_id_idx). */
const subscriberOrder = keysetOf([newsletterSubscriptions.createdAt, newsletterSubscriptions.id]);

function subscriberWhere(filter: SubscriberFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status === 'confirmed') conditions.push(isNotNull(newsletterSubscriptions.confirmedAt));
  if (filter.status === 'pending') conditions.push(isNull(newsletterSubscriptions.confirmedAt));
  if (filter.q) conditions.push(ilike(newsletterSubscriptions.email, containsPattern(filter.q)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of subscribers as read: the statement, exported for the query-plan tests. */
function subscriberRows(db: Database, filter: SubscriberFilter, read: KeysetRead) {
  return db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      newsletter: newsletterSubscriptions.newsletter,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      createdAt: newsletterSubscriptions.createdAt,
      bouncedAt: newsletterSubscriptions.bouncedAt,
      [CURSOR_KEY]: read.key,
    })
    .from(newsletterSubscriptions)
    .where(and(subscriberWhere(filter), read.where))
    .orderBy(...read.orderBy)
    .limit(read.limit)
    .offset(read.offset);
}

/** The statements of the subscribers list, built as the list builds them (for the query-plan tests). */
export const subscriberListQueries = {
  page: (db: Database, filter: SubscriberFilter) => subscriberRows(db, filter, subscriberOrder.read(filter)),
};

/** Newsletter subscriptions, newest first, with whether and when each was confirmed. */
export async function listSubscribers(deps: Deps, filter: SubscriberFilter): Promise<CursorPage<Subscriber>> {
  const { db } = deps;
  const read = subscriberOrder.read(filter);
  const [rows, [totalRow]] = await Promise.all([
    subscriberRows(db, filter, read),
    db.select({ total: count() }).from(newsletterSubscriptions).where(subscriberWhere(filter)),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  return {
    ...cursors,
    items: page.map((r) => ({
      ...r,
      confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
      bouncedAt: r.bouncedAt ? r.bouncedAt.toISOString() : null,
    })),
    total: Number(totalRow?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** GDPR erasure: the row goes, address, tokens and all; nothing of the subscriber is kept. */
export async function eraseSubscriber(deps: Deps, id: number): Promise<{ message: string }> {
  const deleted = await deps.db.transaction(async (tx) => {
    // Their recipient rows keep no address, and their waiting copies are skipped (before the delete
    // empties the rows' subscriber id).
    await leaveSends(tx, id);
    return tx
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .returning({ id: newsletterSubscriptions.id });
  });
  if (deleted.length === 0) throw notFound(ADMIN_MESSAGES.subscriberNotFound);
  return { message: ADMIN_MESSAGES.subscriberRemoved };
}

export async function countConfirmedSubscribers(deps: Deps): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt));
  return Number(row?.total ?? 0);
}

export interface ConfirmedSubscriberRow {
  email: string;
  newsletter: string;
  confirmedAt: Date;
}

/** Every confirmed subscriber in the order they signed up, read in batches (keyset paging, so memory stays flat). */
export async function* confirmedSubscribers(
  deps: Deps,
  batchSize = 1000,
): AsyncGenerator<ConfirmedSubscriberRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await deps.db
      .select({
        id: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
        newsletter: newsletterSubscriptions.newsletter,
        confirmedAt: newsletterSubscriptions.confirmedAt,
      })
      .from(newsletterSubscriptions)
      .where(and(isNotNull(newsletterSubscriptions.confirmedAt), gt(newsletterSubscriptions.id, afterId)))
      .orderBy(asc(newsletterSubscriptions.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    afterId = rows[rows.length - 1]!.id;
    yield rows.map((r) => ({ email: r.email, newsletter: r.newsletter, confirmedAt: r.confirmedAt! }));
    if (rows.length < batchSize) return;
  }
}
