import { randomBytes } from 'node:crypto';
import { appSecret } from '../../platform/app-secrets';
import { hmacSha256, signatureMatches } from '../../platform/signing';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { subscriptionManageLinks } from './tables';
import type { ManageLinkStatus } from '../../../shared/academy.schema';
import { ROUTES } from '../../../shared/routes';
import { DomainError } from '../../platform/errors';
import { createBillingPortalSession } from './payments';

// The 'Manage your subscription' links of the academy's e-mails. A link is
// /manage-subscription?token=<id>.<expires>.<signature>: HMAC-SHA256 under a key kept in the
// database (app_secrets), so every instance issues and accepts the same links. The id names a row
// that binds the link to one Stripe customer and records its use, so a link works once across
// restarts and instances. Opening the page spends nothing (mail scanners open links too); the
// page's button asks for the Billing Portal, and that spends the link.

const KEY_NAME = 'subscription-manage-link';
const TOKEN_PATTERN = /^([a-f0-9]{32})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;
/** How long a link works: the welcome e-mail's and the payment-failed e-mail's alike. */
export const MANAGE_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const MANAGE_LINK_MESSAGES = {
  used: 'This link has already been used. Please ask us for a new one.',
  expired: 'This link has expired. Please ask us for a new one.',
  invalid: 'This link is not valid. Please ask us for a new one.',
} as const;

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** A transaction or the database: issuing a link happens with the write that e-mails it. */
type Writer = Pick<Database, 'select' | 'insert' | 'delete'>;

const signingKey = (db: Writer, create: boolean) => appSecret(db, KEY_NAME, create);

const sign = (key: Buffer, id: string, expires: number) =>
  hmacSha256(key, `manage-link:v1:${id}:${expires}`, 'base64url');

/** The page address the e-mail links to. */
export function manageLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ROUTES.manageSubscription}?token=${encodeURIComponent(token)}`;
}

/**
 * A new link for a Stripe customer, valid for MANAGE_LINK_DAYS; call it with the transaction that
 * queues the e-mail carrying it. Rows of links long expired are cleared on the way.
 */
export async function issueManageLink(
  db: Writer,
  input: { stripeCustomerId: string; now: Date; publicUrl: string },
): Promise<{ url: string; expiresAt: Date }> {
  const key = (await signingKey(db, true))!;
  const id = randomBytes(16).toString('hex');
  const expires = input.now.getTime() + MANAGE_LINK_DAYS * DAY_MS;
  await db
    .delete(subscriptionManageLinks)
    .where(lt(subscriptionManageLinks.expiresAt, new Date(input.now.getTime() - DAY_MS)));
  await db.insert(subscriptionManageLinks).values({
    id,
    stripeCustomerId: input.stripeCustomerId,
    expiresAt: new Date(expires),
    createdAt: input.now,
  });
  return {
    url: manageLinkUrl(input.publicUrl, `${id}.${expires}.${sign(key, id, expires)}`),
    expiresAt: new Date(expires),
  };
}

interface CheckedLink {
  state: ManageLinkStatus['state'];
  id?: string;
  expiresAt?: Date;
  stripeCustomerId?: string;
}

/** Reads a token without spending it: its signature, its time, its row. */
async function checkLink(deps: Deps, token: string): Promise<CheckedLink> {
  const match = TOKEN_PATTERN.exec(token);
  const key = match ? await signingKey(deps.db, false) : null;
  if (!match || !key) return { state: 'invalid' };
  const [, id = '', expiresText = '', signature = ''] = match;
  const expires = Number(expiresText);
  if (!signatureMatches(sign(key, id, expires), signature)) return { state: 'invalid' };
  const expiresAt = new Date(expires);
  if (expires <= deps.clock().getTime()) return { state: 'expired', expiresAt };
  const [row] = await deps.db
    .select()
    .from(subscriptionManageLinks)
    .where(eq(subscriptionManageLinks.id, id));
  if (!row) return { state: 'invalid' };
  if (row.usedAt) return { state: 'used', expiresAt };
  return { state: 'ready', id, expiresAt, stripeCustomerId: row.stripeCustomerId };
}

/** A tampered or unknown link is a 400; one that was good but is used up or out of date, a 409. */
const refusal = (state: keyof typeof MANAGE_LINK_MESSAGES) =>
  new DomainError(state === 'invalid' ? 'BAD_REQUEST' : 'CONFLICT', MANAGE_LINK_MESSAGES[state]);

/** What the manage page shows before the parent presses its button. */
export async function manageLinkStatus(deps: Deps, token: string): Promise<ManageLinkStatus> {
  const link = await checkLink(deps, token);
  return { state: link.state, expiresAt: link.expiresAt?.toISOString() ?? null };
}

/**
 * Spends the link and opens a Billing Portal session for its customer. The use is claimed with one
 * conditional UPDATE, so of two presses (two tabs, two instances) exactly one gets the portal; if
 * Stripe then fails, the claim is given back so the parent can try again with the same link.
 */
export async function openBillingPortal(
  deps: Deps & Pick<AppDeps, 'payments'>,
  token: string,
): Promise<{ url: string }> {
  const link = await checkLink(deps, token);
  if (link.state !== 'ready') throw refusal(link.state);
  const now = deps.clock();
  const claimed = await deps.db
    .update(subscriptionManageLinks)
    .set({ usedAt: now })
    .where(and(eq(subscriptionManageLinks.id, link.id!), isNull(subscriptionManageLinks.usedAt)))
    .returning({ id: subscriptionManageLinks.id });
  if (claimed.length === 0) throw refusal('used');
  try {
    return { url: await createBillingPortalSession(deps.payments, link.stripeCustomerId!) };
  } catch (error) {
    await deps.db
      .update(subscriptionManageLinks)
      .set({ usedAt: null })
      .where(eq(subscriptionManageLinks.id, link.id!));
    throw error;
  }
}
