import { z } from 'zod';
import { BLOG_LIMITS } from './blog';
import { blogPostSchema, blogSummarySchema } from './blog.schema';
import { optionalFilter, pageField, pageSizeField, searchField } from './paging.schema';

// What a publisher runs a blog with: slugs, tags, search, scheduled publishing, revisions, autosave
// and the search-and-sharing fields of a post. The editor and the server read these schemas, limits
// and helpers from here, so a slug or a limit means the same on both sides.

// --- Status -------------------------------------------------------------------------------------

/** Draft (admins only), scheduled (goes out by itself at publishedAt) or published. */
export const BLOG_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogPostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

// --- Slugs --------------------------------------------------------------------------------------

export const BLOG_SLUG_MAX = 120;

/**
 * A post's or a tag's address word: lower case letters, digits and single hyphens, accents dropped
 * ('Café & Cake Day!' -> 'cafe-cake-day'). Never all digits: /blog/42 is a post's id.
 */
export function slugify(text: string, max = BLOG_SLUG_MAX): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return /^\d+$/.test(slug) ? `post-${slug}` : slug;
}

const slugField = z
  .string()
  .trim()
  .max(BLOG_SLUG_MAX, `The address must be at most ${BLOG_SLUG_MAX} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The address may use lower-case letters, digits and single hyphens')
  .refine((s) => !/^\d+$/.test(s), 'The address needs a letter (a number alone is a post id)');

// --- Tags ---------------------------------------------------------------------------------------

export const BLOG_TAG_LIMITS = { name: 50, perPost: 20 } as const;
export const blogTagSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type BlogTag = z.infer<typeof blogTagSchema>;
export const adminBlogTagSchema = blogTagSchema.extend({ postCount: z.number().int() });
export type AdminBlogTag = z.infer<typeof adminBlogTagSchema>;
export const tagNameField = z
  .string()
  .trim()
  .min(1, 'A tag needs a name')
  .max(BLOG_TAG_LIMITS.name, `A tag is at most ${BLOG_TAG_LIMITS.name} characters`);

// --- Search and sharing -------------------------------------------------------------------------

export const BLOG_SEO_LIMITS = {
  metaTitle: 120,
  metaDescription: 320,
  socialDescription: 320,
  canonicalUrl: 500,
  /** What search engines show before they cut the title or the description off. */
  recommendedTitle: 60,
  recommendedDescription: 160,
} as const;

// --- Reading time -------------------------------------------------------------------------------

/** An adult's steady reading pace, the figure most blogs use. */
export const WORDS_PER_MINUTE = 200;

/** Minutes to read a post's HTML: its words at WORDS_PER_MINUTE, at least one. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** '3 min read'. */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

// --- Addresses ----------------------------------------------------------------------------------

/** A post's canonical address. */
export function blogPostHref(post: { slug: string }): string {
  return `/blog/${post.slug}`;
}

/** A page of a tag's posts. */
export function blogTagHref(slug: string, page = 1): string {
  return page > 1 ? `/blog/tag/${slug}?page=${page}` : `/blog/tag/${slug}`;
}

/** The longest search the box and the server take. */
export const BLOG_SEARCH_MAX = 100;

/** A page of search results. */
export function blogSearchHref(q: string, page = 1): string {
  const query = new URLSearchParams({ q });
  if (page > 1) query.set('page', String(page));
  return `/search?${query.toString()}`;
}

/** /search's query string: the words (trimmed, at most BLOG_SEARCH_MAX) and the page (1 if not a page number). */
export function parseBlogSearchQuery(search: string): { q: string; page: number } {
  const query = new URLSearchParams(search);
  const q = (query.get('q') ?? '').trim().slice(0, BLOG_SEARCH_MAX);
  const rawPage = query.get('page');
  const page = rawPage && /^[1-9]\d{0,4}$/.test(rawPage) ? Number(rawPage) : 1;
  return { q, page };
}

// --- Posts as the editor and the public pages see them -------------------------------------------

const nullableText = (max: number) => z.string().trim().max(max).nullable().optional();

/** What a create or an update may set besides the fields every post has (blogFieldsSchema). */
export const publishingFieldsSchema = z.object({
  /** Made from the title when left out. */
  slug: slugField.optional(),
  /** Tag names; a name not in use yet makes a new tag. */
  tags: z
    .array(tagNameField)
    .max(BLOG_TAG_LIMITS.perPost, `At most ${BLOG_TAG_LIMITS.perPost} tags`)
    .optional(),
  status: z.enum(BLOG_POST_STATUSES).optional(),
  /** When a scheduled post goes out (an instant; the editor converts UK time). */
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
  metaTitle: z.string().trim().max(BLOG_SEO_LIMITS.metaTitle).optional(),
  metaDescription: z.string().trim().max(BLOG_SEO_LIMITS.metaDescription).optional(),
  socialImageUrl: nullableText(BLOG_LIMITS.imageUrl),
  socialDescription: z.string().trim().max(BLOG_SEO_LIMITS.socialDescription).optional(),
  canonicalUrl: z
    .string()
    .trim()
    .max(BLOG_SEO_LIMITS.canonicalUrl)
    .regex(/^https?:\/\/\S+$/, 'The canonical address must start with https:// or http://')
    .nullable()
    .optional(),
  noIndex: z.boolean().optional(),
});

/** A post as the admin's editor loads it. */
export const adminBlogPostSchema = blogPostSchema.extend({
  slug: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  tags: z.array(blogTagSchema),
  metaTitle: z.string(),
  metaDescription: z.string(),
  socialImageUrl: z.string().nullable(),
  socialDescription: z.string(),
  canonicalUrl: z.string().nullable(),
  noIndex: z.boolean(),
  readingMinutes: z.number().int(),
  /** Goes up by one at every save: an update naming an older one is refused (409). */
  version: z.number().int(),
  updatedByName: z.string().nullable(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

/** A post in a list (public or the admin's): no content. */
export const publishedSummarySchema = blogSummarySchema.extend({
  slug: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  readingMinutes: z.number().int(),
  tags: z.array(blogTagSchema),
});
export type PublishedSummary = z.infer<typeof publishedSummarySchema>;

/** A published post on its page: the post, its tags, reading time and three related posts. */
export const publicBlogPostSchema = blogPostSchema.extend({
  slug: z.string(),
  tags: z.array(blogTagSchema),
  readingMinutes: z.number().int(),
  related: z.array(publishedSummarySchema),
});
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;

// --- Slug check, autosave, conflicts ---------------------------------------------------------------

export const slugAvailableInputSchema = z.object({
  slug: z.string().trim().max(BLOG_SLUG_MAX),
  id: z.number().int().optional(),
});
export const slugAvailableSchema = z.object({ available: z.boolean(), suggestion: z.string().optional() });

/** What a save answers: enough for the editor to carry on (the next expectedVersion). */
export const savedPostSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});

// --- Revisions ----------------------------------------------------------------------------------

export const revisionRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  authorName: z.string().nullable(),
  title: z.string(),
});
export type RevisionRow = z.infer<typeof revisionRowSchema>;
export const revisionSchema = revisionRowSchema.extend({
  postId: z.number().int(),
  excerpt: z.string(),
  content: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  socialImageUrl: z.string().nullable(),
  socialDescription: z.string(),
  canonicalUrl: z.string().nullable(),
  noIndex: z.boolean(),
});
export type Revision = z.infer<typeof revisionSchema>;
export const REVISIONS_PAGE_SIZE = 10;
export const revisionsInputSchema = z.object({
  postId: z.number().int(),
  page: pageField,
  pageSize: pageSizeField('pageSize', 50, REVISIONS_PAGE_SIZE),
});

// --- Tag pages, the tags admin, search --------------------------------------------------------------

export const TAGS_ADMIN_PAGE_SIZE = 20;
export const adminTagsInputSchema = z.object({
  page: pageField,
  pageSize: pageSizeField('pageSize', 50, TAGS_ADMIN_PAGE_SIZE),
  q: searchField(BLOG_TAG_LIMITS.name),
});

export const tagPageInputSchema = z.object({ slug: z.string().trim().max(BLOG_SLUG_MAX), page: pageField });
export const tagPageSchema = z.object({
  tag: blogTagSchema,
  items: z.array(publishedSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A piece of a result's title or snippet, and whether it matched the words searched for. */
export const highlightPartSchema = z.object({ text: z.string(), match: z.boolean() });
export const blogSearchInputSchema = z.object({
  q: optionalFilter(
    z.string().trim().max(BLOG_SEARCH_MAX, `q must be at most ${BLOG_SEARCH_MAX} characters`),
  ),
  page: pageField,
});
export const blogSearchHitSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  publishedAt: z.string().nullable(),
  titleParts: z.array(highlightPartSchema),
  snippetParts: z.array(highlightPartSchema),
});
export type BlogSearchHit = z.infer<typeof blogSearchHitSchema>;
export const blogSearchPageSchema = z.object({
  items: z.array(blogSearchHitSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
