import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import * as styles from './BlogList.css';

/**
 * Newer and older pages of a public list, newest first, as crawlable links: the blog's posts, and
 * the newsletter archive's issues.
 */
export function BlogPager({
  page,
  pages,
  href,
  noun = 'posts',
  label = `Pages of ${noun}`,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  /** What the list holds, in the plural: 'Newer posts', 'Older issues'. */
  noun?: string;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={styles.pagerLink}>
          <ChevronLeft size={16} aria-hidden="true" /> Newer {noun}
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.pagerStatus}>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={styles.pagerLink}>
          Older {noun} <ChevronRight size={16} aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
