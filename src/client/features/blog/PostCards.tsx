import type { ReactNode } from 'react';
import type { PublishedSummary } from '../../../shared/blog-publishing.schema';
import { Skeleton } from '../../components/ui/Skeleton';
import { BlogCard } from './BlogCard';
import { BlogPager } from './BlogPager';
import * as styles from './BlogList.css';

/**
 * A page of post cards as /blog, a tag's page and an author's page show them: three placeholders
 * while loading, the cards and the pager, or `empty` when there are none.
 */
export function PostCards({
  posts,
  page,
  pages,
  href,
  empty = null,
}: {
  /** The page's posts; undefined while they load. */
  posts: readonly PublishedSummary[] | undefined;
  page: number;
  pages: number;
  href: (page: number) => string;
  empty?: ReactNode;
}) {
  if (!posts)
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading posts">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton height="22rem" />
          </li>
        ))}
      </ul>
    );
  if (posts.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={styles.grid}>
        {posts.map((post, index) => (
          <li key={post.id}>
            <BlogCard post={post} first={index === 0} />
          </li>
        ))}
      </ul>
      <BlogPager page={page} pages={pages} href={href} />
    </>
  );
}
