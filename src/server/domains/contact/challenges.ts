import { randomBytes, randomInt } from 'node:crypto';
import { hmacSha256, signatureMatches } from '../../platform/signing';
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { usedChallenges } from './tables';
import { appSecret } from '../../platform/app-secrets';
import { CAPTCHA_MAX, CAPTCHA_MIN } from '../../../shared/constants';
import { CHALLENGE_LIFETIME_MINUTES, CHALLENGE_MESSAGES } from '../../../shared/contact';
import type { ContactChallenge } from '../../../shared/contact.schema';
import { badRequest } from '../../platform/errors';

// The contact form's math question, checked by the server (the specification: the sum of two numbers
// from 1 to 10). A challenge is `id.a.b.expires.signature`, signed with HMAC-SHA256 under a key
// kept in the database (app_secrets), so every instance issues and accepts the same challenges.
// It expires after an hour and works once: its id goes into used_challenges when it is answered,
// in the database rather than in memory, so "once" holds across restarts and across instances
// with no other store, at the cost of one small insert per enquiry.
const KEY_NAME = 'contact-challenge';
const CHALLENGE_PATTERN = /^([a-f0-9]{32})\.(\d{1,2})\.(\d{1,2})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The signing key; created at first use when `create` is set (issuing), never by a check. */
const signingKey = (deps: Deps, create: boolean) => appSecret(deps.db, KEY_NAME, create);

function sign(key: Buffer, id: string, a: number, b: number, expires: number): string {
  return hmacSha256(key, `contact-challenge:v1:${id}:${a}:${b}:${expires}`, 'base64url');
}

/** A new challenge: two numbers from 1 to 10 and the signed token that carries them. */
export async function issueChallenge(deps: Deps): Promise<ContactChallenge> {
  const key = (await signingKey(deps, true))!;
  const id = randomBytes(16).toString('hex');
  const a = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const b = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const expires = deps.clock().getTime() + CHALLENGE_LIFETIME_MINUTES * 60_000;
  return {
    challenge: `${id}.${a}.${b}.${expires}.${sign(key, id, a, b, expires)}`,
    a,
    b,
    expiresAt: new Date(expires).toISOString(),
  };
}

/**
 * Accepts a challenge once: signed by us, not expired, not used before, and answered with the
 * right sum. A well-formed challenge is used up by any answer, right or wrong, so its 19 possible
 * sums cannot be tried one by one. Throws a 400 with the reason otherwise.
 */
export async function redeemChallenge(
  deps: Deps,
  challenge: string | undefined,
  answer: number | undefined,
): Promise<void> {
  if (!challenge || answer === undefined) throw badRequest(CHALLENGE_MESSAGES.missing);
  const match = CHALLENGE_PATTERN.exec(challenge);
  const key = match ? await signingKey(deps, false) : null;
  if (!match || !key) throw badRequest(CHALLENGE_MESSAGES.invalid);
  const [, id = '', aText, bText, expiresText, signature = ''] = match;
  const [a, b, expires] = [Number(aText), Number(bText), Number(expiresText)];
  if (!signatureMatches(sign(key, id, a, b, expires), signature))
    throw badRequest(CHALLENGE_MESSAGES.invalid);
  const now = deps.clock();
  if (expires <= now.getTime()) throw badRequest(CHALLENGE_MESSAGES.expired);

  // Answered ones are kept only until they would have expired anyway.
  await deps.db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now));
  const claimed = await deps.db
    .insert(usedChallenges)
    .values({ id, expiresAt: new Date(expires) })
    .onConflictDoNothing()
    .returning({ id: usedChallenges.id });
  if (claimed.length === 0) throw badRequest(CHALLENGE_MESSAGES.used);
  if (answer !== a + b) throw badRequest(CHALLENGE_MESSAGES.wrong);
}
