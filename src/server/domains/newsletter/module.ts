import { NEWSLETTER_ARCHIVE_PATH } from '../../../shared/newsletter-issues';
import type { DomainModule } from '../../domain-module';
import { newsletterMailKinds } from './mail-kinds';
import { listArchivedSlugs, newsletterJobs } from './index';
import { newsletterAdminProcedures, newsletterRouter } from './router';
import { newsletterUnsubscribeRoutes } from './routes/newsletter-unsubscribe';
import { oneClickDocs } from './routes/newsletter-unsubscribe.docs';
import { subscribersCsvRoutes } from './routes/subscribers-csv';
import { subscribersCsvDocs } from './routes/subscribers-csv.docs';

/**
 * What the newsletter registers: its procedures, the subscribers' export and one-click leaving,
 * the sending queue, and the archive's issues in the sitemap.
 */
export const newsletterModule = {
  namespaces: { newsletter: newsletterRouter },
  mailKinds: newsletterMailKinds,
  adminProcedures: newsletterAdminProcedures,
  routes: (deps) => [subscribersCsvRoutes(deps), newsletterUnsubscribeRoutes(deps)],
  routeDocs: { ...subscribersCsvDocs, ...oneClickDocs },
  jobs: (deps) => [newsletterJobs(deps)],
  sitemap: {
    firstFile: async (db) =>
      (await listArchivedSlugs(db)).map((issue) => ({
        path: `${NEWSLETTER_ARCHIVE_PATH}/${issue.slug}`,
        lastmod: issue.sentAt,
      })),
  },
} satisfies DomainModule;
