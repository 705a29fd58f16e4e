import { eq } from 'drizzle-orm';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { AppDeps } from '../../deps';
import { users } from './tables';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { recordActivity } from '../activity';
import { normaliseEmail } from './staff';
import { forbidden, tooManyRequests, unauthorized } from '../../platform/errors';
import { isWithin, STAFF_MESSAGES, type StaffRole } from '../../../shared/staff';
import { enqueueMail } from '../../platform/mail/queue';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession, type Session, type SessionUser } from './sessions';

// Signing in: the password check, throttled by deps.signInThrottle (domains/auth/sign-in-throttle.ts).

type SignInDeps = Pick<AppDeps, 'db' | 'clock' | 'signInThrottle' | 'config'>;

interface SignInLogger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Changes whenever the password does, so throttling keys of the old password are left behind. */
function passwordTag(passwordHash: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(passwordHash))).slice(0, 16);
}

function waitMessage(seconds: number): string {
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * time. Throttled as sign-in-throttle.ts describes; a refusal is a 429 with the seconds to wait.
 */
export async function login(
  deps: SignInDeps,
  input: { email: string; password: string; ip: string; role?: StaffRole },
  log?: SignInLogger,
): Promise<{ token: string; user: SessionUser; session: Session }> {
  const email = normaliseEmail(input.email);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const account = user ? `user:${user.id}:${passwordTag(user.passwordHash)}` : `email:${email}`;
  // Every sign-in goes into the activity log, the failures with the address they tried.
  const logAttempt = (kind: 'sign_in' | 'sign_in_failed', summary: string) =>
    recordActivity(deps.db, {
      kind,
      at: deps.clock(),
      user: kind === 'sign_in' && user ? user : null,
      actor: email.slice(0, 254),
      action: 'auth.login',
      summary,
      target: user ? `admin ${user.id}` : null,
      ip: input.ip,
    });
  const waitMs = await deps.signInThrottle.blockedFor(account, input.ip);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    await logAttempt('sign_in_failed', `Sign-in refused: too many failed attempts (wait ${seconds} s)`);
    throw tooManyRequests(waitMessage(seconds), seconds);
  }

  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);

  if (!ok) {
    const { delayMs, alertOwner, accountFailures } = await deps.signInThrottle.failed(
      account,
      input.ip,
      user?.id,
    );
    if (user && alertOwner) {
      log?.warn(
        { userId: user.id, failures: accountFailures },
        'many failed sign-ins on one account; telling its admin',
      );
      await queueAttackAlert(deps, user, accountFailures, input.ip);
    }
    await logAttempt(
      'sign_in_failed',
      user ? 'Sign-in failed: wrong password' : 'Sign-in failed: no admin has this e-mail address',
    );
    if (delayMs > 0) await sleep(delayMs);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await deps.signInThrottle.succeeded(account, input.ip);
  // A token for an integration may carry a narrower role than the person's, never a wider one.
  const narrowed = input.role && input.role !== user!.role ? input.role : null;
  if (narrowed && !isWithin(narrowed, user!.role)) throw forbidden(STAFF_MESSAGES.tokenWiderThanRole);
  await logAttempt('sign_in', narrowed ? `Signed in (a token with the role ${narrowed})` : 'Signed in');
  const { token, session } = await createSession(deps, user!.id, narrowed);
  return {
    token,
    session,
    user: { id: user!.id, name: user!.name, email: user!.email, role: narrowed ?? user!.role },
  };
}
