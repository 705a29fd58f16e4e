import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_CONCURRENCY,
  argon2Running,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../src/server/domains/auth';
import { scaled } from '../helpers/timeouts';

// Each Argon2id hash holds its memory cost while it runs, so the site computes at most
// ARGON2_CONCURRENCY at once, with OWASP's 19 MiB setting; hashes of the earlier 46 MiB setting verify.
describe('password hashing within a small server', () => {
  it('verifies a hash made with the earlier setting (46 MiB, one pass)', async () => {
    const old = await hash('Heron-Willow-Tinder-78', {
      memoryCost: 47104,
      timeCost: 1,
      parallelism: 1,
      outputLen: 32,
    });
    expect(old).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$/);
    expect(await verifyPassword(old, 'Heron-Willow-Tinder-78')).toBe(true);
    expect(await verifyPassword(old, 'wrong')).toBe(false);
  });

  it(
    `runs at most ${ARGON2_CONCURRENCY} hashes at once, and every one finishes`,
    { timeout: scaled(60_000) },
    async () => {
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, argon2Running())), 1);
      const hashes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => hashPassword(`password number ${i}`)),
      );
      clearInterval(watch);
      expect(hashes.every((h) => h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'))).toBe(true);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
      expect(argon2Running()).toBe(0);
      expect(await Promise.all(hashes.map((h, i) => verifyPassword(h, `password number ${i}`)))).toEqual(
        Array(8).fill(true),
      );
    },
  );
});

// The common-password list is @zxcvbn-ts/language-common's, plus the usual suffixes,
// repeats, runs and this site's own words; everything the earlier 7,300-line list refused still is.
describe('common passwords', () => {
  it('refuses listed passwords, a common word with a usual suffix or a year, repeats, runs and local words', async () => {
    for (const password of [
      'qwertyuiop',
      'Liverpool1',
      'sunshine123',
      'iloveyou!',
      'dragon@123',
      'Hertford2024',
      'Stevenage!',
      'aaaaaaaa',
      'zaq1zaq1',
      '87654321',
      'abcdefgh',
      'p@ssword1',
    ]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts a few unrelated words, as the message advises', async () => {
    for (const password of [
      'Heron-Willow-Tinder-78',
      'correct horse battery staple',
      'Bramble-Hedge-Pond-3',
      'Mulberry-Court-Tea-6',
    ]) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
