import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { slugify } from '../../../shared/blog-publishing';
import type { AdminBlogTag, BlogTag, TagDetails, TagUpdate } from '../../../shared/blog-publishing.schema';
import { keepingWordList } from './search-words';
import { postTags, tagSlugs, tags, type Db, type Tx } from './tables';

// A post's tags, and the tags' own admin: rename, merge, delete, suggest. A tag lives while a post
// carries it; its earlier slugs keep answering, with a move to the tag.

export async function tagsOfPosts(db: Db, postIds: number[]): Promise<Map<number, BlogTag[]>> {
  const byPost = new Map<number, BlogTag[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postTags.postId, id: tags.id, name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(postTags.postId), asc(postTags.position));
  for (const { postId, ...tag } of rows) {
    const list = byPost.get(postId) ?? [];
    list.push(tag);
    byPost.set(postId, list);
  }
  return byPost;
}

async function tagSlugFor(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'tag';
  // A tag's earlier slug still answers (a 301 to it), so it is not given to another tag.
  const taken = async (slug: string) =>
    (await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug))).length > 0 ||
    (await db.select({ id: tagSlugs.tagId }).from(tagSlugs).where(eq(tagSlugs.slug, slug))).length > 0;
  if (!(await taken(base))) return base;
  for (let n = 2; ; n++) if (!(await taken(`${base}-${n}`))) return `${base}-${n}`;
}

/** Replaces a post's tags by these names (new names make new tags); keeps search in step. */
export async function setPostTags(tx: Tx, postId: number, names: string[]): Promise<void> {
  const seen = new Set<string>();
  const unique = names
    .map((n) => n.trim())
    .filter((n) => n && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
  const ids: number[] = [];
  for (const name of unique) {
    const [found] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(sql`lower(${tags.name}) = lower(${name})`);
    if (found) ids.push(found.id);
    else {
      const [made] = await tx
        .insert(tags)
        .values({ name, slug: await tagSlugFor(tx, name) })
        .returning({ id: tags.id });
      ids.push(made!.id);
    }
  }
  const dropped = await tx
    .delete(postTags)
    .where(eq(postTags.postId, postId))
    .returning({ id: postTags.tagId });
  if (ids.length > 0)
    await tx.insert(postTags).values(ids.map((tagId, position) => ({ postId, tagId, position })));
  await removeUnusedTags(
    tx,
    dropped.map((d) => d.id),
  );
  await refreshTagColumns(tx, [postId]);
}

/** Of these tags, deletes those no post carries any more: a tag is a post's, not a list of its own. */
export async function removeUnusedTags(tx: Db, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await tx
    .delete(tags)
    .where(
      and(
        inArray(tags.id, tagIds),
        sql`not exists (select 1 from post_tags pt where pt.tag_id = ${tags.id})`,
      ),
    );
}

/**
 * tags_text, what search reads of a post's labels: its category, then its tags' names. The category
 * is the post's own choice, never rewritten from the tags (docs/decisions/0025-category-and-tags.md).
 */
export async function refreshTagColumns(tx: Db, postIds: number[]): Promise<void> {
  if (postIds.length === 0) return;
  await tx.execute(sql`
    update blog_posts p set
      tags_text = trim(p.category || ' ' || coalesce((select string_agg(t.name, ' ' order by pt.position)
                  from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = p.id), ''))
    where p.id in (${sql.join(
      postIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

export async function listAdminTags(
  db: Database,
  input: { page: number; pageSize: number; q?: string | undefined },
): Promise<{ items: AdminBlogTag[]; total: number; page: number; pageSize: number }> {
  const where = input.q ? sql`${tags.name} ilike ${`%${input.q.replace(/[\\%_]/g, '\\$&')}%`}` : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...tagDetailsColumns,
        // "tags"."id" written out: drizzle names a selected column without its table, which inside
        // a subquery that joins blog_posts would be the post's id.
        postCount: sql<number>`(select count(*)::int from post_tags pt where pt.tag_id = "tags"."id")`,
        // What the tag's page counts: the posts visible now, as getTagPage reads them.
        publishedCount: sql<number>`(select count(*)::int from post_tags pt join blog_posts p on p.id = pt.post_id
                                     where pt.tag_id = "tags"."id" and p.published_at <= now())`,
      })
      .from(tags)
      .where(where)
      .orderBy(sql`lower(${tags.name})`, asc(tags.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(tags).where(where),
  ]);
  return { items: rows, total: counted?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

async function postsOfTag(tx: Db, tagId: number): Promise<number[]> {
  return (await tx.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tagId))).map(
    (r) => r.id,
  );
}

export const tagDetailsColumns = {
  id: tags.id,
  name: tags.name,
  slug: tags.slug,
  description: tags.description,
  metaTitle: tags.metaTitle,
  metaDescription: tags.metaDescription,
};

/** Renames a tag (its address stays) and sets its page's description and search fields. */
export async function updateTag(db: Database, id: number, input: TagUpdate): Promise<TagDetails> {
  return db.transaction(async (tx) => {
    const { name } = input;
    if (name !== undefined) {
      const [clash] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(sql`lower(${tags.name}) = lower(${name})`, ne(tags.id, id)));
      if (clash) throw conflict(`A tag called ${name} already exists: merge them instead`);
    }
    const changes = {
      ...(name !== undefined ? { name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.metaTitle !== undefined ? { metaTitle: input.metaTitle } : {}),
      ...(input.metaDescription !== undefined ? { metaDescription: input.metaDescription } : {}),
    };
    const [row] =
      Object.keys(changes).length > 0
        ? await tx.update(tags).set(changes).where(eq(tags.id, id)).returning(tagDetailsColumns)
        : await tx.select(tagDetailsColumns).from(tags).where(eq(tags.id, id));
    if (!row) throw notFound('No such tag');
    if (name !== undefined) {
      const posts = await postsOfTag(tx, id);
      await keepingWordList(tx, posts, () => refreshTagColumns(tx, posts));
    }
    return row;
  });
}

export async function mergeTags(db: Database, fromId: number, intoId: number): Promise<BlogTag> {
  if (fromId === intoId) throw badRequest('A tag cannot be merged into itself');
  return db.transaction(async (tx) => {
    const [into] = await tx.select().from(tags).where(eq(tags.id, intoId));
    const [from] = await tx.select().from(tags).where(eq(tags.id, fromId));
    if (!into || !from) throw notFound('No such tag');
    const posts = await postsOfTag(tx, fromId);
    await tx.execute(sql`
      insert into post_tags (post_id, tag_id, position)
      select post_id, ${intoId}, position from post_tags where tag_id = ${fromId}
      on conflict do nothing`);
    // Its address, and those that led to it, now lead to the tag it went into.
    await tx.update(tagSlugs).set({ tagId: intoId }).where(eq(tagSlugs.tagId, fromId));
    await tx.insert(tagSlugs).values({ slug: from.slug, tagId: intoId }).onConflictDoNothing();
    await tx.delete(tags).where(eq(tags.id, fromId));
    await keepingWordList(tx, posts, () => refreshTagColumns(tx, posts));
    return into;
  });
}

export async function deleteTag(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const posts = await postsOfTag(tx, id);
    const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
    if (deleted.length === 0) throw notFound('No such tag');
    await keepingWordList(tx, posts, () => refreshTagColumns(tx, posts));
  });
}

export async function suggestTags(
  db: Database,
  q: string,
): Promise<Array<{ name: string; slug: string; postCount: number }>> {
  const pattern = `${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .select({
      name: tags.name,
      slug: tags.slug,
      postCount: sql<number>`(select count(*)::int from post_tags pt where pt.tag_id = ${tags.id})`,
    })
    .from(tags)
    .where(sql`lower(${tags.name}) like ${pattern}`)
    .orderBy(sql`lower(${tags.name})`)
    .limit(10);
}
