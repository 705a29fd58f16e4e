import type { AppDeps } from '../deps';
import type { JobDefinition } from './job-queue';
import { mailJobs } from './outbox';
import { podcastFeedJobs } from './podcasts';
import type { OutboundClient } from './outbound';

/**
 * Every kind of background work the site does, each a queue of the job queue (services/job-queue.ts):
 * the promised e-mails, and the podcast feed refresh when a feed is set. Scheduled work is a
 * definition with a `schedule` (cron, Europe/London), run once per tick across all instances; the
 * activity log's daily prune, for one, belongs here as
 * `{ queue: 'activity-log-prune', policy: 'stately', retryLimit: 2, schedule: '30 3 * * *', run: () => pruneActivityLog(deps.db, deps.clock()) }`.
 */
export function backgroundJobs(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  options: { outbound?: OutboundClient; log?: { info(obj: object, msg: string): void } } = {},
): JobDefinition<never>[] {
  const definitions: JobDefinition<never>[] = [mailJobs(deps)];
  const { PODCAST_FEED_URL: feedUrl, PODCAST_REFRESH_MINUTES: intervalMinutes } = deps.config;
  if (feedUrl && options.outbound) {
    definitions.push(
      podcastFeedJobs({
        db: deps.db,
        outbound: options.outbound,
        feedUrl,
        intervalMinutes,
        log: options.log ?? { info: () => {} },
      }),
    );
  }
  return definitions;
}
