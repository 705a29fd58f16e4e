import { and, count, desc, eq, like, not, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { jobs } from '../db/job-tables';
import { JOB_MESSAGES, type FailedJob } from '../../../shared/jobs.schema';
import { notFound } from '../errors';
import { pageOffset, type Page } from '../paging';

// Jobs that gave up after their last attempt (platform/jobs/queue.ts), for the admin: newest first,
// a page at a time, and a retry. pg-boss keeps failed jobs for 30 days.

/** Failed jobs of our queues (pg-boss's own internal queues are named __pgboss__...). */
const failed = and(eq(jobs.state, 'failed'), not(like(jobs.name, '\\_\\_pgboss%')));

export async function listFailedJobs(
  deps: Pick<AppDeps, 'db'>,
  paging: { page: number; pageSize: number },
): Promise<Page<FailedJob>> {
  const [rows, [totalRow]] = await Promise.all([
    deps.db
      .select({
        id: jobs.id,
        queue: jobs.name,
        kind: sql<string>`coalesce(${jobs.data}->>'kind', ${jobs.name})`,
        recipient: sql<string | null>`${jobs.data}->'message'->>'to'`,
        retryCount: jobs.retryCount,
        lastError: sql<string | null>`${jobs.output}->>'message'`,
        failedAt: jobs.completedOn,
        createdAt: jobs.createdOn,
      })
      .from(jobs)
      .where(failed)
      .orderBy(desc(jobs.completedOn), desc(jobs.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    deps.db.select({ total: count() }).from(jobs).where(failed),
  ]);
  return {
    items: rows.map(({ retryCount, ...r }) => ({
      ...r,
      attempts: retryCount + 1,
      failedAt: r.failedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** Queues a failed job for one more attempt (an enquiry's notification shows 'queued' again). */
export async function retryFailedJob(
  deps: Pick<AppDeps, 'jobs'>,
  queue: string,
  id: string,
): Promise<{ message: string }> {
  if (!(await deps.jobs.retry(queue, id))) throw notFound(JOB_MESSAGES.notFound);
  return { message: JOB_MESSAGES.retried };
}
