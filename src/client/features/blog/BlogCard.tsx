import { formatPostDate } from '../../lib/dates';
import { responsiveSrcSet } from '../../lib/responsive-image';
import { ArrowRight, Calendar, Clock, Newspaper } from 'lucide-react';
import { Link } from 'wouter';
import { blogPostHref, readingTimeLabel } from '../../../shared/blog-publishing';
import type { PublishedSummary } from '../../../shared/blog-publishing.schema';
import * as styles from './BlogCard.css';
import { KeepHyphenated } from './KeepHyphenated';

/**
 * A post on /blog, a tag's page or under another post (there its title is an h3). The first card of
 * a list (`first`) has the largest thing in view on a phone, its image: that one is fetched at once
 * and first, where a lazy image would wait for layout before it even started.
 */
export function BlogCard({
  post,
  heading: Heading = 'h2',
  first = false,
}: {
  post: PublishedSummary;
  heading?: 'h2' | 'h3';
  first?: boolean;
}) {
  return (
    <article className={styles.card} data-testid="blog-card">
      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          srcSet={responsiveSrcSet(post.imageUrl)}
          sizes="(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 100vw"
          alt=""
          className={styles.cardImage}
          width={1200}
          height={675}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <div className={styles.cardPlaceholder} aria-hidden="true">
          <Newspaper size={40} />
        </div>
      )}
      <div className={styles.cardBody}>
        <div className={styles.meta}>
          <span className={styles.metaItem}>
            <Calendar size={14} aria-hidden="true" />
            <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
          </span>
          {post.category ? <span className={styles.category}>{post.category}</span> : null}
          <span className={styles.metaItem}>
            <Clock size={14} aria-hidden="true" />
            {readingTimeLabel(post.readingMinutes)}
          </span>
        </div>
        <Heading className={styles.cardTitle}>
          <KeepHyphenated text={post.title} />
        </Heading>
        {post.excerpt ? <p className={styles.excerpt}>{post.excerpt}</p> : null}
        <Link href={blogPostHref(post)} className={styles.readMore}>
          Read More<span className="visually-hidden">: {post.title}</span>{' '}
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
