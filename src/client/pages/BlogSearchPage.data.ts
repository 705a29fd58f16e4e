import type { PagePrefetch } from '../lib/page-prefetch';
import { parseBlogSearchQuery } from '../../shared/blog-publishing';
import { siteTitle } from '../../shared/page-meta';

/** The results the page shows, rendered with it; the title says what was searched for. */
export const prefetch: PagePrefetch = async ({ trpc, search }) => {
  const { q, page } = parseBlogSearchQuery(search);
  if (q) await trpc.blog.search.prefetch({ q, page }).catch(() => undefined);
  return {
    meta: {
      title: siteTitle(q ? `Search results for “${q}”` : 'Search the blog'),
      description:
        'Search the Herts Local Media blog for local news, marketing advice and community stories.',
    },
  };
};
