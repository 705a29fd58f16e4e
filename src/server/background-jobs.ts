import type { JobDeps, ScheduledJobDeps } from './domain-module';
import type { AppDeps } from './deps';
import { DOMAINS, mailKinds } from './domains';
import type { JobDefinition } from './platform/jobs/queue';
import { adoptOutbox, mailJobs } from './platform/mail/queue';

type JobLog = { info(obj: object, msg: string): void };

/**
 * Every kind of background work the site does, each a queue of the job queue (platform/jobs/queue.ts):
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
  return [
    mailJobs(deps, mailKinds),
    ...DOMAINS.flatMap((domain) => domain.jobs?.(deps, context) ?? []),
    ...scheduled,
  ];
}

/**
 * Queues the e-mails the outbox table holds (an upgrade's unsent ones, a restored backup's), each
 * noted on its record by the kind that wrote it; answers how many were queued.
 */
export function adoptUnsentMail(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return adoptOutbox(deps, mailKinds);
}
