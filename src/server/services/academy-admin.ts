import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { academySubscriptions, contactMessages } from '../db/schema';
import type { AcademySubscription, WorkshopReservation, WorkshopSpots } from '../../shared/admin.schema';
import { FREE_WORKSHOP, findPlan } from '../../shared/academy';
import { WORKSHOP_RESERVATION_TYPE } from '../../shared/contact';
import type { Page } from './paging';

type Deps = Pick<AppDeps, 'db'>;

const isReservation = eq(contactMessages.type, WORKSHOP_RESERVATION_TYPE);

/**
 * Places taken at the free workshop: every reservation that is not archived. Archiving a
 * cancelled reservation gives its place back. More reservations than places can arrive (the form
 * does not close by itself), so `left` never goes below zero while `taken` may pass `spots`.
 */
export async function workshopSpots(deps: Deps): Promise<WorkshopSpots> {
  const [row] = await deps.db
    .select({ taken: count() })
    .from(contactMessages)
    .where(and(isReservation, ne(contactMessages.status, 'archived')));
  const taken = Number(row?.taken ?? 0);
  return { spots: FREE_WORKSHOP.spots, taken, left: Math.max(0, FREE_WORKSHOP.spots - taken) };
}

function text(value: string | number | undefined): string | null {
  return value === undefined || value === '' ? null : String(value);
}

/** Workshop reservations with the parent's and child's details, newest first. */
export async function listWorkshopReservations(
  deps: Deps,
  paging: { page: number; pageSize: number },
): Promise<Page<WorkshopReservation> & { workshop: WorkshopSpots }> {
  const { db } = deps;
  const [rows, [totalRow], workshop] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(isReservation)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(contactMessages).where(isReservation),
    workshopSpots(deps),
  ]);
  const items = rows.map((row): WorkshopReservation => {
    const d = row.details ?? {};
    const age = Number(d.childAge);
    return {
      id: row.id,
      parentName: text(d.parentName) ?? row.name,
      parentEmail: text(d.parentEmail) ?? row.email,
      parentMobile: text(d.parentMobile),
      childName: text(d.childName),
      childAge: Number.isInteger(age) && d.childAge !== undefined ? age : null,
      deviceType: text(d.deviceType),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return {
    items,
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
    workshop,
  };
}

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
