import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { pageOffset, type Page } from '../../platform/paging';
import { hashToken, randomToken } from '../../platform/tokens';
import {
  INVITATION_LIFETIME_DAYS,
  mayGive,
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  STAFF_MESSAGES,
  type Invitation,
  type InvitationStatus,
  type StaffRole,
} from '../../../shared/staff';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { createSession, type Session, type SessionUser } from './sessions';
import { normaliseEmail } from './staff';
import { freeStaffSlug } from './profile';
import { staffInvitations, users } from './tables';

// Invitations to the staff: an administrator (or the owner) invites an address with a role; the
// e-mailed link works once, for INVITATION_LIFETIME_DAYS, until revoked; the invited person sets
// their own name and password and is signed in. Who invited whom stays on the invitation.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
type Row = typeof staffInvitations.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

function statusOf(row: Row, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(row: Row, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByName,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

/** Invites an address with a role; its link goes out by e-mail in the same transaction. */
export async function inviteStaff(
  deps: Deps,
  input: { email: string; role: StaffRole },
  inviter: { id: number; name: string; role: StaffRole },
): Promise<Invitation> {
  if (!mayGive(inviter.role, input.role)) throw forbidden(STAFF_MESSAGES.roleNotYours);
  const email = normaliseEmail(input.email);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw conflict(STAFF_MESSAGES.alreadyStaff);
  const token = randomToken(32);
  const now = deps.clock();
  const link = `${deps.config.publicUrl}/join?token=${encodeURIComponent(token)}`;
  const role = ROLE_NAMES[input.role];
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        tokenHash: hashToken(token),
        email,
        role: input.role,
        invitedBy: inviter.id,
        invitedByName: inviter.name,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
      })
      .returning();
    await enqueueMail(tx, {
      kind: 'staff_invitation',
      now,
      recordId: row!.id,
      message: {
        to: email,
        subject: `${inviter.name} invited you to Herts Local Media`,
        text: [
          'Hello,',
          '',
          `${inviter.name} invited you to join the Herts Local Media team as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role.toLowerCase()}.`,
          `${role}: ${ROLE_DESCRIPTIONS[input.role]}`,
          '',
          `To accept, open this link within ${INVITATION_LIFETIME_DAYS} days and choose your name and password:`,
          '',
          link,
          '',
          'The link works once. If you did not expect this, you can ignore this e-mail.',
          '',
          'Herts Local Media',
        ].join('\n'),
      },
    });
    return toInvitation(row!, now);
  });
}

/** The invitations, newest first, a page at a time, with whether each is pending, accepted, revoked or expired. */
export async function listInvitations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  paging: { page: number; pageSize: number },
): Promise<Page<Invitation>> {
  const now = deps.clock();
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(staffInvitations)
      .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    deps.db.select({ total: count() }).from(staffInvitations),
  ]);
  return {
    items: rows.map((r) => toInvitation(r, now)),
    total: Number(total?.total ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** Revokes an open invitation: its link stops working. Only a role that could have given its role. */
export async function revokeInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: number,
  caller: { role: StaffRole },
): Promise<{ message: string }> {
  const now = deps.clock();
  const [row] = await deps.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
  if (!row) throw notFound('No such invitation');
  if (!mayGive(caller.role, row.role)) throw forbidden(STAFF_MESSAGES.roleNotYours);
  if (statusOf(row, now) !== 'pending') throw conflict(STAFF_MESSAGES.invitationNotPending);
  await deps.db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)));
  return { message: STAFF_MESSAGES.invitationRevoked };
}

/** The open invitation a link's token names, or a 400 that says it no longer works. */
async function openInvitation(deps: Pick<AppDeps, 'db' | 'clock'>, token: string): Promise<Row> {
  const [row] = await deps.db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token.trim())),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, deps.clock()),
      ),
    );
  if (!row) throw badRequest(STAFF_MESSAGES.invitationInvalid);
  return row;
}

/** What the join page shows before the person accepts. */
export async function previewInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<{ email: string; role: StaffRole; invitedBy: string }> {
  const row = await openInvitation(deps, token);
  return { email: row.email, role: row.role, invitedBy: row.invitedByName };
}

/**
 * Accepts an invitation: a new member of staff with the invited address and role, their own name
 * and password, signed in. The claim of the invitation and the new account are one transaction, so a
 * link used twice at once makes one account.
 */
export async function acceptInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { token: string; name: string; password: string },
): Promise<{ token: string; session: Session; user: SessionUser }> {
  const invitation = await openInvitation(deps, input.token);
  await assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  const user = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt)))
      .returning({ id: staffInvitations.id });
    if (!claimed) throw badRequest(STAFF_MESSAGES.invitationInvalid);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    if (taken) throw conflict(STAFF_MESSAGES.alreadyStaff);
    const [created] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email: invitation.email,
        passwordHash,
        role: invitation.role,
        slug: await freeStaffSlug(tx, input.name),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
    await tx
      .update(staffInvitations)
      .set({ acceptedUserId: created!.id })
      .where(eq(staffInvitations.id, invitation.id));
    return created!;
  });
  const { token, session } = await createSession(deps, user.id);
  return { token, session, user };
}
