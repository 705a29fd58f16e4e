import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { BLOG_AUTHOR_LABEL } from '../../../shared/blog';
import { authorHref } from '../../../shared/blog-publishing';
import type { PostAuthor } from '../../../shared/blog-publishing.schema';
import * as styles from './BlogPost.css';

/**
 * Who wrote a post: each author's photo and name, linking to their page, over the team's label the
 * post has always carried. A post by nobody (a blog with no staff yet) shows the label alone.
 */
export function Byline({ authors }: { authors: readonly PostAuthor[] }) {
  if (authors.length === 0)
    return (
      <span className={styles.author}>
        <UserRound size={18} aria-hidden="true" /> {BLOG_AUTHOR_LABEL}
      </span>
    );
  const photos = authors.filter((a) => a.photoUrl);
  return (
    <div className={styles.bylinePeople} data-testid="byline">
      {photos.length > 0 ? (
        <span className={styles.bylinePhotos}>
          {photos.map((a) => (
            <img
              key={a.slug}
              src={a.photoUrl!}
              alt=""
              width={40}
              height={40}
              className={styles.bylinePhoto}
            />
          ))}
        </span>
      ) : (
        <UserRound size={18} aria-hidden="true" />
      )}
      <span className={styles.bylineWords}>
        <span className={styles.bylineNames}>
          By{' '}
          {authors.map((a, i) => (
            <span key={a.slug}>
              {i > 0 ? (i === authors.length - 1 ? ' and ' : ', ') : null}
              <Link href={authorHref(a.slug)} className={styles.bylineLink}>
                {a.name}
              </Link>
            </span>
          ))}
        </span>
        <span className={styles.bylineTeam}>{BLOG_AUTHOR_LABEL}</span>
      </span>
    </div>
  );
}
