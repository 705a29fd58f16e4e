import type { PublishedSummary } from '../../../shared/blog-publishing.schema';
import { BlogCard } from './BlogCard';
import * as extras from './BlogExtras.css';

/** Up to three published posts that share the post's tags (then the newest), under the post. */
export function RelatedPosts({ posts }: { posts: PublishedSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section className={extras.related} aria-labelledby="related-posts-title" data-testid="related-posts">
      <h2 id="related-posts-title" className={extras.relatedTitle}>
        Related posts
      </h2>
      <ul className={extras.relatedGrid}>
        {posts.map((post) => (
          <li key={post.id}>
            <BlogCard post={post} heading="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
