import type { AppDeps } from './deps';
import { pruneActivityLog } from './domains/activity';
import { analyticsJobs } from './domains/analytics';
import type { JobDefinition } from './platform/job-queue';
import { adoptOutbox, mailJobs } from './platform/mail/queue';
import { mailKinds } from './domains';
import { getPodcastFeed, importPodcastFeedNow, podcastFeedJobs } from './domains/podcasts';
import type { OutboundClient } from './platform/outbound';
import { newsletterJobs } from './domains/newsletter';
import { blogGoOutJobs } from './domains/blog';

/** The activity log's daily prune (entries are kept a year, domains/activity/log.ts). */
export const ACTIVITY_PRUNE_QUEUE = 'activity-log-prune';

/**
 * Every kind of background work the site does, each a queue of the job queue (platform/job-queue.ts):
 * the promised e-mails, the podcast feed refresh (of the feed the admin set, or PODCAST_FEED_URL)
 * and the activity log's daily prune. Scheduled work is a definition with a `schedule` (cron,
 * Europe/London), run once per tick across all instances. The tests run the mail queue alone (no
 * `outbound`): they import feeds and prune the log by calling the services.
 */
export function backgroundJobs(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'> & Partial<Pick<AppDeps, 'sharedState'>>,
  options: { outbound?: OutboundClient; log?: { info(obj: object, msg: string): void } } = {},
): JobDefinition<never>[] {
  const definitions: JobDefinition<never>[] = [mailJobs(deps, mailKinds), newsletterJobs(deps)];
  const log = options.log ?? { info: () => {} };
  const outbound = options.outbound;
  if (outbound) {
    definitions.push(
      podcastFeedJobs({
        importFeed: async (signal) =>
          (await getPodcastFeed(deps)).feedUrl
            ? importPodcastFeedNow({ ...deps, outbound }, { signal })
            : null,
        intervalMinutes: deps.config.PODCAST_REFRESH_MINUTES,
        log,
      }),
      {
        queue: ACTIVITY_PRUNE_QUEUE,
        policy: 'stately',
        retryLimit: 2,
        schedule: '30 3 * * *',
        async run() {
          const deleted = await pruneActivityLog(deps.db, deps.clock());
          if (deleted > 0) log.info({ deleted }, 'activity log entries older than a year deleted');
        },
      },
      analyticsJobs(deps, log),
      blogGoOutJobs({
        db: deps.db,
        clock: deps.clock,
        log,
        ...(deps.sharedState ? { announce: () => deps.sharedState!.cache.publish() } : {}),
      }),
    );
  }
  return definitions;
}

/**
 * Queues the e-mails the outbox table holds (an upgrade's unsent ones, a restored backup's), each
 * noted on its record by the kind that wrote it; answers how many were queued.
 */
export function adoptUnsentMail(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return adoptOutbox(deps, mailKinds);
}
