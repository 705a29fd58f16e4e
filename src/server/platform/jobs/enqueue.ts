import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { JOB_SCHEMA } from './queue';

/** What a transaction (or the database itself) offers for queueing a job. */
export type JobWriter = Pick<Database, 'execute'>;

export interface EnqueueOptions {
  /** The job's id, when the caller records it first (an enquiry keeps its notification's). */
  id?: string;
  /** Not before this time; due at once when absent. */
  startAfter?: Date;
  /**
   * One waiting job per key (a queue with the 'short' policy): a second is not added, and the one
   * waiting is brought forward when this one asks for an earlier time.
   */
  singletonKey?: string;
  /** A job that already failed for good elsewhere (a legacy outbox row): kept failed, for a retry. */
  failed?: { attempts: number; error: string | null };
}

/**
 * Queues a job through the caller's transaction, so it is committed or rolled back with the write
 * that promises it: pg-boss's own send() would use its connection, not this transaction. The job
 * takes its queue's settings (retries, lease, retention) from pg-boss's queue row. The one place
 * that writes pg-boss's job table. Answers the job's id, or null when a job of the same singleton
 * key was already waiting.
 */
export async function enqueueInTransaction(
  tx: JobWriter,
  queue: string,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = options.id ?? randomUUID();
  // Due at once is a millisecond ago: the queue takes jobs with start_after < now(), and PGlite's
  // clock counts milliseconds, so a job inserted "now" could otherwise wait for the next poll.
  const at = options.startAfter
    ? sql`${options.startAfter.toISOString()}::timestamptz`
    : sql`now() - interval '1 millisecond'`;
  const { failed, singletonKey } = options;
  if (singletonKey !== undefined)
    await tx.execute(sql`
      update ${sql.identifier(JOB_SCHEMA)}.job set start_after = ${at}
       where name = ${queue} and singleton_key = ${singletonKey} and state = 'created'
         and start_after > ${at}`);
  const result = await tx.execute(sql`
    insert into ${sql.identifier(JOB_SCHEMA)}.job
      (id, name, data, start_after, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy,
       singleton_key, state, retry_count, output, started_on, completed_on)
    select ${id}::uuid, q.name, ${JSON.stringify(data)}::jsonb, ${at},
           q.expire_seconds * interval '1 second', ${at} + q.retention_minutes * interval '1 minute',
           q.retry_limit, q.retry_delay, q.retry_backoff, q.policy, ${singletonKey ?? null},
           ${failed ? 'failed' : 'created'}::${sql.identifier(JOB_SCHEMA)}.job_state,
           ${failed ? Math.max(0, failed.attempts - 1) : 0},
           ${failed ? JSON.stringify({ message: failed.error ?? 'not sent' }) : null}::jsonb,
           ${failed ? sql`now()` : sql`null`}, ${failed ? sql`now()` : sql`null`}
      from ${sql.identifier(JOB_SCHEMA)}.queue q
     where q.name = ${queue}
    on conflict do nothing
    returning id`);
  if (rowsOf(result).length === 1) return id;
  if (singletonKey !== undefined) return null;
  throw new Error(`The job queue is not installed (no ${queue} queue).`);
}
