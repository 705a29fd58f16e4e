import { SearchX } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import {
  BLOG_SEARCH_BUSY_MESSAGE,
  BLOG_SEARCH_MAX,
  blogSearchHref,
  isSearchRefusedForNow,
  parseBlogSearchQuery,
  searchCountText,
} from '../../shared/blog-publishing';
import { Skeleton } from '../components/ui/Skeleton';
import { SiteLayout } from '../components/layouts/SiteLayout';
import {
  BlogPager,
  SearchBox,
  SearchResults,
  blogListStyles as styles,
  blogExtrasStyles as extras,
} from '../features/blog';
import { trpc } from '../lib/trpc';

/** /search?q=...: the published posts that match, best first, the matched words marked. */
export default function BlogSearchPage() {
  const { q, page } = parseBlogSearchQuery(useSearch());
  // A search that failed while the page rendered shows why at once, as the server rendered it: asked
  // again on mount, a visitor over the search limit would only be refused again.
  const results = trpc.blog.search.useQuery({ q, page }, { enabled: q !== '', retryOnMount: false });
  const data = q ? results.data : undefined;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <SiteLayout>
      <div className={styles.page}>
        <header className={styles.intro}>
          <h1 className={styles.title}>Search the blog</h1>
        </header>
        {/* Keyed by the query, so the box shows what was searched after a back or forward. */}
        <SearchBox key={q} action="/search" initial={q} maxLength={BLOG_SEARCH_MAX} />
        {!q ? (
          <p className={extras.resultCount}>Type a word or two to find posts.</p>
        ) : results.isLoading ? (
          <div aria-busy="true" aria-label="Searching">
            <Skeleton height="8rem" />
          </div>
        ) : results.isError ? (
          <p className={extras.resultCount} role="alert">
            {isSearchRefusedForNow(results.error)
              ? BLOG_SEARCH_BUSY_MESSAGE
              : 'The search could not be run just now. Please try again in a moment.'}
          </p>
        ) : data && data.items.length > 0 ? (
          <>
            <p className={extras.resultCount} role="status">
              {searchCountText(data, q)}
            </p>
            <SearchResults hits={data.items} />
            <BlogPager
              page={page}
              pages={pages}
              href={(p) => blogSearchHref(q, p)}
              label="Pages of results"
            />
          </>
        ) : (
          <div className={styles.empty} role="status">
            <SearchX size={48} aria-hidden="true" />
            <h2>No posts found</h2>
            <p>
              Nothing matches “{q}”. Try other words, or{' '}
              <Link href="/blog">browse all posts on the blog</Link>.
            </p>
          </div>
        )}
      </div>
    </SiteLayout>
  );
}
