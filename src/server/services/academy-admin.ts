import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { academySubscriptions } from '../db/schema';
import type { AcademySubscription } from '../../shared/admin.schema';
import { findPlan } from '../../shared/academy';
import type { Page } from './paging';

type Deps = Pick<AppDeps, 'db'>;

/** Academy subscriptions as the payment webhook recorded them, newest first. */
export async function listAcademySubscriptions(
  deps: Deps,
  filter: { page: number; pageSize: number; plan?: string; status?: string },
): Promise<Page<AcademySubscription>> {
  const { db } = deps;
  const conditions: SQL[] = [];
  if (filter.plan) conditions.push(eq(academySubscriptions.plan, filter.plan));
  if (filter.status) conditions.push(eq(academySubscriptions.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(academySubscriptions)
      .where(where)
      .orderBy(desc(academySubscriptions.createdAt), desc(academySubscriptions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(academySubscriptions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      customerEmail: r.customerEmail,
      plan: r.plan,
      planName: findPlan(r.plan)?.name ?? 'Unknown plan',
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
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
