import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed links and tokens (uploads, manage links, the contact challenge): one HMAC, one comparison.

/** HMAC-SHA256 of message under key, as text in the given encoding. */
export const hmacSha256 = (key: Buffer, message: string, encoding: 'hex' | 'base64url'): string =>
  createHmac('sha256', key).update(message).digest(encoding);

/** Whether a given signature is the expected one, compared in constant time; lengths may differ. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
