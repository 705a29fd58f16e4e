import type { DomainModule } from '../../domain-module';
import { activityPruneJobs } from './jobs';
import { activityAdminProcedures } from './router';

/** What the activity domain registers: the log's admin reads and its daily prune. */
export const activityModule = {
  adminProcedures: activityAdminProcedures,
  scheduledJobs: (deps, { log }) => [activityPruneJobs(deps, log)],
} satisfies DomainModule;
