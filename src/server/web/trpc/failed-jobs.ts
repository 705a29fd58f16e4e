import { adminMessageSchema, pageInputSchema } from '../../../shared/admin.schema';
import { failedJobPageSchema, jobRetryInputSchema } from '../../../shared/jobs.schema';
import { listFailedJobs, retryFailedJob } from '../../platform/jobs/failed';
import { staffProcedure, router } from './init';

// Background jobs that failed for good: the admin sees them and can retry them.
const tags = ['Admin'];

export const jobsRouter = router({
  failed: staffProcedure('manageSettings')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/jobs/failed',
        tags,
        summary: 'Background jobs that failed after their last attempt, newest first, one page at a time',
        description:
          'E-mails (queue mail: kind, recipient) and podcast feed refreshes (queue podcast-feed-refresh), with ' +
          'the attempts made and the last error. Failed jobs are kept 30 days.',
        errorResponses: { 400: 'Paging out of range (pageSize at most 100)' },
      },
    })
    .input(pageInputSchema)
    .output(failedJobPageSchema)
    .query(({ ctx, input }) => listFailedJobs(ctx.deps, input)),

  retry: staffProcedure('manageSettings')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/jobs/{queue}/{id}/retry',
        tags,
        summary: 'Queues a failed job for one more attempt',
        errorResponses: {
          400: 'The id is not a UUID',
          404: 'No failed job with that id in that queue (it may have been retried already)',
        },
      },
    })
    .input(jobRetryInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => retryFailedJob(ctx.deps, input.queue, input.id)),
});
