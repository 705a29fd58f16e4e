import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { SiteLayout } from './SiteLayout';
import * as styles from './NotFound.css';

/**
 * The site's frame with the 404 card: the page for an address the route table does not know, and
 * what a list shows past its last page (the blog, a tag, the newsletter archive).
 */
export function NotFound() {
  return (
    <SiteLayout>
      <div className={styles.card}>
        <h1 className={styles.title}>
          <AlertCircle aria-hidden="true" className={styles.icon} size={32} />
          404 Page Not Found
        </h1>
        <p className={styles.hint}>
          The page you were looking for is not here: the link may be old, or the address mistyped.
        </p>
        <Link href="/" className={styles.back}>
          Back to the home page
        </Link>
      </div>
    </SiteLayout>
  );
}
