import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH } from '../../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { badRequest } from '../../platform/errors';

// Argon2id with OWASP's second recommended setting, which it rates as strong as the first: 19 MiB of
// memory, two passes, one lane. The first (46 MiB, one pass) made each sign-in hold 46 MiB, too much
// for a 512 MB server when several come at once. Hashes made with it still verify: the
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

// Common passwords: the breach-derived list of zxcvbn-ts (@zxcvbn-ts/language-common, about 49,000,
// maintained upstream), plus what people add to a common word to get past a rule (a usual suffix
// or a year), one character or group repeated, a straight run, and the words of this site and its
// towns, which an attacker tries first. Loaded on first use: only setting a password needs it.
const USUAL_SUFFIXES = [
  '!',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '1!',
  '123!',
  '@123',
  '007',
  '01',
  '69',
  '99',
];
const SITE_WORDS = [
  'herts',
  'hertford',
  'hertfordshire',
  'hertslocalmedia',
  'localmedia',
  'sparkai',
  'stevenage',
  'hitchin',
];
/** Common in the breaches of the last few years but missing from the list (which stops around 2017). */
const NEWER_COMMON_WORDS = ['fortnite', 'p@ssword', 'login', 'mysql', 'toor', 'ubuntu'];

let common: Promise<Set<string>> | null = null;

function commonWords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set([
        ...dictionary['passwords-common'].map((p) => p.toLowerCase()),
        ...SITE_WORDS,
        ...NEWER_COMMON_WORDS,
      ]),
  );
  return common;
}

/** The password, and the word under it once a usual suffix or a year is taken off. */
function withoutSuffixes(password: string): string[] {
  const bases = [password];
  for (const suffix of USUAL_SUFFIXES)
    if (password.endsWith(suffix)) bases.push(password.slice(0, -suffix.length));
  if (/(?:19|20)\d\d$/.test(password)) bases.push(password.slice(0, -4));
  return bases.filter((base) => base.length >= 3);
}

/** aaaaaaaa, 12121212, zaq1zaq1: one to four characters over and over. */
const isRepeat = (text: string) => /^(.{1,4})\1+$/.test(text);

/** 23456789, abcdefgh, 87654321: a stretch of the digits or the alphabet, either way round. */
const RUNS = ['01234567890', 'abcdefghijklmnopqrstuvwxyz'].flatMap((run) => [
  run,
  [...run].reverse().join(''),
]);
const isStraightRun = (text: string) => text.length >= 4 && RUNS.some((run) => run.includes(text));

export async function isCommonPassword(password: string): Promise<boolean> {
  const words = await commonWords();
  return withoutSuffixes(password.toLowerCase()).some(
    (base) => words.has(base) || isRepeat(base) || isStraightRun(base),
  );
}

/** The rules for a new password: at least 8 characters and not a common one (above). */
export async function assertAcceptablePassword(password: string): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(AUTH_MESSAGES.passwordTooShort);
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest(AUTH_MESSAGES.passwordTooLong);
  if (await isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.passwordTooCommon);
}
