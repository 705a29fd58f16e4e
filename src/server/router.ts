import { adminSummaryProcedure } from './admin-summary';
import { DOMAINS, type domainModules } from './domains';
import { jobsRouter } from './web/trpc/failed-jobs';
import { systemRouter } from './web/trpc/system';
import { router } from './web/trpc/init';

// The app's router: every domain's namespaces (domains.ts), under the keys clients know; admin.*
// gathers the dashboard's counts and each domain's admin procedures; system and jobs are the floors'
// own. The client imports only the AppRouter type.

type Module = (typeof domainModules)[number];
/** One object type with every member of a union's keys (the domains' namespaces side by side). */
type Together<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;
type Namespaces = Together<Module extends infer M ? (M extends { namespaces: infer N } ? N : never) : never>;
type AdminProcedures = Together<
  Module extends infer M ? (M extends { adminProcedures: infer A } ? A : never) : never
>;

const namespaces = Object.assign({}, ...DOMAINS.map((domain) => domain.namespaces ?? {})) as Namespaces;
const adminProcedures = Object.assign(
  {},
  ...DOMAINS.map((domain) => domain.adminProcedures ?? {}),
) as AdminProcedures;

export const appRouter = router({
  system: systemRouter,
  ...namespaces,
  admin: router({ summary: adminSummaryProcedure, ...adminProcedures }),
  jobs: jobsRouter,
});

export type AppRouter = typeof appRouter;
