import { and, asc, count, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { sessions, users } from './tables';
import { ADMIN_MESSAGES } from '../../../shared/admin';
import type { AdminUser } from '../../../shared/admin.schema';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors';
import { isWithin, mayGive, STAFF_MESSAGES, STAFF_ROLES, type StaffRole } from '../../../shared/staff';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { freeStaffSlug } from './profile';
import { pageOffset, type Page } from '../../platform/paging';
import type { SessionUser } from './sessions';

type Deps = Pick<AppDeps, 'db'>;

// The staff: every person who signs in to the admin, each with a role (src/shared/staff.ts).

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
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
      })
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
 * Removes a member of staff; their sessions and reset links go with them (foreign keys cascade), so
 * an open session stops working at once; their posts stay without an author. Never the owner (who
 * hands ownership over first), never the last admin, never the caller's own account (that would end
 * the session mid-click), and only someone whose role may give the person's role.
 */
export async function removeAdmin(
  deps: Deps,
  input: { id: number; caller: { id: number; role: StaffRole } },
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    // Locking every admin row first means two admins removing each other at the same moment are
    // served one after the other: the second sees only one admin left and is refused.
    const all = await tx.select({ id: users.id, role: users.role }).from(users).for('update');
    const target = all.find((u) => u.id === input.id);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (all.length <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
    if (input.id === input.caller.id) throw conflict(ADMIN_MESSAGES.removeSelf);
    // Another admin may have removed the caller a moment ago.
    if (!all.some((u) => u.id === input.caller.id)) throw unauthorized('Please sign in to continue.');
    if (target.role === 'owner') throw conflict(STAFF_MESSAGES.ownerStays);
    if (!mayGive(input.caller.role, target.role)) throw forbidden(STAFF_MESSAGES.roleNotYours);
    await tx.delete(users).where(eq(users.id, input.id));
    return { message: ADMIN_MESSAGES.userRemoved };
  });
}

/**
 * Gives a member of staff another role, at once: their sessions follow it from the next request,
 * and a token made with a narrower role that the new one no longer covers is ended. The caller's
 * role must be able to give both the old role and the new one; the owner's own role changes only
 * by handing ownership over.
 */
export async function changeRole(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { id: number; role: StaffRole; caller: { id: number; role: StaffRole } },
): Promise<AdminUser> {
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, input.id)).for('update');
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (target.role === 'owner') throw conflict(STAFF_MESSAGES.ownerStays);
    if (!mayGive(input.caller.role, target.role) || !mayGive(input.caller.role, input.role))
      throw forbidden(STAFF_MESSAGES.roleNotYours);
    await tx.update(users).set({ role: input.role, updatedAt: deps.clock() }).where(eq(users.id, input.id));
    const covered = STAFF_ROLES.filter((r) => isWithin(r, input.role));
    await tx
      .delete(sessions)
      .where(
        and(eq(sessions.userId, input.id), isNotNull(sessions.role), notInArray(sessions.role, covered)),
      );
    return {
      id: target.id,
      name: target.name,
      email: target.email,
      role: input.role,
      createdAt: target.createdAt.toISOString(),
    };
  });
}

/** The owner hands the business over: the other person becomes the owner, the caller an administrator. */
export async function handOverOwnership(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { id: number; callerId: number },
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const all = await tx.select({ id: users.id, role: users.role }).from(users).for('update');
    const caller = all.find((u) => u.id === input.callerId);
    if (caller?.role !== 'owner') throw forbidden(STAFF_MESSAGES.roleNotYours);
    if (!all.some((u) => u.id === input.id)) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (input.id === input.callerId) return { message: STAFF_MESSAGES.ownershipHandedOver };
    // The one-owner index allows no moment with two: the caller steps down first.
    const updatedAt = deps.clock();
    await tx.update(users).set({ role: 'administrator', updatedAt }).where(eq(users.id, input.callerId));
    await tx.update(users).set({ role: 'owner', updatedAt }).where(eq(users.id, input.id));
    // A narrowed token of either keeps its own role, which both roles still cover.
    return { message: STAFF_MESSAGES.ownershipHandedOver };
  });
}

/**
 * Adds a member of staff with a role (administrator when none is given, as before roles existed);
 * the very first person added owns the business. `caller` is who adds them (none for the
 * configured first admin), whose role must be able to give that role.
 */
export async function createAdmin(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { name: string; email: string; password: string; role?: StaffRole },
  caller?: { role: StaffRole },
): Promise<SessionUser> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  if (!name) throw badRequest('Name is required');
  const asked = input.role ?? 'administrator';
  if (caller && !mayGive(caller.role, asked)) throw forbidden(STAFF_MESSAGES.roleNotYours);
  await assertAcceptablePassword(input.password);
  const existing = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw conflict(AUTH_MESSAGES.duplicateEmail);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(users);
  const insert = async (role: StaffRole) =>
    (
      await deps.db
        .insert(users)
        .values({
          name,
          email,
          passwordHash,
          role,
          slug: await freeStaffSlug(deps.db, name),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role })
    )[0];
  let created = await insert(Number(total) === 0 ? 'owner' : asked);
  // Two first sign-ups at once: one owns the business (one owner at most, by the database); the
  // other, refused by that rule and not for its address, joins with the role asked.
  if (!created && Number(total) === 0) {
    const [same] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!same) created = await insert(asked);
  }
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
