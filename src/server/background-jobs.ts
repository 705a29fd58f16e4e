import type { JobDeps, ScheduledJobDeps } from './domain-module';
import { DOMAINS } from './domains';
import type { JobDefinition } from './platform/job-queue';
import { mailJobs } from './platform/outbox';

type JobLog = { info(obj: object, msg: string): void };

/**
 * Every kind of background work the site does, each a queue of the job queue (platform/job-queue.ts):
 * the promised e-mails and the queues the domains fill from requests, and, with `scheduled`, the
 * domains' work on a schedule (cron, Europe/London), run once per tick across all instances. The
 * tests leave `scheduled` off: they import feeds, prune the log and roll up figures by calling the
 * services.
 */
export function backgroundJobs(
  deps: JobDeps,
  options?: { scheduled?: false; log?: JobLog },
): JobDefinition<never>[];
export function backgroundJobs(
  deps: ScheduledJobDeps,
  options: { scheduled: true; log?: JobLog },
): JobDefinition<never>[];
export function backgroundJobs(
  deps: JobDeps | ScheduledJobDeps,
  options: { scheduled?: boolean; log?: JobLog } = {},
): JobDefinition<never>[] {
  const context = { log: options.log ?? { info: () => {} } };
  const scheduled = options.scheduled
    ? DOMAINS.flatMap((domain) => domain.scheduledJobs?.(deps as ScheduledJobDeps, context) ?? [])
    : [];
  return [mailJobs(deps), ...DOMAINS.flatMap((domain) => domain.jobs?.(deps, context) ?? []), ...scheduled];
}
