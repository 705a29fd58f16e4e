import { asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from './tables';
import { ADMIN_MESSAGES } from '../../../shared/admin';
import type { AdminUser } from '../../../shared/admin.schema';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { pageOffset, type Page } from '../../platform/paging';
import type { SessionUser } from './sessions';

type Deps = Pick<AppDeps, 'db'>;

/** Admins are found by e-mail address, whatever its case or surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The admin users, in the order they were added (never their password hashes). */
export async function listAdmins(
  deps: Deps,
  paging: { page: number; pageSize: number },
): Promise<Page<AdminUser>> {
  const { db } = deps;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
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
export async function removeAdmin(
  deps: Deps,
  input: { id: number; callerId: number },
): Promise<{ message: string }> {
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

export async function createAdmin(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { name: string; email: string; password: string },
): Promise<SessionUser> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  if (!name) throw badRequest('Name is required');
  await assertAcceptablePassword(input.password);
  const existing = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw conflict(AUTH_MESSAGES.duplicateEmail);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  const [created] = await deps.db
    .insert(users)
    .values({ name, email, passwordHash, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: users.id, name: users.name, email: users.email });
  if (!created) throw conflict(AUTH_MESSAGES.duplicateEmail);
  return created;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME: creates that admin when it does not exist yet (an
 * existing admin is left as it is, password included).
 */
export async function ensureAdminFromConfig(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): Promise<'created' | 'exists' | 'not-configured'> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME } = deps.config;
  if (!ADMIN_EMAIL && !ADMIN_PASSWORD) return 'not-configured';
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD)
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin.');
  const email = normaliseEmail(ADMIN_EMAIL);
  const existing = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) return 'exists';
  try {
    await createAdmin(deps, { name: ADMIN_NAME ?? 'Administrator', email, password: ADMIN_PASSWORD });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'CONFLICT') return 'exists';
    if (error instanceof Error)
      throw new Error(`ADMIN_PASSWORD was refused: ${error.message}`, { cause: error });
    throw error;
  }
  return 'created';
}
