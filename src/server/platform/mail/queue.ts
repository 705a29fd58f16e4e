import { inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { outbox } from '../db/tables';
import { JOB_SCHEMA, type JobDefinition } from '../jobs/queue';
import { enqueueInTransaction } from '../jobs/enqueue';
import type { MailMessage } from './mailer';
import { oneMailLimits } from './retry';

// Promised e-mails (decision 0013). Whatever promises an e-mail queues it with enqueueMail in the
// same transaction as the write that causes it: a job in the `mail` queue of the job queue, committed
// or rolled back with that write. A worker on any instance sends it, retrying as the mail floor's
// one retry policy says (retry.ts). Nothing is sent from the request, so a crash after the answer
// loses nothing and a mail server that is down only delays mail. Sending is at least once: an
// instance that dies between the mail server's "250 OK" and completing the job has it sent again
// once its claim runs out.

/** The job queue's queue of e-mails. */
export const MAIL_QUEUE = 'mail';

/** What a transaction (or the database itself) offers for queueing an e-mail. */
type Writer = Pick<Database, 'execute'>;

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;

/**
 * A kind of e-mail, registered by the domain that writes it (the composition root hands the list to
 * the worker): the floor knows no kind by name. A kind with a task is work to do before an e-mail
 * rather than an e-mail: the worker runs it, with retries like a send. The forgotten-password form
 * queues one such job whatever address it was given and the account is looked up there, so the
 * request does the same work, and takes the same time, for an admin's address and any other. A task
 * queues the e-mails it promises itself, in its own transaction; if its instance dies between that
 * commit and completing the job, the task runs again after the lease.
 */
export interface MailKind {
  /** The name each job carries (stored: jobs waiting at an upgrade, and backups, carry it). */
  kind: string;
  task?: (deps: Deps, message: MailMessage) => Promise<void>;
  /** The e-mail went: the record it was queued for (`recordId`) notes when, after how many attempts. */
  recordSent?: (db: Database, recordId: number, sent: { at: Date; attempts: number }) => Promise<void>;
  /** An e-mail carried over from the outbox table became this job: its record notes the job. */
  recordQueued?: (db: Database, recordId: number, jobId: string) => Promise<void>;
}

/**
 * A mail job's data as it is stored: `recordId` is the record the e-mail is about. Jobs written
 * before 2026-11-29 carry it as `contactMessageId` (the enquiries were its only records then).
 */
interface MailJob {
  kind: string;
  message: MailMessage;
  recordId?: number;
  contactMessageId?: number;
}

const recordOf = (data: MailJob): number | undefined => data.recordId ?? data.contactMessageId;

/**
 * Queues an e-mail; call it with the transaction of the write that promises it. `sendAt` sends it
 * later (a reminder); `jobId` lets the caller record the job first (an enquiry keeps its
 * notification's). Answers the job's id.
 */
export async function enqueueMail(
  db: Writer,
  mail: {
    kind: string;
    message: MailMessage;
    /** The record the e-mail is for, handed to its kind's recordSent once it goes. */
    recordId?: number;
    now: Date;
    sendAt?: Date;
    jobId?: string;
  },
): Promise<string> {
  const data: MailJob = { kind: mail.kind, message: { ...mail.message } };
  if (mail.recordId !== undefined) data.recordId = mail.recordId;
  return (await enqueueInTransaction(db, MAIL_QUEUE, data, { id: mail.jobId, startAfter: mail.sendAt }))!;
}

/**
 * The mail queue: each job sends its e-mail (or runs its kind's task), and its record notes it. A
 * failure is thrown back to the job queue, which carries out the retry policy for one e-mail
 * (retry.ts): tried again, whatever failed, with the waits and attempts of oneMailLimits.
 */
export function mailJobs(deps: Deps, kinds: readonly MailKind[]): JobDefinition<MailJob> {
  const byName = kindsByName(kinds);
  const limits = oneMailLimits(deps.config);
  return {
    queue: MAIL_QUEUE,
    policy: 'standard',
    retryLimit: limits.maxAttempts - 1,
    retryDelaySeconds: limits.firstWaitSeconds,
    async run(job) {
      const { message } = job.data;
      const recordId = recordOf(job.data);
      const kind = byName.get(job.data.kind);
      if (kind?.task) {
        await kind.task(deps, message);
        return;
      }
      await deps.mailer.send(message);
      if (recordId !== undefined)
        await kind?.recordSent?.(deps.db, recordId, { at: deps.clock(), attempts: job.retryCount + 1 });
    },
  };
}

function kindsByName(kinds: readonly MailKind[]): Map<string, MailKind> {
  const byName = new Map<string, MailKind>();
  for (const kind of kinds) {
    if (byName.has(kind.kind)) throw new Error(`The mail kind ${kind.kind} is registered twice.`);
    byName.set(kind.kind, kind);
  }
  return byName;
}

/**
 * Moves the rows of the `outbox` table into the mail queue and empties it: e-mails the previous
 * version left unsent (on the first start after the upgrade), and those a restored backup carried.
 * Each row becomes a job (a failed one a failed job, which the admin can retry); a sent one is noted
 * on its record (its kind's recordSent). One transaction per batch, so a crash half way moves nothing
 * twice. Answers how many e-mails were queued.
 */
export async function adoptOutbox(deps: Pick<AppDeps, 'db'>, kinds: readonly MailKind[]): Promise<number> {
  const byName = kindsByName(kinds);
  let queued = 0;
  for (;;) {
    const moved = await deps.db.transaction(async (tx) => {
      const rows = await tx.select().from(outbox).orderBy(outbox.id).limit(200).for('update');
      for (const row of rows) {
        const data: MailJob = { kind: row.kind, message: row.message as unknown as MailMessage };
        const recordId = row.recordId;
        const kind = byName.get(row.kind);
        if (recordId !== null) data.recordId = recordId;
        if (row.status === 'sent') {
          if (recordId !== null)
            await kind?.recordSent?.(tx, recordId, {
              at: row.sentAt ?? row.createdAt,
              attempts: row.attempts,
            });
          continue;
        }
        const id = (await enqueueInTransaction(tx, MAIL_QUEUE, data, {
          startAfter: row.nextAttemptAt,
          failed: row.status === 'failed' ? { attempts: row.attempts, error: row.lastError } : undefined,
        }))!;
        if (row.status !== 'failed') queued += 1;
        if (recordId !== null) await kind?.recordQueued?.(tx, recordId, id);
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
      recordId: recordOf(data) ?? null,
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
