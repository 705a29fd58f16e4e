import { asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { users } from '../db/schema';
import { ADMIN_MESSAGES } from '../../shared/admin';
import type { AdminUser } from '../../shared/admin.schema';
import { conflict, notFound, unauthorized } from './errors';
import type { Page } from './paging';

type Deps = Pick<AppDeps, 'db'>;

/** The admin users, in the order they were added (never their password hashes). */
export async function listAdmins(deps: Deps, paging: { page: number; pageSize: number }): Promise<Page<AdminUser>> {
  const { db } = deps;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(users),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/**
 * Removes an admin; their sessions and reset links go with them (foreign keys cascade), their
 * posts stay without an author. Never the last admin, and never the caller's own account: removing
 * oneself would end the session mid-click and could lock the business out.
 */
export async function removeAdmin(deps: Deps, input: { id: number; callerId: number }): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    // Locking every admin row first means two admins removing each other at the same moment are
    // served one after the other: the second sees only one admin left and is refused.
    const all = await tx.select({ id: users.id }).from(users).for('update');
    if (!all.some((u) => u.id === input.id)) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (all.length <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
    if (input.id === input.callerId) throw conflict(ADMIN_MESSAGES.removeSelf);
    // Another admin may have removed the caller a moment ago.
    if (!all.some((u) => u.id === input.callerId)) throw unauthorized('Please sign in to continue.');
    await tx.delete(users).where(eq(users.id, input.id));
    return { message: ADMIN_MESSAGES.userRemoved };
  });
}
