import { tableStyles as styles } from '../../../components/admin';
import { usePostsToReview } from './PostsList';

/** "Blog Posts" in the admin's navigation, with how many drafts wait for review, for an editor. */
export function BlogTabLabel() {
  const waiting = usePostsToReview() ?? 0;
  return (
    <>
      Blog Posts
      {waiting > 0 ? ' ' : null}
      {waiting > 0 ? (
        <span className={styles.countBadge} data-testid="review-badge">
          {waiting > 99 ? '99+' : waiting}
          <span className={styles.caption}> to review</span>
        </span>
      ) : null}
    </>
  );
}
