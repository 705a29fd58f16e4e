// Newsletter issues (composing and sending the e-mail newsletter): statuses, labels, limits and
// messages, written once for the server and the admin screens.

/** An issue's life: a draft is edited; scheduled waits for its time; sending runs (or is paused); then sent. */
export const ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/**
 * One subscriber's copy of one issue. queued: waiting (or waiting for a retry after a 4xx);
 * sending: handed to the mail server now (for a moment); sent: the server said 250; failed: given up
 * after its retries (the admin may retry); bounced: the server refused the address for good (5xx);
 * skipped: the subscriber left (unsubscribed, erased or bouncing) before their copy went.
 */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'bounced', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
  skipped: 'Skipped',
};

export const ISSUE_LIMITS = {
  subject: 200,
  preheader: 300,
  /** The body's HTML, as the rich editor gives it (the same limit as a post's content). */
  body: 200_000,
} as const;

export const ISSUE_MESSAGES = {
  notFound: 'Newsletter issue not found',
  postNotFound: 'Only a published post can be sent as a newsletter',
  notEditable: 'This issue has been sent or is being sent, so it can no longer be changed.',
  notDeletable: 'Only a draft can be deleted.',
  notSendable: 'Only a draft or a scheduled issue can be sent.',
  notScheduled: 'This issue is not scheduled.',
  notSending: 'This issue is not being sent.',
  notPaused: 'This issue is not paused.',
  scheduleInPast: 'Please choose a time in the future.',
  scheduleInGap: 'That time does not exist in the UK (the clocks go forward then). Please choose another.',
  noFailed: 'There are no failed recipients to retry.',
  subjectRequired: 'Please enter a subject',
  bodyRequired: 'Please write the newsletter',
  deleted: 'The draft has been deleted.',
  testSent: 'The test email has been sent.',
} as const;

/** Sending (or scheduling) an issue before the post it links to goes out on the blog. */
export const postNotOutYet = (goesOut: string) =>
  `This issue links to a post that goes out on ${goesOut} (UK time): send it then, or publish the post first.`;

/** The public archive: the list of past issues, and each one at `${NEWSLETTER_ARCHIVE_PATH}/<slug>`. */
export const NEWSLETTER_ARCHIVE_PATH = '/newsletter';
