import type { Database } from '../../../platform/db/client';
import { enqueueInTransaction } from '../../../platform/jobs/enqueue';

/** The job queue's queue of newsletter sends: each job runs one slice of one issue's send. */
export const NEWSLETTER_QUEUE = 'newsletter-send';

/**
 * Queues a slice of the issue's send (at `startAfter`, or now). The queue's 'short' policy keeps at
 * most one waiting job per issue, so repeating this (a retry, a resume, a slice's follow-up, an
 * instance's start) never piles jobs up; a job already waiting for a later time (a schedule since
 * cancelled or brought forward, or "Send now" on a scheduled issue) is brought forward to this one's.
 */
export async function queueSendSlice(
  db: Pick<Database, 'execute'>,
  issueId: number,
  startAfter?: Date,
): Promise<void> {
  await enqueueInTransaction(
    db,
    NEWSLETTER_QUEUE,
    { issueId },
    { startAfter, singletonKey: `issue-${issueId}` },
  );
}
