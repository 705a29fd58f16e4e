import type { PagePrefetch } from '../lib/page-prefetch';
import { isSearchRefusedForNow, parseBlogSearchQuery } from '../../shared/blog-publishing';
import { siteTitle } from '../../shared/page-meta';

/** The results the page shows, rendered with it; the title says what was searched for. */
export const prefetch: PagePrefetch = async ({ trpc, search }) => {
  const { q, page } = parseBlogSearchQuery(search);
  // The page shows a failed search itself (its error stays in the page's data); a visitor over the
  // search limit gets it with the status 429 and Retry-After.
  const failure: unknown = q
    ? await trpc.blog.search.fetch({ q, page }).then(
        () => null,
        (error: unknown) => error,
      )
    : null;
  return {
    ...(isSearchRefusedForNow(failure) ? { tooManyRequests: true } : {}),
    meta: {
      title: siteTitle(q ? `Search results for “${q}”` : 'Search the blog'),
      description:
        'Search the Herts Local Media blog for local news, marketing advice and community stories.',
    },
  };
};
