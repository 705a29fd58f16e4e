import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/platform/db/client';
import { jobs } from '../../src/server/platform/db/job-tables';
import type { MailMessage } from '../../src/server/platform/mail/mailer';
import { MAIL_QUEUE } from '../../src/server/platform/mail/queue';

// Reading the mail queue as the tests' witness: what pg-boss's job table holds.

export interface MailJobRow {
  id: string;
  state: string;
  retryCount: number;
  startAfter: Date;
  error: string | null;
  kind: string;
  message: MailMessage;
  /** The record the e-mail is about (an enquiry's id, for a contact notification). */
  recordId?: number;
}

/** The mail queue's jobs, newest first (done ones stay in the table for an hour). */
export async function mailJobRows(db: Database): Promise<MailJobRow[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.name, MAIL_QUEUE))
    .orderBy(desc(jobs.createdOn), desc(jobs.id));
  return rows.map((r) => {
    const data = r.data as { kind: string; message: MailMessage; recordId?: number };
    return {
      id: r.id,
      state: r.state,
      retryCount: r.retryCount,
      startAfter: r.startAfter,
      error: r.output?.message ?? null,
      ...data,
    };
  });
}

/** Waiting mail jobs become due now, as if their wait had passed (the queue runs on the database's clock). */
export async function makeMailDue(db: Database): Promise<void> {
  await db
    .update(jobs)
    .set({ startAfter: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.name, MAIL_QUEUE), sql`${jobs.state} in ('created', 'retry')`));
}
