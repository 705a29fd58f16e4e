import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { isVisibleTag } from './memory';
import { cardsOf, pageOfList, publishedOrder, visibleNow } from './post-lists';
import { blogPosts, tags } from './tables';
import { tagDetailsColumns } from './tags';

// What visitors see of a tag: its page of posts, its feed's posts, and the sitemap's list of tags.

const TAG_PAGE_SIZE = 12;

/**
 * A tag by its address while a visible post carries it. A tag only drafts or posts not yet out
 * carry is nobody's to see, its name included: its page, read and feed answer 404 until then.
 */
async function findVisibleTag(db: Database, slug: string) {
  if (!(await isVisibleTag(db, slug))) return null;
  const [tag] = await db
    .select(tagDetailsColumns)
    .from(tags)
    .where(
      and(
        eq(tags.slug, slug),
        sql`exists (select 1 from post_tags pt join blog_posts p on p.id = pt.post_id
                    where pt.tag_id = ${tags.id} and p.published_at <= now())`,
      ),
    );
  return tag ?? null;
}

export async function getTagPage(db: Database, slug: string, page: number) {
  const tag = await findVisibleTag(db, slug);
  if (!tag) throw notFound('No such tag');
  const where = and(
    visibleNow(),
    sql`exists (select 1 from post_tags pt where pt.post_id = ${blogPosts.id} and pt.tag_id = ${tag.id})`,
  )!;
  const { rows, total } = await pageOfList(db, `tag ${tag.id}`, TAG_PAGE_SIZE, where, page);
  return { tag, items: await cardsOf(db, rows), total, page, pageSize: TAG_PAGE_SIZE };
}

/** Visible posts of a tag, newest first, for its RSS feed. */
export async function listTagFeed(db: Database, slug: string, limit: number) {
  const tag = await findVisibleTag(db, slug);
  if (!tag) return null;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(
      and(
        visibleNow(),
        sql`exists (select 1 from post_tags pt where pt.post_id = ${blogPosts.id} and pt.tag_id = ${tag.id})`,
      ),
    )
    .orderBy(...publishedOrder)
    .limit(limit);
  return { tag, rows };
}

/** Tags with at least one visible post, for the sitemap. */
export async function listVisibleTagSlugs(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select t.slug from tags t where exists (
      select 1 from post_tags pt join blog_posts p on p.id = pt.post_id
      where pt.tag_id = t.id and p.published_at <= now() and not p.no_index)
    order by t.slug limit 5000`)) as unknown as { rows: Array<{ slug: string }> };
  return result.rows.map((r) => r.slug);
}
