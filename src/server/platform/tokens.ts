import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

// The random tokens the site hands out (sessions, reset links, upload names) and how an e-mailed
// one is stored: only its hash, so a copy of the database opens nothing.

/** 20 random bytes (160 bits) as lower-case base32. */
export function randomToken(bytes = 20): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

/** SHA-256 of an e-mailed token, hex: what is stored instead of the token itself. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
