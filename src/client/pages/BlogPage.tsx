import { Newspaper } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { PostCards, SearchBox, blogListStyles as styles } from '../features/blog';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { trpc } from '../lib/trpc';
import { blogPageHref, parseBlogSearch } from '../../shared/blog';
import { BLOG_SEARCH_MAX } from '../../shared/blog-publishing';
import { NotFound } from '../components/layouts/NotFound';

export default function BlogPage() {
  const wanted = parseBlogSearch(useSearch());
  const posts = trpc.blog.pages.useQuery(wanted ?? { page: 1 }, { enabled: wanted !== null });
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / posts.data.pageSize)) : 1;
  if (!wanted || (posts.data && wanted.page > pages)) return <NotFound />;
  const { page, category } = wanted;
  const categories = posts.data?.categories ?? [];
  return (
    <SiteLayout>
      <div className={styles.page}>
        <header className={styles.intro}>
          <h1 className={styles.title}>Our Blog</h1>
          <p className={styles.lead}>
            Local marketing advice, community news and stories from businesses across Hertfordshire.
          </p>
        </header>
        <SearchBox action="/search" maxLength={BLOG_SEARCH_MAX} />
        {categories.length > 0 ? (
          // On a phone the row scrolls sideways; the chip cut at the screen's edge is its cue.
          <nav className={styles.filters} aria-label="Blog categories" data-scroll-cue="">
            <Link
              href={blogPageHref(1)}
              className={styles.filter}
              aria-current={category ? undefined : 'page'}
            >
              All posts
            </Link>
            {categories.map((name) => (
              <Link
                key={name}
                href={blogPageHref(1, name)}
                className={styles.filter}
                aria-current={name === category ? 'page' : undefined}
              >
                {name}
              </Link>
            ))}
          </nav>
        ) : null}
        <PostCards
          posts={posts.isLoading ? undefined : (posts.data?.items ?? [])}
          page={page}
          pages={pages}
          href={(p) => blogPageHref(p, category)}
          empty={
            <div className={styles.empty}>
              <Newspaper size={48} aria-hidden="true" />
              <h2>No Blog Posts Yet</h2>
              <p>We are writing our first articles. Please check back soon.</p>
            </div>
          }
        />
      </div>
    </SiteLayout>
  );
}
