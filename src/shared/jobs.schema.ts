import { z } from 'zod';
import { pageOf } from './admin.schema';

// The admin's view of background jobs that gave up (web/trpc/failed-jobs.ts): failed e-mails and feed
// refreshes, with a retry.

/** What a job was for, in the admin's words (by the e-mail's kind, or the queue's name). */
export const JOB_KIND_LABELS: Record<string, string> = {
  contact_notification: 'Enquiry notification',
  newsletter_confirmation: 'Newsletter confirmation',
  password_reset: 'Password reset',
  password_reset_request: 'Password reset request',
  sign_in_alert: 'Sign-in alert',
  'podcast-feed-refresh': 'Podcast feed refresh',
};

export const JOB_MESSAGES = {
  notFound: 'No failed job with that id: it may have been retried already.',
  retried: 'The job is queued again and will be tried within a few seconds.',
} as const;

export const failedJobSchema = z.object({
  id: z.string(),
  /** The queue: 'mail' or 'podcast-feed-refresh'. */
  queue: z.string(),
  /** The e-mail's kind (contact_notification...), or the queue's name for other jobs. */
  kind: z.string(),
  /** Who the e-mail was to; null for jobs that are not e-mails. */
  recipient: z.string().nullable(),
  attempts: z.number().int(),
  /** What the last attempt failed with. */
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobPageSchema = pageOf(failedJobSchema);

export const jobRetryInputSchema = z.object({
  queue: z.string().min(1).max(100),
  id: z.uuid('id must be a job id (a UUID)'),
});
