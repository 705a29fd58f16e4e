import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { passwordResetTokens, sessions, users } from './tables';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { normaliseEmail } from './staff';
import { badRequest } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail/mailer';
import { enqueueMail } from '../../platform/mail/queue';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { hashToken, randomToken } from '../../platform/tokens';

// A forgotten password: a one-hour, single-use link by e-mail, and the new password it sets.

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** At most this many unused links per hour for one account, so the form cannot flood an inbox. */
const MAX_OPEN_RESET_LINKS = 3;

/**
 * The forgotten-password form: records the request and answers. Whether the address belongs to an
 * admin is decided by the outbox worker (sendResetLink below), so this does one and the same insert
 * for every address and an admin's address cannot be told apart by the time the answer takes
 *. The request is committed before the answer, so a crash loses no promised e-mail.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  emailInput: string,
): Promise<{ message: string }> {
  const email = normaliseEmail(emailInput);
  await enqueueMail(deps.db, {
    kind: 'password_reset_request',
    now: deps.clock(),
    message: { to: email, subject: 'Password reset requested', text: '' },
  });
  return { message: AUTH_MESSAGES.resetEmailSent };
}

/**
 * The worker's half of a reset request: when the address belongs to an admin (and fewer than
 * MAX_OPEN_RESET_LINKS links are open), a one-hour, single-use link and its e-mail, in one
 * transaction; for any other address, nothing.
 */
export async function sendResetLink(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  request: MailMessage,
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, request.to));
  if (!user) return;
  const now = deps.clock();
  const open = await deps.db
    .select({ tokenHash: passwordResetTokens.tokenHash })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (open.length >= MAX_OPEN_RESET_LINKS) return;
  const token = randomToken(32);
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
      createdAt: now,
    });
    await enqueueMail(tx, {
      kind: 'password_reset',
      now,
      message: {
        to: user.email,
        subject: 'Reset your Herts Local Media password',
        text: [
          `Hello ${user.name},`,
          '',
          'Someone (hopefully you) asked to reset the password of your Herts Local Media admin account.',
          'To choose a new password, open this link within the next hour:',
          '',
          link,
          '',
          'The link works once. If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
          '',
          'Herts Local Media',
        ].join('\n'),
      },
    });
  });
}

/** Sets a new password from a reset link: the link then stops working and every session ends. */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { token: string; newPassword: string },
): Promise<{ message: string }> {
  const token = input.token.trim();
  if (!token) throw badRequest(AUTH_MESSAGES.resetTokenRequired);
  await assertAcceptablePassword(input.newPassword);
  const tokenHash = hashToken(token);
  const now = deps.clock();
  const [found] = await deps.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!found) throw badRequest(AUTH_MESSAGES.resetTokenInvalid);
  const passwordHash = await hashPassword(input.newPassword);
  const done = await deps.db.transaction(async (tx) => {
    // Claiming the token in the same statement that checks it makes it single-use even under a race.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    const userId = claimed[0]?.userId;
    if (userId === undefined) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Any other link sent to this account stops working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    return true;
  });
  if (!done) throw badRequest(AUTH_MESSAGES.resetTokenInvalid);
  return { message: AUTH_MESSAGES.resetDone };
}
