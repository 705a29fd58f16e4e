import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { users } from '../auth';
import { BLOG_MESSAGES } from '../../../shared/blog';
import { readingMinutes, slugify, type BlogPostStatus } from '../../../shared/blog-publishing';
import type { AdminBlogPost } from '../../../shared/blog-publishing.schema';
import type { BlogFields, BlogPost, BlogUpdate } from '../../../shared/blog.schema';
import { ukDateLabel, ukWallClock } from '../../../shared/uk-time';
import { findPostAddress } from './memory';
import { bylinesOf, publicAuthors, setPostAuthors } from './authors';
import { cleanPostFields, htmlToText } from './post-content';
import { cardsOf, toPost, visibleNow } from './post-lists';
import { getRevision, writeRevision } from './revisions';
import { publicationOf, statusOf } from './schedule';
import { countedWords, keepingWordList, moveWordCounts } from './search-words';
import { freeSlug, moveSlug } from './slugs';
import { blogPosts, postTags, type Db, type PostRow } from './tables';
import { refreshTagColumns, removeUnusedTags, setPostTags, tagsOfPosts } from './tags';

// A post: read one (a visitor's by number or address word, the editor's), create, save, autosave,
// restore a revision, delete. Each save cleans the content, keeps the slug, tags, revisions and the
// search word list in step, in one transaction.

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
  authorIds?: number[] | undefined;
}

/**
 * A post in any state, for an e-mail made from it: its fields, and when it goes (or went) out on
 * the blog (null for a draft). Missing only when there is no such post.
 */
export async function getPostForEmail(
  db: Database,
  id: number,
): Promise<{ post: BlogPost; goesOutAt: Date | null }> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return { post: toPost(row), goesOutAt: row.publishedAt };
}

/** When a post goes (or went) out on the blog: null for a draft or a post that does not exist. */
export async function postGoesOutAt(db: Database, id: number): Promise<Date | null> {
  const [row] = await db.select({ at: blogPosts.publishedAt }).from(blogPosts).where(eq(blogPosts.id, id));
  return row?.at ?? null;
}

/** One published post; a draft is as missing as a post that does not exist. */
export async function getPublishedPost(db: Database, id: number): Promise<BlogPost> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), visibleNow()));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return toPost(row);
}

/** A visible post by its slug, with its tags, reading time and three related posts. */
export async function getPublicPostBySlug(db: Database, slug: string) {
  // An address no visible post has is known from memory: a stranger's guess costs no query.
  const address = await findPostAddress(db, slug);
  if (!address || address.moved) throw notFound(BLOG_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), visibleNow()));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  const tagList = (await tagsOfPosts(db, [row.id])).get(row.id) ?? [];
  const authors = (await bylinesOf(db, [row.id])).get(row.id);
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
    authors: publicAuthors(authors),
    tags: tagList,
    readingMinutes: readingMinutes(row.content),
    related: await cardsOf(db, relatedRows),
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

export async function toAdminPost(db: Db, row: PostRow): Promise<AdminBlogPost> {
  const [tagList, authors, [editor]] = await Promise.all([
    tagsOfPosts(db, [row.id]).then((map) => map.get(row.id) ?? []),
    bylinesOf(db, [row.id]).then((map) => map.get(row.id) ?? []),
    row.updatedBy
      ? db.select({ name: users.name }).from(users).where(eq(users.id, row.updatedBy))
      : Promise.resolve([]),
  ]);
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
    authorId: authors[0]?.id ?? null,
    authorName: authors[0]?.name ?? null,
    authors,
    review: row.review,
    reviewNote: row.reviewNote,
  };
}

export async function getAdminPost(db: Database, id: number): Promise<AdminBlogPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return toAdminPost(db, row);
}

function seoValues(input: PublishingFields, existing?: PostRow) {
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

/** Creates a post, a draft, scheduled or published as the input says; its first revision with it. */
export async function createPost(
  db: Database,
  input: BlogFields & PublishingFields,
  authorId: number,
  now: Date,
): Promise<PostRow> {
  const { title, content } = await cleanPostFields(db, input);
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, input.slug ?? slugify(title));
    const { status, publishedAt } = publicationOf(undefined, input, now);
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
    if (input.authorIds) await setPostAuthors(tx, row!.id, input.authorIds);
    const [saved] = await tx.select().from(blogPosts).where(eq(blogPosts.id, row!.id));
    await writeRevision(tx, saved!, authorId, now);
    await moveWordCounts(tx, new Map(), await countedWords(tx, [saved!.id]));
    return saved!;
  });
}

/** A 409's words: who saved the post last and when (UK time), so a REST client can say so too. */
async function conflictMessage(db: Db, existing: PostRow): Promise<string> {
  const [editor] = existing.updatedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, existing.updatedBy))
    : [];
  const when = `${ukDateLabel(existing.updatedAt)} at ${ukWallClock(existing.updatedAt).time}`;
  return `This post was changed since you opened it: ${editor?.name ?? 'another admin'} saved it on ${when} (UK time), and it is now version ${existing.version}. Reload it to see their changes.`;
}

/**
 * Saves changes to a post (an admin's edit, an autosave, a restored revision): with expectedVersion,
 * a save over someone else's newer one is a 409.
 */
export async function updatePost(
  db: Database,
  id: number,
  input: BlogUpdate & PublishingFields & { expectedVersion?: number | undefined },
  authorId: number,
  now: Date,
  options: { revision: boolean; draftOnly?: boolean } = { revision: true },
): Promise<PostRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!existing) throw notFound(BLOG_MESSAGES.notFound);
    if (input.expectedVersion !== undefined && input.expectedVersion !== existing.version)
      throw conflict(await conflictMessage(tx, existing));
    if (options.draftOnly && existing.status !== 'draft') throw badRequest('Only a draft saves itself');
    const wordsBefore = await countedWords(tx, [id]);
    const { title, content } = await cleanPostFields(tx, {
      title: input.title ?? existing.title,
      content: input.content ?? existing.content,
    });
    let slug = existing.slug;
    if (input.slug !== undefined && input.slug !== existing.slug) {
      await moveSlug(tx, id, existing.slug, input.slug);
      slug = input.slug;
    }
    const { status, publishedAt } = options.draftOnly
      ? { status: 'draft' as const, publishedAt: null }
      : publicationOf(existing, input, now);
    const approving = existing.review !== null && status !== 'draft';
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
        // Published or scheduled while in review: the review is over (review.ts).
        ...(approving ? { review: null, reviewNote: null } : {}),
      })
      .where(eq(blogPosts.id, id));
    if (input.tags !== undefined) await setPostTags(tx, id, input.tags);
    if (input.authorIds !== undefined) await setPostAuthors(tx, id, input.authorIds);
    else if (input.category !== undefined) await refreshTagColumns(tx, [id]);
    const [saved] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (options.revision)
      await writeRevision(tx, saved!, authorId, now, approving ? { step: 'approved' } : null);
    await moveWordCounts(tx, wordsBefore, await countedWords(tx, [id]));
    return saved!;
  });
}

/** A draft's autosave: the fields only, no revision; answers what the editor needs next. */
export async function autosavePost(
  db: Database,
  id: number,
  input: BlogUpdate & PublishingFields & { expectedVersion?: number | undefined },
  authorId: number,
  now: Date,
) {
  const row = await updatePost(db, id, input, authorId, now, { revision: false, draftOnly: true });
  return { id: row.id, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/** Makes a revision the post again: a save like any other, so it writes a revision too. */
export async function restoreRevision(
  db: Database,
  postId: number,
  revisionId: number,
  authorId: number,
  now: Date,
): Promise<AdminBlogPost> {
  const revision = await getRevision(db, revisionId);
  if (revision.postId !== postId) throw notFound('No such revision');
  const row = await updatePost(
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
