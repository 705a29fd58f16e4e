import PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { SqlExecutor } from '../db/client';

// The durable job queue (decision 0013): pg-boss over our own database, PostgreSQL or
// the embedded PGlite alike, through the database handle's executor (pg-boss's `db` option), so
// there is one queue and one code path on both. pg-boss keeps its tables in the `pgboss` schema
// and migrates them itself at start. A job is a row; an instance claims it with SKIP LOCKED, so
// two instances never run the same job at once, and a claim held by an instance that died runs
// out after the queue's lease (pg-boss's `expireInSeconds`) and is retried by another.
//
// We fetch, run and complete jobs ourselves (one at a time, each completed or failed on its own)
// rather than with pg-boss's work(): tests run exactly what the worker runs (runDue), and a stop
// puts back what it fetched and had not started.

/** The schema pg-boss's tables live in. */
export const JOB_SCHEMA = 'pgboss';

/** Jobs claimed per fetch. */
const FETCH_BATCH = 20;

export interface JobTimings {
  /** How long a running job is held before another instance may take it over. */
  leaseSeconds: number;
  /** The wait after a first failure; each next wait doubles (with jitter). */
  retrySeconds: number;
  /** How often an idle worker looks for due jobs. */
  pollSeconds: number;
}

/** The timings the configuration sets (JOBS_LEASE_SECONDS, JOBS_RETRY_SECONDS). */
export function jobTimings(config: Pick<Config, 'JOBS_LEASE_SECONDS' | 'JOBS_RETRY_SECONDS'>): JobTimings {
  return { leaseSeconds: config.JOBS_LEASE_SECONDS, retrySeconds: config.JOBS_RETRY_SECONDS, pollSeconds: 1 };
}

export interface RunnableJob<D> {
  id: string;
  data: D;
  /** Attempts before this one. */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the instance stops: a long job (a feed import) gives up and is retried later. */
  signal: AbortSignal;
}

/** A kind of background work: its queue and what one job of it does. */
export interface JobDefinition<D = unknown> {
  queue: string;
  /**
   * standard: every job runs; stately: at most one waiting and one running at a time; short: at most
   * one waiting per singleton key (any number running).
   */
  policy: 'standard' | 'stately' | 'short';
  /**
   * One job per round of the worker, then the other queues: for long jobs that queue their own
   * follow-up (a newsletter send's slices), which would otherwise keep the worker from the e-mails.
   */
  oneJobPerRound?: true;
  /** Attempts after the first before the job is marked failed. */
  retryLimit: number;
  /** The wait after a first failure, when the work has its own policy (each next wait doubles); the queue's otherwise. */
  retryDelaySeconds?: number;
  /**
   * A cron expression (Europe/London): pg-boss's timekeeper sends a job at each tick, once across
   * every instance. The place for scheduled work (the feed refresh; the activity log's daily prune).
   */
  schedule?: string;
  /** Runs one job; throwing has it retried after a wait, or marked failed after the last attempt. */
  run(job: RunnableJob<D>): Promise<void>;
}

interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface JobQueue {
  /** Sends a job now (outside any transaction: a start-up refresh, a retry). */
  send(queue: string, data: object, options?: { singletonKey?: string }): Promise<string | null>;
  /** Runs every due job of the given queues (all by default) now, one at a time, and says how it went. */
  runDue(queues?: string[]): Promise<{ done: number; failed: number }>;
  /** Puts a failed job back in its queue for one more attempt; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
  /** Starts this instance's workers and the schedules. */
  startWorkers(): Promise<void>;
  /** Stops taking jobs, lets the one running finish, then stops pg-boss (before the database closes). */
  stop(): Promise<void>;
}

/** A job's error as pg-boss keeps it (`output`) and the admin reads it: one line, no stack. */
export function describeError(error: unknown): { message: string } {
  // A database error arrives wrapped by drizzle ('Failed query: <statement>'): its cause says why.
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const text = inner instanceof Error ? inner.message : String(inner);
  return { message: text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error' };
}

/**
 * Installs (or migrates) pg-boss's schema and our queues; no job runs until startWorkers. Every
 * instance may call this at once: pg-boss locks its schema changes, and the executor's `serially`
 * (when it has one) keeps the queues' creation to one instance at a time.
 */
export async function openJobQueue(
  executor: SqlExecutor,
  definitions: JobDefinition<never>[],
  options: {
    timings?: JobTimings;
    log?: Logger;
    /**
     * Runs pg-boss's upkeep in this process: expiring the claims of dead instances, archiving, and
     * the cron of scheduled jobs (each tick sent once across all instances). The app's processes
     * do; tests and command-line tools that only send or run jobs by hand do not.
     */
    upkeep?: boolean;
  } = {},
): Promise<JobQueue> {
  const timings = options.timings ?? { leaseSeconds: 300, retrySeconds: 30, pollSeconds: 1 };
  const { log } = options;
  let workersOn = false;
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: JOB_SCHEMA,
    supervise: options.upkeep ?? false,
    schedule: options.upkeep ?? false,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(timings.leaseSeconds / 2))),
    // Done jobs leave the live table after an hour (the enquiry keeps its own record of the
    // notification) and the archive after a day: their data holds reset and confirmation links.
    archiveCompletedAfterSeconds: 3600,
    // Failed ones stay for the admin to see and retry (a retry works on the live table only).
    archiveFailedAfterSeconds: 30 * 24 * 3600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => log?.error({ err: error }, 'job queue error'));
  const byQueue = new Map(definitions.map((d) => [d.queue, d as JobDefinition<unknown>]));
  const setUp = async () => {
    await boss.start();
    for (const d of byQueue.values()) {
      const settings = {
        name: d.queue,
        policy: d.policy,
        retryLimit: d.retryLimit,
        retryDelay: d.retryDelaySeconds ?? timings.retrySeconds,
        retryBackoff: true,
        expireInSeconds: timings.leaseSeconds,
        // Jobs waiting this long without starting are given up (archived): a month, for mail sent later.
        retentionMinutes: 60 * 24 * 31,
      };
      await boss.createQueue(d.queue, settings);
      // An upgrade or another instance may have made it with other settings: ours win.
      await boss.updateQueue(d.queue, settings);
    }
  };
  // One instance at a time: pg-boss 10's create_queue takes no lock of its own, and two replicas
  // creating the same queues at once deadlock (each holds a queue row the other's partition waits on).
  await (executor.serially ? executor.serially(setUp) : setUp());

  /** Runs one fetched job and records the outcome; true when it succeeded. */
  async function runOne(definition: JobDefinition<unknown>, job: PgBoss.JobWithMetadata): Promise<boolean> {
    try {
      await definition.run({
        id: job.id,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        signal: stopped.signal,
      });
    } catch (error) {
      await boss.fail(definition.queue, job.id, describeError(error));
      const entry = { err: error, queue: definition.queue, jobId: job.id, attempt: job.retryCount + 1 };
      if (job.retryCount >= job.retryLimit) log?.error(entry, 'job failed after its last attempt');
      else log?.warn(entry, 'job failed; it will be tried again');
      return false;
    }
    await boss.complete(definition.queue, job.id);
    return true;
  }

  let stopping = false;
  const stopped = new AbortController();
  async function runDue(queues?: string[]): Promise<{ done: number; failed: number }> {
    const totals = { done: 0, failed: 0 };
    for (const definition of byQueue.values()) {
      if (queues && !queues.includes(definition.queue)) continue;
      while (!stopping) {
        // A batch per fetch: pg-boss 10 orders the waiting jobs by priority and age with no index
        // for it, so each fetch sorts the whole backlog; one in FETCH_BATCH keeps a backlog (a burst
        // of enquiries) from costing the database a sort per e-mail.
        const batch = await boss.fetch<object>(definition.queue, {
          batchSize: definition.oneJobPerRound ? 1 : FETCH_BATCH,
          includeMetadata: true,
        });
        if (batch.length === 0) break;
        for (const [i, job] of batch.entries()) {
          if (stopping) {
            await putBack(definition.queue, batch.slice(i));
            break;
          }
          if (await runOne(definition, job)) totals.done += 1;
          else totals.failed += 1;
        }
        if (definition.oneJobPerRound) break;
      }
    }
    return totals;
  }

  /**
   * Jobs fetched but not started when the instance stops go back as they were, for the next worker
   * at once (not after the lease) and with no attempt counted: the fetch counted a retry for a job
   * that had run before.
   */
  async function putBack(queue: string, fetched: PgBoss.JobWithMetadata[]): Promise<void> {
    if (fetched.length === 0) return;
    await executor.executeSql(
      `update ${JOB_SCHEMA}.job
          set state = case when retry_count > 0 then 'retry' else 'created' end::${JOB_SCHEMA}.job_state,
              retry_count = greatest(retry_count - 1, 0),
              started_on = case when retry_count > 0 then started_on end
        where name = $1 and id = any($2::uuid[]) and state = 'active'`,
      [queue, fetched.map((j) => j.id)],
    );
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    timer = undefined;
    running = runDue()
      .catch((error: unknown) =>
        log?.error({ err: error }, 'job worker could not read the queue; trying again'),
      )
      .finally(() => {
        if (!stopping) timer = setTimeout(tick, timings.pollSeconds * 1000);
      });
  };

  return {
    async send(queue, data, sendOptions = {}) {
      return await boss.send(queue, data, sendOptions);
    },
    runDue,
    async retry(queue, id) {
      if (!byQueue.has(queue)) return false;
      const result = (await boss.retry(queue, id)) as unknown as { affected: number };
      return result.affected > 0;
    },
    async startWorkers() {
      if (workersOn) return;
      workersOn = true;
      for (const d of byQueue.values()) {
        if (d.schedule) await boss.schedule(d.queue, d.schedule, {}, { tz: 'Europe/London' });
        else await boss.unschedule(d.queue);
      }
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopping = true;
      stopped.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
