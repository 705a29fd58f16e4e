// The one retry policy of the site's e-mail: what a failed hand-over to the mail server means, and
// what follows it. Both senders follow it: the mail queue (one e-mail to one person: a reset link,
// an enquiry's notification) and the newsletter's send (one copy among thousands).

/** What a failed hand-over says: the mail server's answer, or that it was not reached at all. */
export type MailFailure =
  /** 5xx: the server refused this message for good (no such mailbox, rejected). */
  | { outcome: 'refused'; code: number; reply: string }
  /** 4xx: refused for now (busy, greylisted, the plan's rate limit). */
  | { outcome: 'deferred'; code: number; reply: string }
  /** No answer: down, connection refused, timed out. */
  | { outcome: 'unreached'; reply: string };

export function mailFailureOf(error: unknown): MailFailure {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown };
  const text = typeof e.response === 'string' ? e.response : String(e.message ?? error);
  const reply = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (code === null) return { outcome: 'unreached', reply };
  return code >= 500 ? { outcome: 'refused', code, reply } : { outcome: 'deferred', code, reply };
}

/** Attempts of one e-mail before it is marked failed (the waits, doubling, add up to about a day). */
export const MAIL_MAX_ATTEMPTS = 12;

export interface RetryLimits {
  /** Attempts before the e-mail is given up. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each next one doubles. */
  firstWaitSeconds: number;
}

/**
 * The limits of an e-mail to one person (the mail queue's): MAIL_MAX_ATTEMPTS attempts, the first
 * wait the one configured for background work (JOBS_RETRY_SECONDS), each next wait doubling.
 */
export function oneMailLimits(config: { JOBS_RETRY_SECONDS: number }): RetryLimits {
  return { maxAttempts: MAIL_MAX_ATTEMPTS, firstWaitSeconds: config.JOBS_RETRY_SECONDS };
}

/** The wait before the next attempt, after `attemptsBefore` earlier failed ones. */
export function retryWaitSeconds(limits: RetryLimits, attemptsBefore: number): number {
  return limits.firstWaitSeconds * 2 ** attemptsBefore;
}

/**
 * What follows a failed attempt. `one`: an e-mail to one person; every failure is tried again until
 * its attempts run out, a refusal too, as a refusal of our one e-mail more often says the relay's
 * settings are wrong (its login, our sender) than that the address is gone. `copy`: one copy of a
 * mailing; a refusal ends it (the address bounces, and gets no later mailing), a temporary refusal
 * is tried again, and a server not reached holds the copy back without using an attempt, so a mail
 * server down for an hour only delays the mailing.
 */
export type NextStep =
  { step: 'give-up' } | { step: 'retry'; waitSeconds: number } | { step: 'hold' } | { step: 'bounce' };

export function nextStep(
  failure: MailFailure,
  attemptsMade: number,
  limits: RetryLimits,
  sending: 'one' | 'copy',
): NextStep {
  if (sending === 'copy' && failure.outcome === 'refused') return { step: 'bounce' };
  if (sending === 'copy' && failure.outcome === 'unreached') return { step: 'hold' };
  if (attemptsMade >= limits.maxAttempts) return { step: 'give-up' };
  return { step: 'retry', waitSeconds: retryWaitSeconds(limits, attemptsMade - 1) };
}
