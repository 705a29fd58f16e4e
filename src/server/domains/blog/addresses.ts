import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';

/**
 * Every address of the blog that shows a page, for the owner's analytics (which counts only pages
 * the site has): each visible post by its slug, and by its earlier slugs and its number, which
 * answer with a move to the slug (findPostAddress); and each tag with a visible post. One row a
 * post and address: the analytics keep them in memory, not a query a page view.
 */
export async function listBlogAddresses(
  db: Database,
): Promise<{ posts: Array<{ address: string; slug: string }>; tags: string[] }> {
  // The current slugs first, then the earlier ones, then the numbers: the first of an address wins,
  // as it does in findPostAddress.
  const posts = (await db.execute(sql`
    select p.slug as address, p.slug, 1 as rank from blog_posts p where p.published_at <= now()
    union all
    select s.slug, p.slug, 2 from post_slugs s join blog_posts p on p.id = s.post_id
    where p.published_at <= now()
    union all
    select p.id::text, p.slug, 3 from blog_posts p where p.published_at <= now()
    order by rank`)) as unknown as { rows: Array<{ address: string; slug: string }> };
  const tags = (await db.execute(sql`
    select t.slug from tags t where exists (
      select 1 from post_tags pt join blog_posts p on p.id = pt.post_id
      where pt.tag_id = t.id and p.published_at <= now())`)) as unknown as { rows: Array<{ slug: string }> };
  return {
    posts: posts.rows.map((r) => ({ address: r.address, slug: r.slug })),
    tags: tags.rows.map((r) => r.slug),
  };
}
