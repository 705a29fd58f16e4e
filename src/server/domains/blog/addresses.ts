import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';

/** An address of a visible post: its current slug, or an earlier slug or its number (moved). */
export interface PostAddress {
  address: string;
  id: number;
  slug: string;
  moved: boolean;
}

/**
 * Every address of the blog that shows a page, for the owner's analytics (which counts only pages
 * the site has) and for the blog's own memory of them (memory.ts): each visible post by its slug,
 * and by its earlier slugs and its number, which answer with a move to the slug; each tag with a
 * visible post, and its earlier slugs (movedTags: old -> current), which answer with a move; and
 * the earlier addresses of the authors with a visible post (movedAuthors), which do too.
 * One row a post and address, the first of an address winning.
 */
export async function listBlogAddresses(db: Database): Promise<{
  posts: PostAddress[];
  tags: string[];
  movedTags: Array<{ address: string; slug: string }>;
  movedAuthors: Array<{ address: string; slug: string }>;
}> {
  // The current slugs first, then the earlier ones, then the numbers: the first of an address wins.
  const posts = (await db.execute(sql`
    select p.slug as address, p.id, p.slug, 1 as rank from blog_posts p where p.published_at <= now()
    union all
    select s.slug, p.id, p.slug, 2 from post_slugs s join blog_posts p on p.id = s.post_id
    where p.published_at <= now()
    union all
    select p.id::text, p.id, p.slug, 3 from blog_posts p where p.published_at <= now()
    order by rank`)) as unknown as {
    rows: Array<{ address: string; id: number | string; slug: string; rank: number | string }>;
  };
  const tags = (await db.execute(sql`
    select t.slug from tags t where exists (
      select 1 from post_tags pt join blog_posts p on p.id = pt.post_id
      where pt.tag_id = t.id and p.published_at <= now())`)) as unknown as { rows: Array<{ slug: string }> };
  const movedTags = (await db.execute(sql`
    select s.slug as address, t.slug from tag_slugs s join tags t on t.id = s.tag_id
    where exists (select 1 from post_tags pt join blog_posts p on p.id = pt.post_id
                  where pt.tag_id = t.id and p.published_at <= now())`)) as unknown as {
    rows: Array<{ address: string; slug: string }>;
  };
  // A person's earlier addresses while a visible post names them (authors.ts: their page exists),
  // unless someone has that address now.
  const movedAuthors = (await db.execute(sql`
    select s.slug as address, u.slug from staff_slugs s join users u on u.id = s.user_id
    where not exists (select 1 from users taken where taken.slug = s.slug)
      and exists (select 1 from blog_posts p
        where p.published_at <= now()
          and (coalesce(p.author_id, (select id from users where role = 'owner')) = u.id
               or exists (select 1 from post_coauthors c where c.post_id = p.id and c.user_id = u.id)))`)) as unknown as {
    rows: Array<{ address: string; slug: string }>;
  };
  return {
    posts: posts.rows.map((r) => ({
      address: r.address,
      id: Number(r.id),
      slug: r.slug,
      moved: Number(r.rank) !== 1,
    })),
    tags: tags.rows.map((r) => r.slug),
    movedTags: movedTags.rows,
    movedAuthors: movedAuthors.rows,
  };
}
