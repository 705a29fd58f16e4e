import { router } from '../trpc/init';
import { academyRouter } from './academy';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { blogRouter } from './blog';
import { uploadsRouter } from './uploads';
import { contactRouter } from './contact';
import { contentRouter, siteContentRouter } from './site-content';
import { jobsRouter } from './jobs';
import { newsletterRouter } from './newsletter';
import { podcastAdminRouter, podcastsRouter } from './podcasts';
import { systemRouter } from './system';
import { workshopsRouter } from './workshops';

// One router file per domain (routers/<domain>.ts, the names of services/<domain>/), merged here under
// the keys clients know: podcastAdmin and siteContent come from the podcasts and site-content files,
// admin.* gathers each domain's admin procedures (routers/admin.ts). The client imports only AppRouter.
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
  admin: adminRouter,
  jobs: jobsRouter,
  siteContent: siteContentRouter,
  podcastAdmin: podcastAdminRouter,
});

export type AppRouter = typeof appRouter;
