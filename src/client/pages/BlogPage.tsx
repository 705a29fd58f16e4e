import { Newspaper } from 'lucide-react';
import { Skeleton } from '../components/ui/Skeleton';
import { BlogCard } from '../features/blog/BlogCard';
import { SiteLayout } from '../features/layout/SiteLayout';
import { trpc } from '../lib/trpc';
import * as styles from '../features/blog/Blog.css';

export default function BlogPage() {
  const posts = trpc.blog.list.useQuery();
  return (
    <SiteLayout>
      <div className={styles.page}>
        <header className={styles.intro}>
          <h1 className={styles.title}>Our Blog</h1>
          <p className={styles.lead}>Local marketing advice, community news and stories from businesses across Hertfordshire.</p>
        </header>
        {posts.isLoading ? (
          <ul className={styles.grid} aria-busy="true" aria-label="Loading posts">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton height="22rem" />
              </li>
            ))}
          </ul>
        ) : posts.data && posts.data.length > 0 ? (
          <ul className={styles.grid}>
            {posts.data.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.empty}>
            <Newspaper size={48} aria-hidden="true" />
            <h2>No Blog Posts Yet</h2>
            <p>We are writing our first articles. Please check back soon.</p>
          </div>
        )}
      </div>
    </SiteLayout>
  );
}
