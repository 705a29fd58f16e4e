import type { Database } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/jobs/queue';
import { pruneActivityLog } from './log';

/** The activity log's daily prune (entries are kept a year, log.ts). */
export const ACTIVITY_PRUNE_QUEUE = 'activity-log-prune';

export function activityPruneJobs(
  deps: { db: Database; clock: () => Date },
  log: { info(obj: object, msg: string): void },
): JobDefinition<never> {
  return {
    queue: ACTIVITY_PRUNE_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    schedule: '30 3 * * *',
    async run() {
      const deleted = await pruneActivityLog(deps.db, deps.clock());
      if (deleted > 0) log.info({ deleted }, 'activity log entries older than a year deleted');
    },
  };
}
