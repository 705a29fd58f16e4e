import type { DomainModule } from '../../domain-module';
import { analyticsJobs } from './rollup';
import { analyticsRouter } from './router';
import { analyticsRouteDocs, analyticsRoutes } from './routes/plain-routes';

/**
 * What the analytics domain registers: its procedures, its plain routes (the page-view beacon and
 * the owner's downloads) with their docs, and the roll-ups. Its recorder is a dependency
 * (AppDeps.analytics), made by main.ts.
 */
export const analyticsModule = {
  namespaces: { analytics: analyticsRouter },
  routes: (deps) => [analyticsRoutes(deps)],
  routeDocs: analyticsRouteDocs,
  scheduledJobs: (deps, { log }) => [analyticsJobs(deps, log)],
} satisfies DomainModule;
