import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { newsletterSubscriptions } from './tables';
import { addressLine, BUSINESS } from '../../../shared/business';
import { getBusinessDetails } from '../site-content';
import { hashToken } from '../../platform/tokens';
import { notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { escapeHtml } from '../../platform/escape';
import { signupTokenHash, subscriptionOfUnsubscribeToken, unsubscribePageUrl } from './unsubscribe-links';
import { leaveSends } from './send/recipients';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** How long a confirmation link works; unconfirmed addresses are deleted after this. */
export const CONFIRM_WINDOW_DAYS = 7;
/** A second signup for an unconfirmed address within this window sends no second e-mail. */
export const RESEND_AFTER_MINUTES = 10;

export const SUBSCRIBE_MESSAGE =
  'Thank you! Please check your inbox and click the link in our email to confirm your subscription.';

const DAY_MS = 24 * 60 * 60 * 1000;

const newToken = () => randomBytes(32).toString('base64url');

/** The confirmation link of the signup e-mail: the home page calls the procedure and shows the outcome. */
function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/?newsletter=confirm&token=${encodeURIComponent(token)}`;
}

/**
 * Double opt-in signup. The address is stored once per newsletter; a repeat signup is not an
 * error. Confirmed addresses get no further mail, unconfirmed ones a fresh confirmation link (at
 * most one every few minutes). The answer is the same in every case, so it reveals nothing.
 */
export async function subscribe(
  deps: Deps,
  input: { email: string; newsletter: string },
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const now = deps.clock();
  const { db } = deps;

  // Data minimisation: addresses never confirmed are not kept beyond the confirmation window.
  await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        isNull(newsletterSubscriptions.confirmedAt),
        lt(newsletterSubscriptions.updatedAt, new Date(now.getTime() - CONFIRM_WINDOW_DAYS * DAY_MS)),
      ),
    );

  const [existing] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.email, email), eq(newsletterSubscriptions.newsletter, input.newsletter)),
    );
  if (existing?.confirmedAt) return { message: SUBSCRIBE_MESSAGE };
  if (existing && now.getTime() - existing.updatedAt.getTime() < RESEND_AFTER_MINUTES * 60_000) {
    return { message: SUBSCRIBE_MESSAGE };
  }

  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const values = {
    confirmTokenHash: hashToken(confirmToken),
    unsubscribeTokenHash: signupTokenHash(unsubscribeToken),
    updatedAt: now,
  };

  const confirmUrl = confirmationLink(deps.config.publicUrl, confirmToken);
  const unsubscribeUrl = unsubscribePageUrl(deps.config.publicUrl, unsubscribeToken);
  const attr = escapeHtml;
  // A marketing e-mail says who sends it and where from: the address the owner keeps in the admin.
  const postal = `${BUSINESS.legalName}, ${addressLine(await getBusinessDetails(db))}`;
  const html = escapeHtml;
  // The address and its confirmation e-mail are one transaction; the outbox worker sends it.
  await db.transaction(async (tx) => {
    // The unique index on (email, newsletter) settles two signups racing each other.
    await tx
      .insert(newsletterSubscriptions)
      .values({ email, newsletter: input.newsletter, createdAt: now, ...values })
      .onConflictDoUpdate({
        target: [newsletterSubscriptions.email, newsletterSubscriptions.newsletter],
        set: values,
      });
    await enqueueMail(tx, {
      kind: 'newsletter_confirmation',
      now,
      message: {
        to: email,
        subject: `Please confirm your subscription to the ${BUSINESS.name} newsletter`,
        text: [
          'Hello,',
          '',
          `Thank you for signing up to the ${BUSINESS.name} newsletter. Please confirm that this is your`,
          'e-mail address by opening the link below:',
          '',
          confirmUrl,
          '',
          `The link works for ${CONFIRM_WINDOW_DAYS} days. If you did not sign up, ignore this e-mail: we will not`,
          'write to you again and your address will be deleted.',
          '',
          postal,
          '',
          `Unsubscribe: ${unsubscribeUrl}`,
        ].join('\n'),
        html: `<p>Hello,</p>
<p>Thank you for signing up to the ${BUSINESS.name} newsletter. Please confirm that this is your e-mail address:</p>
<p><a href="${attr(confirmUrl)}">Confirm my subscription</a></p>
<p>The link works for ${CONFIRM_WINDOW_DAYS} days. If you did not sign up, ignore this e-mail: we will not write to you again and your address will be deleted.</p>
<p>${html(postal)}</p>
<p><a href="${attr(unsubscribeUrl)}">Unsubscribe</a></p>`,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
      },
    });
  });
  return { message: SUBSCRIBE_MESSAGE };
}

/** Confirms the address behind a confirmation link. Opening the link again is not an error. */
export async function confirmSubscription(deps: Deps, token: string): Promise<{ message: string }> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)));
  if (!row) {
    throw notFound(
      'This confirmation link is not valid any more. Please sign up again and use the newest email.',
    );
  }
  if (row.confirmedAt) return { message: 'Your subscription is already confirmed. Thank you!' };
  const now = deps.clock();
  if (now.getTime() - row.updatedAt.getTime() > CONFIRM_WINDOW_DAYS * DAY_MS) {
    throw notFound('This confirmation link has expired. Please sign up again and we will send a new one.');
  }
  await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, updatedAt: now })
    .where(eq(newsletterSubscriptions.id, row.id));
  return { message: "Your subscription is confirmed. Welcome aboard: you'll hear from us soon." };
}

/**
 * Removes the address behind an unsubscribe link: nothing about it is kept, and no further copy of
 * a newsletter goes to it, including the rest of a send in progress. The token is the random one of
 * the signup e-mails, or the signed one of newsletter issues (unsubscribe-links.ts).
 */
export async function unsubscribe(deps: Pick<Deps, 'db'>, token: string): Promise<{ message: string }> {
  const { db } = deps;
  const where = await subscriptionOfUnsubscribeToken(db, token);
  const deleted = await db.transaction(async (tx) => {
    // Before the delete: it empties the recipient rows' subscriber id, which leaveSends looks by.
    const found = await tx
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(where);
    for (const row of found) await leaveSends(tx, row.id);
    return tx.delete(newsletterSubscriptions).where(where).returning({ id: newsletterSubscriptions.id });
  });
  if (deleted.length === 0) {
    throw notFound('This unsubscribe link has already been used, or the address is no longer on our list.');
  }
  return { message: 'You have been unsubscribed and your address has been deleted. Sorry to see you go!' };
}
