import { adminSummaryProcedure } from './admin-summary';
import { academyAdminProcedures, academyRouter } from './domains/academy/router';
import { activityAdminProcedures } from './domains/activity/router';
import { analyticsRouter } from './domains/analytics/router';
import { authAdminProcedures, authRouter } from './domains/auth/router';
import { blogRouter } from './domains/blog/router';
import { contactAdminProcedures, contactRouter } from './domains/contact/router';
import { newsletterAdminProcedures, newsletterRouter } from './domains/newsletter/router';
import { podcastAdminRouter, podcastsRouter } from './domains/podcasts/router';
import { contentRouter, siteContentRouter } from './domains/site-content/router';
import { uploadsRouter } from './domains/uploads/router';
import { workshopsRouter } from './domains/workshops/router';
import { jobsRouter } from './web/trpc/failed-jobs';
import { systemRouter } from './web/trpc/system';
import { router } from './web/trpc/init';

// Every domain's router (domains/<domain>/router.ts), merged under the keys clients know:
// podcastAdmin and siteContent come from the podcasts and site-content routers; admin.* gathers the
// dashboard's counts and each domain's admin procedures; system and jobs are the floors' own. The
// client imports only the AppRouter type.
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  blog: blogRouter,
  uploads: uploadsRouter,
  content: contentRouter,
  podcasts: podcastsRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  academy: academyRouter,
  workshops: workshopsRouter,
  admin: router({
    summary: adminSummaryProcedure,
    ...contactAdminProcedures,
    ...newsletterAdminProcedures,
    ...academyAdminProcedures,
    ...authAdminProcedures,
    ...activityAdminProcedures,
  }),
  jobs: jobsRouter,
  siteContent: siteContentRouter,
  podcastAdmin: podcastAdminRouter,
  analytics: analyticsRouter,
});

export type AppRouter = typeof appRouter;
