import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { appSecret } from '../../platform/app-secrets';
import { hmacSha256, signatureMatches } from '../../platform/signing';
import { hashToken } from '../../platform/tokens';
import { newsletterSubscriptions } from './tables';

// The unsubscribe links of the newsletter's e-mails and the two kinds of token they carry. Both are
// made today and both stay valid for as long as the subscription does (using one deletes the
// subscription, so it works once), as every e-mail already sent carries one or the other:
// - the signup's confirmation e-mail: a random token, kept only as its hash on the subscription
//   (unsubscribe_token_hash), made before there is a confirmed subscriber to sign for;
// - each copy of an issue: n<subscriber id>.<HMAC-SHA256 of the id and address>, under a key kept in
//   the database (app_secrets), so a send of thousands stores no token per copy, every instance makes
//   and accepts the same links, and nobody can unsubscribe someone else by guessing an id.

const KEY_NAME = 'newsletter-unsubscribe';
const SIGNED_TOKEN = /^n(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const sign = (key: Buffer, id: number, email: string) =>
  hmacSha256(key, `newsletter-unsubscribe:v1:${id}:${email}`, 'base64url');

/** Makes the signer of an issue's copies once per send (the key is read from the database once). */
export async function unsubscribeSigner(db: Database): Promise<(id: number, email: string) => string> {
  const key = (await appSecret(db, KEY_NAME, true))!;
  return (id, email) => `n${id}.${sign(key, id, email)}`;
}

/** What a subscription keeps of a signup's random token: its hash only. */
export const signupTokenHash = hashToken;

/**
 * The subscription an unsubscribe token names, as a condition on newsletter_subscriptions: the
 * subscriber of a signed token whose signature matches their address, else the subscription whose
 * signup token it is. A forged or stale token (one for an address that has since left) names none.
 */
export async function subscriptionOfUnsubscribeToken(db: Database, token: string): Promise<SQL> {
  const id = await signedSubscriberId(db, token);
  return id !== null
    ? eq(newsletterSubscriptions.id, id)
    : eq(newsletterSubscriptions.unsubscribeTokenHash, signupTokenHash(token));
}

async function signedSubscriberId(db: Database, token: string): Promise<number | null> {
  const match = SIGNED_TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const key = await appSecret(db, KEY_NAME, false);
  if (!key) return null;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  if (!row) return null;
  return signatureMatches(sign(key, id, row.email), match[2]!) ? id : null;
}

/** The one-click address of List-Unsubscribe (RFC 8058): a POST there unsubscribes, no page asked. */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/newsletter/one-click-unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The body's link: the home page's unsubscribe flow (the same page for both kinds of token). */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/?newsletter=unsubscribe&token=${encodeURIComponent(token)}`;
}
