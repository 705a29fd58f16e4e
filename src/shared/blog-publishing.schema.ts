import { z } from 'zod';
import { BLOG_LIMITS } from './blog';
import {
  BLOG_AUTHORS_MAX,
  BLOG_POST_STATUSES,
  BLOG_SEARCH_MAX,
  BLOG_SEO_LIMITS,
  BLOG_SLUG_MAX,
  BLOG_TAG_LIMITS,
  REVIEW_NOTE_MAX,
  REVIEW_STATES,
  REVIEW_STEPS,
} from './blog-publishing';
import {
  blogPageSchema,
  blogPostSchema,
  blogSummarySchema,
  blogTagSchema,
  type BlogTag,
} from './blog.schema';
import { slugField } from './slug';
import { staffRoleSchema } from './staff';
import { optionalFilter, pageField, pageSizeField, searchField } from './paging.schema';

// The Zod schemas of the publisher's blog (blog-publishing.ts keeps the limits and helpers pages need).

// --- Tags ---

export { blogTagSchema, type BlogTag };
/** A tag with what its page shows: a description, and its title and description for search engines. */
export const tagDetailsSchema = blogTagSchema.extend({
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
});
export type TagDetails = z.infer<typeof tagDetailsSchema>;
export const adminBlogTagSchema = tagDetailsSchema.extend({
  /** Every post that carries the tag: drafts and scheduled posts too (what deleting it touches). */
  postCount: z.number().int(),
  /** The posts its public page lists: those published by now. */
  publishedCount: z.number().int(),
});
export type AdminBlogTag = z.infer<typeof adminBlogTagSchema>;
export const tagNameField = z
  .string()
  .trim()
  .min(1, 'A tag needs a name')
  .max(BLOG_TAG_LIMITS.name, `A tag is at most ${BLOG_TAG_LIMITS.name} characters`);
/** PATCH /admin/blog-tags/{id}: any of the name, the description and the search fields. */
export const tagUpdateSchema = z.object({
  name: tagNameField.optional(),
  description: z
    .string()
    .trim()
    .max(BLOG_TAG_LIMITS.description, `A description is at most ${BLOG_TAG_LIMITS.description} characters`)
    .optional(),
  metaTitle: z
    .string()
    .trim()
    .max(BLOG_SEO_LIMITS.metaTitle, `The meta title is at most ${BLOG_SEO_LIMITS.metaTitle} characters`)
    .optional(),
  metaDescription: z
    .string()
    .trim()
    .max(
      BLOG_SEO_LIMITS.metaDescription,
      `The meta description is at most ${BLOG_SEO_LIMITS.metaDescription} characters`,
    )
    .optional(),
});
export type TagUpdate = z.infer<typeof tagUpdateSchema>;

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
  /**
   * Who the post is by, in byline order: the first is the one whose post it is. Only an editor (or
   * above) chooses; a new post left without it is its maker's.
   */
  authorIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'A post needs an author')
    .max(BLOG_AUTHORS_MAX, `At most ${BLOG_AUTHORS_MAX} authors`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each author once')
    .optional(),
});

// --- Authors ------------------------------------------------------------------------------------

/** A post's author as the byline shows them, linking to their page (authorHref). */
export const postAuthorSchema = z.object({
  name: z.string(),
  slug: z.string(),
  photoUrl: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/** A post's author in the admin: who they are among the staff. */
export const adminPostAuthorSchema = postAuthorSchema.extend({ id: z.number().int() });
export type AdminPostAuthor = z.infer<typeof adminPostAuthorSchema>;

/** Someone an editor may name as a post's author (staff who write). */
export const authorChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: staffRoleSchema,
});

export const authorPageInputSchema = z.object({
  slug: z.string().trim().max(BLOG_SLUG_MAX),
  page: pageField,
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
  /** Who saved it last, so an editor can tell "you, in another tab" from another admin. */
  updatedById: z.number().int().nullable(),
  /** Whose post it is (the first author; null only on a blog with no owner yet). */
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  /** Everyone the byline names, the first author first. */
  authors: z.array(adminPostAuthorSchema),
  /** Editorial review: submitted (waiting for an editor), returned (with reviewNote), or null. */
  review: z.enum(REVIEW_STATES).nullable(),
  reviewNote: z.string().nullable(),
});

export const returnPostInputSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  note: z.string().trim().min(1, 'Say what to change').max(REVIEW_NOTE_MAX),
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

/** One page of /blog (GET /api/blog/pages): each row also carries its address word, reading time and tags. */
export const publicBlogPageSchema = blogPageSchema.extend({ items: z.array(publishedSummarySchema) });

/** A published post on its page: the post, its tags, reading time and three related posts. */
export const publicBlogPostSchema = blogPostSchema.extend({
  slug: z.string(),
  /** Who wrote it, in byline order; empty only on a blog with no staff yet. */
  authors: z.array(postAuthorSchema),
  tags: z.array(blogTagSchema),
  readingMinutes: z.number().int(),
  related: z.array(publishedSummarySchema),
  /** How the post looks in search results and when shared, defaults filled in (title, excerpt, image). */
  seo: z.object({
    title: z.string(),
    description: z.string(),
    socialImageUrl: z.string().nullable(),
    socialDescription: z.string(),
    /** An override of the post's own address, or null. */
    canonicalUrl: z.string().nullable(),
    noIndex: z.boolean(),
  }),
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
  /** The step of editorial review this save was (submitted, returned, approved), or null. */
  step: z.enum(REVIEW_STEPS).nullable(),
  /** The note that came with it (an editor's, returning the draft). */
  note: z.string().nullable(),
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
  tag: tagDetailsSchema,
  items: z.array(publishedSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** /author/<slug>: the author, and one page of their published posts, newest first. */
export const authorPageSchema = z.object({
  author: postAuthorSchema.extend({ bio: z.string() }),
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
  /** How many posts match, counted up to BLOG_SEARCH_TOTAL_MAX (then moreThanTotal). */
  total: z.number().int(),
  /** True when more posts match than total says: counting stopped there. Absent otherwise. */
  moreThanTotal: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
