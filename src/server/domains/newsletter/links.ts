import type { Database } from '../../platform/db/client';
import { appSecret } from '../../platform/app-secrets';
import { hmacSha256, signatureMatches } from '../../platform/signing';

// The unsubscribe links of newsletter issues: <subscriber id>.<HMAC-SHA256 of the id and address>,
// under a key kept in the database (app_secrets), so every instance makes and accepts the same
// links, and nobody can unsubscribe someone else by guessing an id. The link stays valid for as
// long as the subscription does; using it deletes the subscription, so it works once.

const KEY_NAME = 'newsletter-unsubscribe';
const TOKEN_PATTERN = /^n(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const sign = (key: Buffer, id: number, email: string) =>
  hmacSha256(key, `newsletter-unsubscribe:v1:${id}:${email}`, 'base64url');

/** Makes the signer once per send (the key is read from the database once). */
export async function unsubscribeSigner(db: Database): Promise<(id: number, email: string) => string> {
  const key = (await appSecret(db, KEY_NAME, true))!;
  return (id, email) => `n${id}.${sign(key, id, email)}`;
}

/** Whether a token has the signed form at all (the older links carry a random token instead). */
export function isSignedUnsubscribeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * The subscriber a signed token names, if its signature matches `emailOf(id)`'s address; null for
 * a forged or stale token (one for an address that has since left).
 */
export async function verifyUnsubscribeToken(
  db: Database,
  token: string,
  emailOf: (id: number) => Promise<string | null>,
): Promise<number | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const key = await appSecret(db, KEY_NAME, false);
  if (!key) return null;
  const email = await emailOf(id);
  if (email === null) return null;
  return signatureMatches(sign(key, id, email), match[2]!) ? id : null;
}

/** The one-click address of List-Unsubscribe (RFC 8058): a POST there unsubscribes, no page asked. */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/newsletter/one-click-unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The body's link: the home page's unsubscribe flow (the same page the signup e-mails link to). */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/?newsletter=unsubscribe&token=${encodeURIComponent(token)}`;
}
