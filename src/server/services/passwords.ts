import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH } from '../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { badRequest } from './errors';

// Argon2id with OWASP's second recommended setting, which it rates as strong as the first: 19 MiB of
// memory, two passes, one lane. The first (46 MiB, one pass) made each sign-in hold 46 MiB, too much
// for a 512 MB server when several come at once (issue 24). Hashes made with it still verify: the
// stored hash records every parameter. (@node-rs/argon2's default algorithm is Argon2id.)
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Hashes computed at once, at most: each holds its memory cost; the rest wait their turn. */
export const ARGON2_CONCURRENCY = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its place to the next in line, so no newcomer slips in between.
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many hashes run now (tests). */
export function argon2Running(): number {
  return running;
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATime(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATime(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real check when there is no such user, so that a wrong e-mail and a
 * wrong password take about the same time.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}

/** The rules for a new password: at least 8 characters and not one of the most common few thousand. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(AUTH_MESSAGES.passwordTooShort);
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest(AUTH_MESSAGES.passwordTooLong);
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.passwordTooCommon);
}
