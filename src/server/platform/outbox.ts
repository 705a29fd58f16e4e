import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Database } from './db/client';
import { contactMessages } from '../domains/contact/tables';
import { rowsOf } from './db/rows';
import { outbox } from './db/tables';
import { JOB_SCHEMA, type JobDefinition } from './job-queue';
import { enqueueInTransaction } from './jobs/enqueue';
import type { MailMessage } from './mail';

// Promised e-mails (decision 0013). Whatever promises an e-mail queues
// it with enqueueMail in the same transaction as the write that causes it: a job in the `mail` queue
// of the job queue (platform/job-queue.ts), committed or rolled back with that write. A worker on
// any instance sends it, retrying with growing waits. Nothing is sent from the request, so a crash
// after the answer loses nothing and a mail server that is down only delays mail. Sending is at least
// once: an instance that dies between the mail server's "250 OK" and completing the job has it sent
// again once its claim runs out.

export type OutboxKind =
  | 'contact_notification'
  | 'newsletter_confirmation'
  | 'password_reset'
  | 'sign_in_alert'
  | 'workshop_confirmation'
  | 'workshop_waiting_list'
  | 'workshop_cancellation'
  | 'workshop_reminder'
  /** The academy's paid journey (domains/academy/subscription-events.ts). */
  | 'academy_welcome'
  | 'academy_subscription_notification'
  | 'academy_payment_failed'
  | 'academy_manage_link'
  /** Not an e-mail: a task that decides whether to write one (registerOutboxTask). */
  | 'password_reset_request'
  /** Not an e-mail: at its time, the reminder of a reservation that still stands (workshop-reservations.ts). */
  | 'workshop_reminder_due';

/** The job queue's queue of e-mails. */
export const MAIL_QUEUE = 'mail';

/** Attempts before an e-mail is marked failed (the waits, 30 s doubling each time, add up to about a day). */
export const OUTBOX_MAX_ATTEMPTS = 12;

/** What a transaction (or the database itself) offers for queueing an e-mail. */
type Writer = Pick<Database, 'execute'>;

/** A mail job's data. */
interface MailJob {
  kind: OutboxKind;
  message: MailMessage;
  contactMessageId?: number;
}

/**
 * Queues an e-mail; call it with the transaction of the write that promises it. `sendAt` sends it
 * later (a reminder); `jobId` lets the caller record the job first (an enquiry keeps its
 * notification's). Answers the job's id.
 */
export async function enqueueMail(
  db: Writer,
  mail: {
    kind: OutboxKind;
    message: MailMessage;
    contactMessageId?: number;
    now: Date;
    sendAt?: Date;
    jobId?: string;
  },
): Promise<string> {
  const data: MailJob = { kind: mail.kind, message: { ...mail.message } };
  if (mail.contactMessageId !== undefined) data.contactMessageId = mail.contactMessageId;
  return (await enqueueInTransaction(db, MAIL_QUEUE, data, { id: mail.jobId, startAfter: mail.sendAt }))!;
}

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;

/**
 * A mail job that is work to do before an e-mail rather than an e-mail: the worker runs it (with
 * retries, like a send). The forgotten-password form queues one such job whatever address it was
 * given, and the account is looked up here, so the request does the same work, and takes the same
 * time, for an admin's address and any other. A task queues the e-mails it promises
 * itself, in its own transaction. If its instance dies between that commit and completing the job,
 * the task runs again after the lease.
 */
export type OutboxTask = (deps: Deps, message: MailMessage) => Promise<void>;
const TASKS = new Map<OutboxKind, OutboxTask>();

export function registerOutboxTask(kind: OutboxKind, task: OutboxTask): void {
  TASKS.set(kind, task);
}

/** The mail queue: each job sends its e-mail (or runs its task); an enquiry records when it went. */
export function mailJobs(deps: Deps): JobDefinition<MailJob> {
  return {
    queue: MAIL_QUEUE,
    policy: 'standard',
    retryLimit: OUTBOX_MAX_ATTEMPTS - 1,
    async run(job) {
      const { kind, message, contactMessageId } = job.data;
      const task = TASKS.get(kind);
      if (task) {
        await task(deps, message);
        return;
      }
      await deps.mailer.send(message);
      if (contactMessageId !== undefined) {
        await deps.db
          .update(contactMessages)
          .set({ notificationSentAt: deps.clock(), notificationAttempts: job.retryCount + 1 })
          .where(eq(contactMessages.id, contactMessageId));
      }
    },
  };
}

/**
 * Moves the rows of the `outbox` table into the mail queue and empties it: e-mails the previous
 * version left unsent (on the first start after the upgrade), and those a restored backup carried.
 * Each row becomes a job (a failed one a failed job, which the admin can retry); an enquiry's sent
 * notification becomes its record. One transaction per batch, so a crash half way moves nothing
 * twice. Answers how many e-mails were queued.
 */
export async function adoptOutbox(deps: Pick<AppDeps, 'db'>): Promise<number> {
  let queued = 0;
  for (;;) {
    const moved = await deps.db.transaction(async (tx) => {
      const rows = await tx.select().from(outbox).orderBy(outbox.id).limit(200).for('update');
      for (const row of rows) {
        const data: MailJob = {
          kind: row.kind as OutboxKind,
          message: row.message as unknown as MailMessage,
        };
        if (row.contactMessageId !== null) data.contactMessageId = row.contactMessageId;
        if (row.status === 'sent') {
          if (row.contactMessageId !== null) {
            await tx
              .update(contactMessages)
              .set({ notificationSentAt: row.sentAt ?? row.createdAt, notificationAttempts: row.attempts })
              .where(eq(contactMessages.id, row.contactMessageId));
          }
          continue;
        }
        const id = (await enqueueInTransaction(tx, MAIL_QUEUE, data, {
          startAfter: row.nextAttemptAt,
          failed: row.status === 'failed' ? { attempts: row.attempts, error: row.lastError } : undefined,
        }))!;
        if (row.status !== 'failed') queued += 1;
        if (row.contactMessageId !== null) {
          await tx
            .update(contactMessages)
            .set({ notificationJobId: id })
            .where(eq(contactMessages.id, row.contactMessageId));
        }
      }
      if (rows.length > 0)
        await tx.delete(outbox).where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
      return rows.length;
    });
    if (moved === 0) return queued;
  }
}

/** Whether pg-boss's tables exist yet (a backup or restore may meet a database no app has started on). */
async function queueInstalled(db: Writer): Promise<boolean> {
  const result = await db.execute(sql`select to_regclass(${`${JOB_SCHEMA}.job`}) is not null as installed`);
  return rowsOf(result)[0]?.installed === true;
}

/**
 * The mail queue's e-mails not yet sent (waiting, running or failed), as rows of the outbox table:
 * a backup carries them there, and the restored site's first start queues them again (adoptOutbox).
 * Read in the caller's transaction, so they match the rest of the backup.
 */
export async function unsentMailAsOutboxRows(
  db: Writer,
  firstId: number,
): Promise<Array<typeof outbox.$inferInsert>> {
  if (!(await queueInstalled(db))) return [];
  const result = await db.execute(sql`
    select data, state::text as state, retry_count, started_on, start_after, created_on, output->>'message' as error
      from ${sql.identifier(JOB_SCHEMA)}.job
     where name = ${MAIL_QUEUE} and state in ('created', 'retry', 'active', 'failed')
     order by created_on, id`);
  return rowsOf(result).map((row, i) => {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as MailJob;
    const date = (v: unknown) => (v === null ? null : new Date(v as string));
    return {
      id: firstId + i,
      kind: data.kind,
      message: data.message as unknown as Record<string, unknown>,
      contactMessageId: data.contactMessageId ?? null,
      status: row.state === 'failed' ? 'failed' : 'queued',
      attempts: row.started_on === null ? 0 : Number(row.retry_count) + 1,
      lastError: (row.error as string | null) ?? null,
      nextAttemptAt: date(row.start_after)!,
      createdAt: date(row.created_on)!,
    };
  });
}

/** A restore replaces the data: the e-mails the replaced data had queued go with it. */
export async function dropUnsentMail(db: Writer): Promise<void> {
  if (!(await queueInstalled(db))) return;
  await db.execute(sql`
    delete from ${sql.identifier(JOB_SCHEMA)}.job
     where name = ${MAIL_QUEUE} and state in ('created', 'retry', 'active', 'failed')`);
}
