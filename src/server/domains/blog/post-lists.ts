import { and, count, desc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import {
  containsPattern,
  CURSOR_KEY,
  keysetOf,
  pageOffset,
  type CursorPage,
  type CursorRequest,
  type Page,
} from '../../platform/paging';
import { readingMinutes, type BlogPostStatus, type ReviewState } from '../../../shared/blog-publishing';
import type { BlogTag } from '../../../shared/blog-publishing.schema';
import type { AdminBlogSummary, BlogPost, BlogSummary } from '../../../shared/blog.schema';
import { fromPageStart, pageStartsOf, type PageStart } from './memory';
import { statusOf } from './schedule';
import { blogPosts, postTags, tags, type Db, type PostRow } from './tables';
import { tagsOfPosts } from './tags';

// The lists of posts: /blog's pages and categories, the admin's lists, and the sitemap's; each page
// a bounded query on an index (tests/api/query-plans.test.ts reads their plans).

/** A stored post as every answer carries it; the editor's, the cards' and a post page's add their fields. */
export function toPost(row: PostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    imageUrl: row.imageUrl,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** At most this many categories are offered as filters (they are few; a bound all the same). */
const CATEGORY_MAX = 50;

/**
 * What visitors may see: published, or scheduled and due. A draft's published_at is null and a
 * scheduled post's is its go-out time, so one range test on the published index covers both, and a
 * late flip job never shows a post early or late.
 */
export const visibleNow = () => sql`${blogPosts.publishedAt} <= now()`;

function publishedWhere(category: string | undefined): SQL {
  const published = visibleNow();
  return category ? and(published, eq(blogPosts.category, category))! : published;
}

export interface PublishedFilter {
  page: number;
  pageSize: number;
  category?: string | undefined;
}

/** Newest first; the id breaks ties, so a page boundary never repeats or skips a post. */
export const publishedOrder = [desc(blogPosts.publishedAt), desc(blogPosts.id)];
const adminOrder = [desc(blogPosts.createdAt), desc(blogPosts.id)];
/** The same order for the admin screen's list read by position. */
const adminKeyset = keysetOf([blogPosts.createdAt, blogPosts.id]);

/**
 * A page of a published list as its rows' query needs it: where it starts (null past the end) and
 * the list's size, both from memory, so page 500 is one seek like page 1 and no page counts.
 */
async function publishedPage(
  db: Database,
  f: PublishedFilter,
): Promise<{ start: PageStart | null; total: number }> {
  const { starts, total } = await pageStartsOf(
    db,
    `category ${f.category ?? ''}`,
    f.pageSize,
    publishedWhere(f.category),
  );
  return { start: starts[f.page - 1] ?? null, total };
}

/** Where a page of a published list starts (null past the end): for the plans' tests. */
export async function publishedPageStart(db: Database, f: PublishedFilter): Promise<PageStart | null> {
  return (await publishedPage(db, f)).start;
}

/** One page of published posts, newest first: what visitors see. The total is of the same filter. */
export async function listPublishedPosts(db: Database, filter: PublishedFilter): Promise<Page<BlogPost>> {
  const { start, total } = await publishedPage(db, filter);
  const rows = start ? await postListQueries.publishedPosts(db, filter, start) : [];
  return { items: rows.map(toPost), total, page: filter.page, pageSize: filter.pageSize };
}

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  imageUrl: blogPosts.imageUrl,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

export function toSummary(row: { [K in keyof typeof summaryColumns]: PostRow[K] }): BlogSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    imageUrl: row.imageUrl,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page of /blog: published posts without their content, newest first. */
export async function listPublishedSummaries(
  db: Database,
  filter: PublishedFilter,
): Promise<Page<BlogSummary>> {
  const { start, total } = await publishedPage(db, filter);
  const rows = start ? await postListQueries.publishedSummaries(db, filter, start) : [];
  return { items: rows.map(toSummary), total, page: filter.page, pageSize: filter.pageSize };
}

/** The categories of published posts, A to Z: the filters /blog offers. */
export async function listPublishedCategories(db: Database): Promise<string[]> {
  const result = (await db.execute(postListQueries.categories())) as unknown as {
    rows: Array<{ category: string }>;
  };
  return result.rows.map((r) => r.category);
}

export interface AdminPostFilter {
  page: number;
  pageSize: number;
  /** Searched in title, excerpt and category, ignoring case. */
  q?: string | undefined;
  status?: BlogPostStatus | undefined;
  /** A tag's address: only the posts that carry it. */
  tag?: string | undefined;
  /** Only this author's posts (a writer who may not see everyone's). */
  authorId?: number | undefined;
  /** Only the posts in this state of editorial review. */
  review?: ReviewState | undefined;
}

/** The posts carrying the tag at this address: one probe of post_tags_tag_idx per post read. */
function taggedWith(db: Database, slug: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(and(eq(postTags.postId, blogPosts.id), eq(tags.slug, slug))),
  );
}

function adminWhere(db: Database, filter: AdminPostFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // From published_at, which is what visitors' queries read (a due scheduled post is published).
  if (filter.status === 'published') conditions.push(visibleNow());
  if (filter.status === 'draft') conditions.push(isNull(blogPosts.publishedAt));
  if (filter.status === 'scheduled') conditions.push(sql`${blogPosts.publishedAt} > now()`);
  if (filter.tag) conditions.push(taggedWith(db, filter.tag));
  if (filter.authorId !== undefined) conditions.push(eq(blogPosts.authorId, filter.authorId));
  if (filter.review) conditions.push(eq(blogPosts.review, filter.review));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(blogPosts.title, pattern),
        ilike(blogPosts.excerpt, pattern),
        ilike(blogPosts.category, pattern),
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of every post, drafts included, newest first (GET /api/admin/blogs: full posts). */
export async function listAllPosts(db: Database, filter: AdminPostFilter): Promise<Page<BlogPost>> {
  const [rows, [counted]] = await Promise.all([
    postListQueries.adminPosts(db, filter),
    postListQueries.adminCount(db, filter),
  ]);
  return {
    items: rows.map(toPost),
    total: counted?.total ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * The admin screen's list: the same page as rows without content, read by position after or
 * before a row's cursor (blog_posts_created_idx), so a deep page costs what the first does.
 */
export async function listPostSummaries(
  db: Database,
  filter: AdminPostFilter & CursorRequest,
): Promise<CursorPage<AdminBlogSummary>> {
  const read = adminKeyset.read(filter);
  const [rows, [counted]] = await Promise.all([
    postListQueries.adminSummaries(db, filter, read),
    postListQueries.adminCount(db, filter),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  // The page's rows' tags in one read: the list shows them and filters by them.
  const tagMap = await tagsOfPosts(
    db,
    page.map(({ row }) => row.id),
  );
  return {
    ...cursors,
    items: page.map(({ row, review }) => ({ ...toSummary(row), tags: tagMap.get(row.id) ?? [], review })),
    total: counted?.total ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * The queries of the post lists, built but not run: the functions above run them, and
 * tests/api/query-plans.test.ts reads their plans at 10,000 posts (each must use an index).
 */
export const postListQueries = {
  // A published page is read from its first post (publishedPage), by the list's index: no offset.
  publishedPosts: (db: Database, f: PublishedFilter, start: PageStart) =>
    db
      .select()
      .from(blogPosts)
      .where(and(publishedWhere(f.category), fromPageStart(start)))
      .orderBy(...publishedOrder)
      .limit(f.pageSize),
  publishedSummaries: (db: Database, f: PublishedFilter, start: PageStart) =>
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(and(publishedWhere(f.category), fromPageStart(start)))
      .orderBy(...publishedOrder)
      .limit(f.pageSize),
  publishedCount: (db: Database, f: PublishedFilter) =>
    db.select({ total: count() }).from(blogPosts).where(publishedWhere(f.category)),
  // The distinct categories by a loose index scan: one step of blog_posts_category_idx per category,
  // so the cost follows the number of categories, not of posts (a DISTINCT reads every post).
  categories: () =>
    sql`
      with recursive found(category) as (
        (select ${blogPosts.category} from ${blogPosts}
          where ${blogPosts.category} > '' and ${blogPosts.publishedAt} <= now()
          order by ${blogPosts.category} limit 1)
        union all
        select (select b.category from ${blogPosts} b
                 where b.category > found.category and b.published_at <= now()
                 order by b.category limit 1)
          from found where found.category is not null
      )
      select category from found where category is not null limit ${CATEGORY_MAX}`,
  adminPosts: (db: Database, f: AdminPostFilter) =>
    db
      .select()
      .from(blogPosts)
      .where(adminWhere(db, f))
      .orderBy(...adminOrder)
      .limit(f.pageSize)
      .offset(pageOffset(f.page, f.pageSize)),
  adminSummaries: (db: Database, f: AdminPostFilter & CursorRequest, read = adminKeyset.read(f)) =>
    db
      .select({ row: summaryColumns, review: blogPosts.review, [CURSOR_KEY]: read.key })
      .from(blogPosts)
      .where(and(adminWhere(db, f), read.where))
      .orderBy(...read.orderBy)
      .limit(read.limit)
      .offset(read.offset),
  adminCount: (db: Database, f: AdminPostFilter) =>
    db.select({ total: count() }).from(blogPosts).where(adminWhere(db, f)),
};

const summaryOf = (row: PostRow, tagList: BlogTag[]) => ({
  ...toSummary(row),
  slug: row.slug,
  status: statusOf(row),
  readingMinutes: readingMinutes(row.contentText),
  tags: tagList,
});

/** Posts as their cards show them: the summary with the address word, status, reading time and tags. */
/**
 * One page of a list of visible posts (`where` picks them; `list` names it in memory), newest first:
 * the page's rows from where it starts, so a deep page is one seek like the first, and the list's size.
 */
export async function pageOfList(
  db: Database,
  list: string,
  pageSize: number,
  where: SQL,
  page: number,
): Promise<{ rows: PostRow[]; total: number }> {
  const { starts, total } = await pageStartsOf(db, list, pageSize, where);
  const start = starts[page - 1];
  const rows = start
    ? await db
        .select()
        .from(blogPosts)
        .where(and(where, fromPageStart(start)))
        .orderBy(...publishedOrder)
        .limit(pageSize)
    : [];
  return { rows, total };
}

export async function cardsOf(db: Db, rows: PostRow[]) {
  const tagMap = await tagsOfPosts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => summaryOf(r, tagMap.get(r.id) ?? []));
}

/**
 * One page of /blog as its cards need it: the summaries above with each post's address word,
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

/** How many posts are published (the sitemap's size). */
export async function countPublishedPosts(db: Database): Promise<number> {
  const [row] = await postListQueries.publishedCount(db, { page: 1, pageSize: 1 });
  return row?.total ?? 0;
}

/** Ids and last changes of published posts, newest first, for the sitemap: no content read. */
export async function listPublishedPostDates(
  db: Database,
  offset: number,
  limit: number,
): Promise<Array<{ id: number; slug: string; updatedAt: Date }>> {
  return db
    .select({ id: blogPosts.id, slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(and(visibleNow(), eq(blogPosts.noIndex, false)))
    .orderBy(...publishedOrder)
    .limit(limit)
    .offset(offset);
}
