import type { AppDeps } from '../../../deps';
import type { MailMessage } from '../../../platform/mail/mailer';
import { mailFailureOf, nextStep, retryWaitSeconds, type RetryLimits } from '../../../platform/mail/retry';
import { NEWSLETTER_ARCHIVE_PATH } from '../../../../shared/newsletter-issues';
import { getBusinessDetails } from '../../site-content';
import { oneClickUnsubscribeUrl, unsubscribePageUrl, unsubscribeSigner } from '../unsubscribe-links';
import { renderIssueEmail } from '../render';
import {
  noteUnreached,
  settleBounced,
  settleRetry,
  settleSent,
  type Claim,
  type ClaimedCopy,
} from './claims';

// Delivery: one subscriber's copy handed to the mail server, and what its answer means, as the mail
// floor's retry policy says for a copy of a mailing (platform/mail/retry.ts).

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

export interface IssueContent {
  subject: string;
  preheader: string;
  body_html: string;
  slug: string | null;
}

/** The Message-ID of one subscriber's copy of one issue: the same however often it is handed over. */
export function issueMessageId(publicUrl: string, issueId: number, subscriberId: number): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<newsletter-${issueId}-${subscriberId}@${host}>`;
}

/**
 * Renders the issue once (for a slice) and answers what makes each copy of it: the copies differ
 * only in their unsubscribe links (a placeholder replaced).
 */
export async function copyWriter(
  deps: Pick<AppDeps, 'db' | 'config'>,
  issueId: number,
  issue: IssueContent,
): Promise<(copy: ClaimedCopy) => MailMessage> {
  const { db, config } = deps;
  const signer = await unsubscribeSigner(db);
  const business = await getBusinessDetails(db);
  const viewInBrowser = issue.slug ? `${config.publicUrl}${NEWSLETTER_ARCHIVE_PATH}/${issue.slug}` : null;
  const PLACEHOLDER = 'hlm-unsubscribe-placeholder';
  const rendered = await renderIssueEmail(
    { subject: issue.subject, preheader: issue.preheader, bodyHtml: issue.body_html },
    { viewInBrowser, unsubscribe: PLACEHOLDER },
    { publicUrl: config.publicUrl, business },
  );
  const host = new URL(config.publicUrl).hostname || 'localhost';
  return (copy) => {
    const token = signer(copy.subscriber_id, copy.email);
    const oneClick = oneClickUnsubscribeUrl(config.publicUrl, token);
    const unsubscribe = unsubscribePageUrl(config.publicUrl, token);
    return {
      to: copy.email,
      subject: rendered.subject,
      html: rendered.html.split(PLACEHOLDER).join(unsubscribe.replace(/&/g, '&amp;')),
      text: rendered.text.split(PLACEHOLDER).join(unsubscribe),
      messageId: issueMessageId(config.publicUrl, issueId, copy.subscriber_id),
      headers: {
        'List-Unsubscribe': `<${oneClick}>, <mailto:${config.BUSINESS_INBOX}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `Newsletter <newsletter.${host}>`,
        Precedence: 'bulk',
      },
    };
  };
}

/** A copy's retry limits: NEWSLETTER_MAX_ATTEMPTS, the first wait NEWSLETTER_RETRY_SECONDS. */
export function copyRetryLimits(config: AppDeps['config']): RetryLimits {
  return { maxAttempts: config.NEWSLETTER_MAX_ATTEMPTS, firstWaitSeconds: config.NEWSLETTER_RETRY_SECONDS };
}

/**
 * What came of a hand-over. sent: the server said 250. bounced: refused for good. deferred: refused
 * for now (421, 450, 451, 452...), often the plan's rate limit, so the send slows down. unreached:
 * the server never answered; the copy waits, using no attempt.
 */
export type Delivery = 'sent' | 'bounced' | 'deferred' | 'unreached';

/** Hands one claimed copy to the mail server and settles it by the answer. */
export async function deliverCopy(
  deps: Deps,
  claim: Claim,
  copy: ClaimedCopy,
  message: MailMessage,
): Promise<Delivery> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    return settleFailure(claim, copy, error, copyRetryLimits(deps.config));
  }
  await settleSent(claim, copy);
  return 'sent';
}

async function settleFailure(
  claim: Claim,
  copy: ClaimedCopy,
  error: unknown,
  limits: RetryLimits,
): Promise<Delivery> {
  const failure = mailFailureOf(error);
  const step = nextStep(failure, copy.attempts + 1, limits, 'copy');
  switch (step.step) {
    case 'bounce':
      await settleBounced(claim, copy, failure.reply);
      return 'bounced';
    case 'hold':
      await noteUnreached(claim, copy, failure.reply);
      return 'unreached';
    case 'retry':
    case 'give-up':
      await settleRetry(claim, copy, {
        reply: failure.reply,
        waitSeconds: retryWaitSeconds(limits, copy.attempts),
        givenUp: step.step === 'give-up',
      });
      return 'deferred';
  }
}
