import type { PagePrefetch } from '../lib/page-prefetch';
import { BUSINESS } from '../../shared/business';
import { siteTitle } from '../../shared/page-meta';
import { PAGE_ROUTES } from '../../shared/routes';

/** The issue's web version, with its own title and description. */
export const prefetch: PagePrefetch = async ({ trpc, path, params, publicUrl }) => {
  const slug = params.slug ?? '';
  const issue = slug ? await trpc.newsletter.archiveIssue.fetch({ slug }).catch(() => null) : null;
  // The failed query stays in the cache too, so the page renders its not-found state on the server.
  if (!issue) return { notFound: true };
  return {
    type: 'article',
    meta: {
      title: siteTitle(issue.subject),
      description: issue.preheader || PAGE_ROUTES.newsletterIssue.meta.description,
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: issue.subject,
        description: issue.preheader,
        datePublished: issue.sentAt,
        publisher: { '@type': 'Organization', name: BUSINESS.name },
        mainEntityOfPage: `${publicUrl}${path}`,
      },
    ],
  };
};
