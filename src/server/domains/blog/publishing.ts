import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { users } from '../auth';
import { blogPosts, postRevisions, postSlugs, postTags, tagSlugs, tags } from './tables';
import { BLOG_MESSAGES } from '../../../shared/blog';
import type { BlogFields, BlogUpdate } from '../../../shared/blog.schema';
import { readingMinutes, slugify, type BlogPostStatus } from '../../../shared/blog-publishing';
import type {
  AdminBlogPost,
  AdminBlogTag,
  BlogTag,
  Revision,
  RevisionRow,
  TagDetails,
  TagUpdate,
} from '../../../shared/blog-publishing.schema';
import { ukDateLabel, ukWallClock } from '../../../shared/uk-time';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { hasVisibleContent, sanitisePostHtml } from './sanitise-post-html';
import { listPublishedSummaries, toPost, toSummary, withImageSizes, type PublishedFilter } from './posts';
import { countedWords, keepingWordList, moveWordCounts } from './search-words';
import { findPostAddress, fromPageStart, isVisibleTag, pageStartsOf } from './memory';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;
type Row = typeof blogPosts.$inferSelect;

/** What visitors may see: published, or scheduled and due. */
const publicNow = sql`${blogPosts.publishedAt} <= now()`;

/** What create, update and autosave may set besides the post's own fields. */
export interface PublishingFields {
  slug?: string | undefined;
  tags?: string[] | undefined;
  status?: BlogPostStatus | undefined;
  publishAt?: string | null | undefined;
  metaTitle?: string | undefined;
  metaDescription?: string | undefined;
  socialImageUrl?: string | null | undefined;
  socialDescription?: string | undefined;
  canonicalUrl?: string | null | undefined;
  noIndex?: boolean | undefined;
}

export interface Author {
  id: number;
}

/** Revisions kept per post beyond the newest-per-day ones (docs/decisions/0019-post-revisions.md). */
export const REVISIONS_KEPT = 50;

const htmlToText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

// --- Slugs ---

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [post] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
  if (post) return true;
  const [old] = await db.select({ postId: postSlugs.postId }).from(postSlugs).where(eq(postSlugs.slug, slug));
  return !!old && old.postId !== exceptId;
}

/** The slug itself when free, else the first free slug-2, slug-3 ... */
async function freeSlug(db: Db, base: string, exceptId?: number): Promise<string> {
  const root = base || 'post';
  if (!(await slugTaken(db, root, exceptId))) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root.slice(0, 110)}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
}

export async function slugAvailable(
  db: Database,
  input: { slug: string; id?: number | undefined },
): Promise<{ available: boolean; suggestion?: string }> {
  const slug = slugify(input.slug);
  if (!slug) return { available: false, suggestion: await freeSlug(db, 'post', input.id) };
  if (slug === input.slug && !(await slugTaken(db, slug, input.id))) return { available: true };
  return { available: false, suggestion: await freeSlug(db, slug, input.id) };
}

// --- Tags ---

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
async function setPostTags(tx: Tx, postId: number, names: string[]): Promise<void> {
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
async function removeUnusedTags(tx: Db, tagIds: number[]): Promise<void> {
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
async function refreshTagColumns(tx: Db, postIds: number[]): Promise<void> {
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

// --- Revisions ---

async function writeRevision(tx: Tx, post: Row, authorId: number | null, now: Date): Promise<void> {
  await tx.insert(postRevisions).values({
    postId: post.id,
    authorId,
    createdAt: now,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    socialImageUrl: post.socialImageUrl,
    socialDescription: post.socialDescription,
    canonicalUrl: post.canonicalUrl,
    noIndex: post.noIndex,
  });
  // Keeps the newest REVISIONS_KEPT, and before them the newest of each day (UTC).
  await tx.execute(sql`
    delete from post_revisions r using (
      select id, row_number() over (order by created_at desc, id desc) as n,
             row_number() over (partition by (created_at at time zone 'UTC')::date order by created_at desc, id desc) as nd
      from post_revisions where post_id = ${post.id}
    ) k
    where r.id = k.id and k.n > ${REVISIONS_KEPT} and k.nd > 1`);
}

// --- Saving ---

async function cleanFields(db: Db, input: { title: string; content: string }) {
  const title = input.title.trim();
  const content = sanitisePostHtml(input.content);
  if (!title || !hasVisibleContent(content)) throw badRequest(BLOG_MESSAGES.missingFields);
  return { title, content: await withImageSizes(db as Database, content) };
}

function publication(
  existing: Pick<Row, 'status' | 'publishedAt'> | undefined,
  input: {
    status?: BlogPostStatus | undefined;
    publishAt?: string | null | undefined;
    published?: boolean | undefined;
  },
  now: Date,
): { status: BlogPostStatus; publishedAt: Date | null } {
  const status: BlogPostStatus =
    input.status ??
    (input.published === undefined
      ? ((existing?.status as BlogPostStatus | undefined) ?? 'draft')
      : input.published
        ? 'published'
        : 'draft');
  if (status === 'draft') return { status, publishedAt: null };
  if (status === 'scheduled') {
    const at = input.publishAt
      ? new Date(input.publishAt)
      : existing?.status === 'scheduled'
        ? existing.publishedAt
        : null;
    if (!at) throw badRequest('A scheduled post needs a publishAt time');
    if (at.getTime() <= now.getTime()) return { status: 'published', publishedAt: at };
    return { status, publishedAt: at };
  }
  // Published: an already published post keeps its date.
  return {
    status,
    publishedAt: existing?.status === 'published' && existing.publishedAt ? existing.publishedAt : now,
  };
}

function seoValues(input: PublishingFields, existing?: Row) {
  return {
    metaTitle: input.metaTitle ?? existing?.metaTitle ?? '',
    metaDescription: input.metaDescription ?? existing?.metaDescription ?? '',
    socialImageUrl:
      input.socialImageUrl === undefined ? (existing?.socialImageUrl ?? null) : input.socialImageUrl || null,
    socialDescription: input.socialDescription ?? existing?.socialDescription ?? '',
    canonicalUrl:
      input.canonicalUrl === undefined ? (existing?.canonicalUrl ?? null) : input.canonicalUrl || null,
    noIndex: input.noIndex ?? existing?.noIndex ?? false,
  };
}

export async function createPublishedPost(
  db: Database,
  input: BlogFields & PublishingFields,
  authorId: number,
  now: Date,
): Promise<Row> {
  const { title, content } = await cleanFields(db, input);
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, input.slug ?? slugify(title));
    const { status, publishedAt } = publication(undefined, input, now);
    const [row] = await tx
      .insert(blogPosts)
      .values({
        title,
        content,
        contentText: htmlToText(content),
        excerpt: input.excerpt?.trim() ?? '',
        category: input.category?.trim() ?? '',
        tagsText: input.category?.trim() ?? '',
        imageUrl: input.imageUrl || null,
        slug,
        status,
        publishedAt,
        ...seoValues(input),
        authorId,
        updatedBy: authorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setPostTags(tx, row!.id, input.tags ?? []);
    const [saved] = await tx.select().from(blogPosts).where(eq(blogPosts.id, row!.id));
    await writeRevision(tx, saved!, authorId, now);
    await moveWordCounts(tx, new Map(), await countedWords(tx, [saved!.id]));
    return saved!;
  });
}

/** A 409's words: who saved the post last and when (UK time), so a REST client can say so too. */
async function conflictMessage(db: Db, existing: Row): Promise<string> {
  const [editor] = existing.updatedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, existing.updatedBy))
    : [];
  const when = `${ukDateLabel(existing.updatedAt)} at ${ukWallClock(existing.updatedAt).time}`;
  return `This post was changed since you opened it: ${editor?.name ?? 'another admin'} saved it on ${when} (UK time), and it is now version ${existing.version}. Reload it to see their changes.`;
}

export async function updatePublishedPost(
  db: Database,
  id: number,
  input: BlogUpdate & PublishingFields & { expectedVersion?: number | undefined },
  authorId: number,
  now: Date,
  options: { revision: boolean; draftOnly?: boolean } = { revision: true },
): Promise<Row> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!existing) throw notFound(BLOG_MESSAGES.notFound);
    if (input.expectedVersion !== undefined && input.expectedVersion !== existing.version)
      throw conflict(await conflictMessage(tx, existing));
    if (options.draftOnly && existing.status !== 'draft') throw badRequest('Only a draft saves itself');
    const wordsBefore = await countedWords(tx, [id]);
    const { title, content } = await cleanFields(tx, {
      title: input.title ?? existing.title,
      content: input.content ?? existing.content,
    });
    let slug = existing.slug;
    if (input.slug !== undefined && input.slug !== existing.slug) {
      if (await slugTaken(tx, input.slug, id)) throw conflict(`The address ${input.slug} is taken`);
      slug = input.slug;
      await tx.delete(postSlugs).where(eq(postSlugs.slug, slug));
      await tx.insert(postSlugs).values({ slug: existing.slug, postId: id }).onConflictDoNothing();
    }
    const { status, publishedAt } = options.draftOnly
      ? { status: 'draft' as const, publishedAt: null }
      : publication(existing, input, now);
    await tx
      .update(blogPosts)
      .set({
        title,
        content,
        contentText: htmlToText(content),
        excerpt: input.excerpt === undefined ? existing.excerpt : input.excerpt.trim(),
        category: input.category === undefined ? existing.category : input.category.trim(),
        imageUrl: input.imageUrl === undefined ? existing.imageUrl : input.imageUrl || null,
        slug,
        status,
        publishedAt,
        ...seoValues(input, existing),
        version: existing.version + 1,
        updatedBy: authorId,
        updatedAt: now,
      })
      .where(eq(blogPosts.id, id));
    if (input.tags !== undefined) await setPostTags(tx, id, input.tags);
    else if (input.category !== undefined) await refreshTagColumns(tx, [id]);
    const [saved] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (options.revision) await writeRevision(tx, saved!, authorId, now);
    await moveWordCounts(tx, wordsBefore, await countedWords(tx, [id]));
    return saved!;
  });
}

// --- Reading ---

/** From published_at (as visitors' queries read it): a scheduled post that is due counts as published. */
export function statusOf(row: Pick<Row, 'publishedAt'>): BlogPostStatus {
  if (!row.publishedAt) return 'draft';
  return row.publishedAt.getTime() > Date.now() ? 'scheduled' : 'published';
}

export async function toAdminPost(db: Db, row: Row): Promise<AdminBlogPost> {
  const tagList = (await tagsOfPosts(db, [row.id])).get(row.id) ?? [];
  const [editor] = row.updatedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.updatedBy))
    : [];
  return {
    ...toPost(row),
    slug: row.slug,
    status: statusOf(row),
    tags: tagList,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImageUrl: row.socialImageUrl,
    socialDescription: row.socialDescription,
    canonicalUrl: row.canonicalUrl,
    noIndex: row.noIndex,
    readingMinutes: readingMinutes(row.content),
    version: row.version,
    updatedByName: editor?.name ?? null,
    updatedById: row.updatedBy,
  };
}

export async function getAdminPost(db: Database, id: number): Promise<AdminBlogPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return toAdminPost(db, row);
}

// --- Revisions ---

export async function listRevisions(
  db: Database,
  input: { postId: number; page: number; pageSize: number },
): Promise<{ items: RevisionRow[]; total: number; page: number; pageSize: number }> {
  const where = eq(postRevisions.postId, input.postId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: postRevisions.id,
        createdAt: postRevisions.createdAt,
        authorName: users.name,
        title: postRevisions.title,
      })
      .from(postRevisions)
      .leftJoin(users, eq(users.id, postRevisions.authorId))
      .where(where)
      .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(postRevisions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      authorName: r.authorName ?? null,
    })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function getRevision(db: Database, id: number): Promise<Revision> {
  const [row] = await db
    .select({ revision: postRevisions, authorName: users.name })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .where(eq(postRevisions.id, id));
  if (!row) throw notFound('No such revision');
  const r = row.revision;
  return {
    id: r.id,
    postId: r.postId,
    createdAt: r.createdAt.toISOString(),
    authorName: row.authorName ?? null,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    metaTitle: r.metaTitle,
    metaDescription: r.metaDescription,
    socialImageUrl: r.socialImageUrl,
    socialDescription: r.socialDescription,
    canonicalUrl: r.canonicalUrl,
    noIndex: r.noIndex,
  };
}

export async function restoreRevision(
  db: Database,
  postId: number,
  revisionId: number,
  authorId: number,
  now: Date,
): Promise<AdminBlogPost> {
  const revision = await getRevision(db, revisionId);
  if (revision.postId !== postId) throw notFound('No such revision');
  const row = await updatePublishedPost(
    db,
    postId,
    {
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      metaTitle: revision.metaTitle,
      metaDescription: revision.metaDescription,
      socialImageUrl: revision.socialImageUrl,
      socialDescription: revision.socialDescription,
      canonicalUrl: revision.canonicalUrl,
      noIndex: revision.noIndex,
    },
    authorId,
    now,
  );
  return toAdminPost(db, row);
}

/** Deletes a post: its words leave the search list, and a tag only it carried goes with it. */
export async function deletePost(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const tagIds = (
      await tx.select({ id: postTags.tagId }).from(postTags).where(eq(postTags.postId, id))
    ).map((r) => r.id);
    const deleted = await keepingWordList(tx, [id], () =>
      tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }),
    );
    if (deleted.length === 0) throw notFound(BLOG_MESSAGES.notFound);
    await removeUnusedTags(tx, tagIds);
  });
}

// --- Tags admin ---

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

const tagDetailsColumns = {
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

// --- Public reading: by slug, tag pages, search ---

const summaryOf = (row: Row, tagList: BlogTag[]) => ({
  ...toSummary(row),
  slug: row.slug,
  status: statusOf(row),
  readingMinutes: readingMinutes(row.contentText),
  tags: tagList,
});

async function summaries(db: Db, rows: Row[]) {
  const tagMap = await tagsOfPosts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => summaryOf(r, tagMap.get(r.id) ?? []));
}

/** A visible post by its slug, with its tags, reading time and three related posts. */
export async function getPublicPostBySlug(db: Database, slug: string) {
  // An address no visible post has is known from memory: a stranger's guess costs no query.
  const address = await findPostAddress(db, slug);
  if (!address || address.moved) throw notFound(BLOG_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), publicNow));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  const tagList = (await tagsOfPosts(db, [row.id])).get(row.id) ?? [];
  // Sharing tags first (most shared, then newest), then the newest others.
  const related = (await db.execute(sql`
    select p.id from blog_posts p
    where p.id <> ${row.id} and p.published_at <= now()
    order by (select count(*) from post_tags a join post_tags b on a.tag_id = b.tag_id
              where a.post_id = p.id and b.post_id = ${row.id}) desc, p.published_at desc, p.id desc
    limit 3`)) as unknown as { rows: Array<{ id: number }> };
  const ids = related.rows.map((r) => Number(r.id));
  const relatedRows = ids.length ? await db.select().from(blogPosts).where(inArray(blogPosts.id, ids)) : [];
  relatedRows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return {
    ...toPost(row),
    slug: row.slug,
    tags: tagList,
    readingMinutes: readingMinutes(row.content),
    related: await summaries(db, relatedRows),
    seo: {
      title: row.metaTitle || row.title,
      description: row.metaDescription || row.excerpt,
      socialImageUrl: row.socialImageUrl || row.imageUrl,
      socialDescription: row.socialDescription || row.metaDescription || row.excerpt,
      canonicalUrl: row.canonicalUrl,
      noIndex: row.noIndex,
    },
  };
}

/**
 * One page of /blog as its cards need it: the summaries of posts.ts with each post's address word,
 * reading time and tags (the list query stays the one the paging tests measure; these are read for
 * the page's rows only).
 */
export async function listPublishedPage(db: Database, filter: PublishedFilter) {
  const page = await listPublishedSummaries(db, filter);
  const ids = page.items.map((p) => p.id);
  if (ids.length === 0) return { ...page, items: [] };
  const [extras, tagMap] = await Promise.all([
    db
      .select({ id: blogPosts.id, slug: blogPosts.slug, contentText: blogPosts.contentText })
      .from(blogPosts)
      .where(inArray(blogPosts.id, ids)),
    tagsOfPosts(db, ids),
  ]);
  const byId = new Map(extras.map((e) => [e.id, e]));
  return {
    ...page,
    items: page.items.map((item) => ({
      ...item,
      slug: byId.get(item.id)?.slug ?? String(item.id),
      status: 'published' as const,
      readingMinutes: readingMinutes(byId.get(item.id)?.contentText ?? ''),
      tags: tagMap.get(item.id) ?? [],
    })),
  };
}

export const TAG_PAGE_SIZE = 12;

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
    publicNow,
    sql`exists (select 1 from post_tags pt where pt.post_id = ${blogPosts.id} and pt.tag_id = ${tag.id})`,
  )!;
  // From the page's first post, kept in memory: a deep page is one seek, like the first.
  const { starts, total } = await pageStartsOf(db, `tag ${tag.id}`, TAG_PAGE_SIZE, where);
  const start = starts[page - 1];
  const rows = start
    ? await db
        .select()
        .from(blogPosts)
        .where(and(where, fromPageStart(start)))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(TAG_PAGE_SIZE)
    : [];
  return { tag, items: await summaries(db, rows), total, page, pageSize: TAG_PAGE_SIZE };
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
        publicNow,
        sql`exists (select 1 from post_tags pt where pt.post_id = ${blogPosts.id} and pt.tag_id = ${tag.id})`,
      ),
    )
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
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

/** A draft's autosave: the fields only, no revision; answers what the editor needs next. */
export async function autosavePost(
  db: Database,
  id: number,
  input: BlogUpdate & PublishingFields & { expectedVersion?: number | undefined },
  authorId: number,
  now: Date,
) {
  const row = await updatePublishedPost(db, id, input, authorId, now, { revision: false, draftOnly: true });
  return { id: row.id, version: row.version, updatedAt: row.updatedAt.toISOString() };
}
