import { and, eq, gt, isNull } from 'drizzle-orm';
import { enqueueMail, registerOutboxTask } from './outbox';
import type { MailMessage } from './mail';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { AppDeps } from '../deps';
import { passwordResetTokens, sessions, users } from '../db/schema';
import { AUTH_MESSAGES } from '../../shared/auth';
import { badRequest, conflict, tooManyRequests, unauthorized } from './errors';
import { hashToken, randomToken } from './tokens';
import { assertAcceptablePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

// Sessions as the Lucia project's current guide describes them: the token is `<id>.<secret>`, only
// a SHA-256 of the secret is stored and it is compared in constant time; a session ends after a
// week without use or a month after sign-in, whichever comes first.
export const SESSION_INACTIVITY_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_verified_at is written at most this often, so reads stay reads. */
const SESSION_REFRESH_MS = 60 * 60 * 1000;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
}
export interface Session {
  id: string;
  userId: number;
  createdAt: Date;
  lastVerifiedAt: Date;
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createSession(
  deps: Deps,
  userId: number,
): Promise<{ token: string; session: Session }> {
  const id = randomToken(15);
  const secret = randomToken(20);
  const now = deps.clock();
  await deps.db
    .insert(sessions)
    .values({ id, secretHash: hashSecret(secret), userId, createdAt: now, lastVerifiedAt: now });
  return { token: `${id}.${secret}`, session: { id, userId, createdAt: now, lastVerifiedAt: now } };
}

/** The session and user behind a token, or null when it is unknown, expired or malformed. */
export async function validateSessionToken(
  deps: Deps,
  token: string,
): Promise<{ user: SessionUser; session: Session } | null> {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 200) return null;
  const [id, secret] = parts as [string, string];
  const rows = await deps.db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      name: users.name,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  const row = rows[0];
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secretHash))) return null;
  const now = deps.clock().getTime();
  if (
    now - row.lastVerifiedAt.getTime() >= SESSION_INACTIVITY_MS ||
    now - row.createdAt.getTime() >= SESSION_ABSOLUTE_MS
  ) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let lastVerifiedAt = row.lastVerifiedAt;
  if (now - lastVerifiedAt.getTime() >= SESSION_REFRESH_MS) {
    lastVerifiedAt = new Date(now);
    await deps.db.update(sessions).set({ lastVerifiedAt }).where(eq(sessions.id, id));
  }
  return {
    user: { id: row.userId, name: row.name, email: row.email },
    session: { id: row.id, userId: row.userId, createdAt: row.createdAt, lastVerifiedAt },
  };
}

export async function deleteSession(deps: Pick<AppDeps, 'db'>, sessionId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}

// --- Sign-in throttling -----------------------------------------------------------------------
// Only failures count, and they count per (account, client address) and per client address, never
// per account alone: an attacker's failures block the attacker, while the right password from an
// address that has not been failing still gets in, however hard the account is being attacked.
// After a few failures each failed answer is held back a little; past the limit the key is refused
// for a minute, doubling with each further failure up to fifteen minutes. A success clears the
// (account, address) count. The account part of the key changes with the password, so a password
// reset lifts every block on the account. Failures on one account across all addresses are counted
// too, only to tell its admin by e-mail, once an hour at most, that someone is trying.
export const SIGN_IN_THROTTLE = {
  pair: { slowAfter: 3, blockAfter: 5 },
  address: { slowAfter: 15, blockAfter: 20 },
  /** Failed sign-ins on one account within the window that make us tell its admin. */
  alertAfter: 10,
  windowMs: 60 * 60_000,
  stepDelayMs: 300,
  maxDelayMs: 1500,
  firstBlockMs: 60_000,
  maxBlockMs: 15 * 60_000,
} as const;

type SignInDeps = Pick<AppDeps, 'db' | 'clock' | 'counters' | 'config'>;

interface SignInLogger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Changes whenever the password does, so throttling keys of the old password are left behind. */
function passwordTag(passwordHash: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(passwordHash))).slice(0, 16);
}

function throttleKeys(account: string, ip: string) {
  return {
    pair: `signin:pair:${account}|${ip}`,
    address: `signin:address:${ip}`,
  };
}

function blockMs(failures: number, blockAfter: number): number {
  return Math.min(SIGN_IN_THROTTLE.maxBlockMs, SIGN_IN_THROTTLE.firstBlockMs * 2 ** (failures - blockAfter));
}

function waitMessage(seconds: number): string {
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts a failed sign-in; answers how long to hold back the answer. */
async function recordFailure(
  deps: SignInDeps,
  keys: ReturnType<typeof throttleKeys>,
  user: { id: number; name: string; email: string } | undefined,
  ip: string,
  log?: SignInLogger,
): Promise<number> {
  const { counters } = deps;
  const { windowMs } = SIGN_IN_THROTTLE;
  let delay = 0;
  for (const [key, rule] of [
    [keys.pair, SIGN_IN_THROTTLE.pair],
    [keys.address, SIGN_IN_THROTTLE.address],
  ] as const) {
    const { count } = await counters.hit(`fail:${key}`, windowMs);
    if (count >= rule.blockAfter) await counters.hit(`block:${key}`, blockMs(count, rule.blockAfter));
    if (count > rule.slowAfter) {
      delay = Math.max(
        delay,
        Math.min(SIGN_IN_THROTTLE.maxDelayMs, SIGN_IN_THROTTLE.stepDelayMs * (count - rule.slowAfter)),
      );
    }
  }
  if (user) {
    const { count } = await counters.hit(`signin:account:${user.id}`, windowMs);
    // Exactly at the threshold: once per window, however long the attack goes on.
    if (count === SIGN_IN_THROTTLE.alertAfter) {
      log?.warn(
        { userId: user.id, failures: count },
        'many failed sign-ins on one account; telling its admin',
      );
      await queueAttackAlert(deps, user, count, ip);
    }
  }
  return delay;
}

/** Queued in the outbox (the counters are not in the database, so there is no write to join). */
async function queueAttackAlert(
  deps: SignInDeps,
  user: { name: string; email: string },
  failures: number,
  ip: string,
): Promise<void> {
  await enqueueMail(deps.db, {
    kind: 'sign_in_alert',
    now: deps.clock(),
    message: {
      to: user.email,
      subject: 'Failed sign-ins on your Herts Local Media admin account',
      text: [
        `Hello ${user.name},`,
        '',
        `In the last hour there have been ${failures} failed attempts to sign in to your Herts Local Media admin account`,
        `(the latest from the address ${ip}, at ${deps.clock().toISOString()}).`,
        '',
        'If that was not you, someone may be guessing your password. Your account is not locked: addresses that keep',
        'failing are held back, and you can still sign in as usual. To be safe, choose a new password here, which also',
        'signs out every other session:',
        '',
        `${deps.config.publicUrl}/forgot-password`,
        '',
        'We send this at most once an hour.',
        '',
        'Herts Local Media',
      ].join('\n'),
    },
  });
}

/**
 * Checks e-mail and password; a wrong password and an unknown e-mail fail alike, in about the same
 * time. Throttled as described above; a refusal is a 429 with the seconds to wait.
 */
export async function login(
  deps: SignInDeps,
  input: { email: string; password: string; ip: string },
  log?: SignInLogger,
): Promise<{ token: string; user: SessionUser; session: Session }> {
  const email = normaliseEmail(input.email);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const account = user ? `user:${user.id}:${passwordTag(user.passwordHash)}` : `email:${email}`;
  const keys = throttleKeys(account, input.ip);
  const blocks = await Promise.all([
    deps.counters.peek(`block:${keys.pair}`),
    deps.counters.peek(`block:${keys.address}`),
  ]);
  const waitMs = Math.max(0, ...blocks.map((b) => b?.resetInMs ?? 0));
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(waitMessage(seconds), seconds);
  }

  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);

  if (!ok) {
    const delay = await recordFailure(deps, keys, user, input.ip, log);
    if (delay > 0) await sleep(delay);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await deps.counters.reset(`fail:${keys.pair}`);
  const { token, session } = await createSession(deps, user!.id);
  return { token, session, user: { id: user!.id, name: user!.name, email: user!.email } };
}

// --- Admin users --------------------------------------------------------------------------------

export async function createAdmin(
  deps: Deps,
  input: { name: string; email: string; password: string },
): Promise<SessionUser> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  if (!name) throw badRequest('Name is required');
  assertAcceptablePassword(input.password);
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

// --- Password reset -----------------------------------------------------------------------------

/** At most this many unused links per hour for one account, so the form cannot flood an inbox. */
const MAX_OPEN_RESET_LINKS = 3;

/**
 * The forgotten-password form: records the request and answers. Whether the address belongs to an
 * admin is decided by the outbox worker (sendResetLink below), so this does one and the same insert
 * for every address and an admin's address cannot be told apart by the time the answer takes
 * (issue 13.6). The request is committed before the answer, so a crash loses no promised e-mail.
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
async function sendResetLink(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, request: MailMessage): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, request.to));
  if (!user) return;
  const now = deps.clock();
  const open = await deps.db
    .select({ tokenHash: passwordResetTokens.tokenHash })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
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
registerOutboxTask('password_reset_request', sendResetLink);

/** Sets a new password from a reset link: the link then stops working and every session ends. */
export async function resetPassword(
  deps: Deps,
  input: { token: string; newPassword: string },
): Promise<{ message: string }> {
  const token = input.token.trim();
  if (!token) throw badRequest(AUTH_MESSAGES.resetTokenRequired);
  assertAcceptablePassword(input.newPassword);
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
