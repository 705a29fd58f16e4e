import { router } from '../trpc/init';
import { academyRouter } from './academy';
import { adminRouter } from './admin';
import { analyticsRouter } from './analytics';
import { authRouter } from './auth';
import { blogRouter } from './blog';
import { uploadsRouter } from './uploads';
import { contactRouter } from './contact';
import { contentRouter } from './content';
import { jobsRouter } from './jobs';
import { newsletterRouter } from './newsletter';
import { podcastsRouter } from './podcasts';
import { siteContentRouter } from './site-content';
import { podcastAdminRouter } from './podcast-admin';
import { systemRouter } from './system';
import { workshopsRouter } from './workshops';

// One router per domain, merged here. The client imports only the AppRouter type.
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
  analytics: analyticsRouter,
});

export type AppRouter = typeof appRouter;
