import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH } from '../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { badRequest } from './errors';

// Argon2id with OWASP's first recommended setting: 46 MiB of memory, one pass, one lane.
// (@node-rs/argon2's default algorithm is Argon2id; the stored hash records every parameter.)
export const ARGON2_OPTIONS = { memoryCost: 47104, timeCost: 1, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
