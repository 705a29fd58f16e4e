import type { DomainModule } from '../../domain-module';
import { analyticsJobs } from './rollup';
import { analyticsRouter } from './router';
import { analyticsRouteDocs } from './routes/plain-routes';

/**
 * What the analytics domain registers: its procedures, its plain routes' docs and the roll-ups.
 * The beacon, the recorder and the plain routes themselves are still wired in app.ts.
 */
export const analyticsModule = {
  namespaces: { analytics: analyticsRouter },
  routeDocs: analyticsRouteDocs,
  scheduledJobs: (deps, { log }) => [analyticsJobs(deps, log)],
} satisfies DomainModule;
