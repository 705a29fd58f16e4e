import { z } from 'zod';
import { ADMIN_SEARCH_MAX } from './admin';
import { BLOG_LIMITS, BLOG_MESSAGES } from './blog';
import { BLOG_POST_STATUSES, BLOG_SLUG_MAX, REVIEW_STATES } from './blog-publishing';
import {
  cursorFields,
  cursorPageFields,
  optionalFilter,
  pageField,
  pageSizeField,
  searchField,
} from './paging.schema';

// The Zod schemas of blog posts (the server validates with them); blog.ts keeps what pages need.
export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  /** ISO date-time when published; null means Draft. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** A path on this site (an upload or a file in public/): never another host. */
const localImageUrl = z
  .string()
  .trim()
  .max(BLOG_LIMITS.imageUrl)
  .refine((v) => v === '' || /^\/(?!\/)[\w\-./]+$/.test(v), BLOG_MESSAGES.badImageUrl);

export const blogFieldsSchema = z.object({
  title: z.string().max(BLOG_LIMITS.title),
  content: z.string().max(BLOG_LIMITS.content),
  excerpt: z.string().max(BLOG_LIMITS.excerpt).optional(),
  category: z.string().max(BLOG_LIMITS.category).optional(),
  imageUrl: localImageUrl.nullable().optional(),
  /** true publishes now (keeping an earlier date), false takes the post back to Draft. */
  published: z.boolean().optional(),
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

export const blogUpdateSchema = blogFieldsSchema.partial();
export type BlogUpdate = z.infer<typeof blogUpdateSchema>;

export const blogIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Posts per page of /blog, and the default page size of GET /api/blog. */
export const BLOG_PAGE_SIZE = 12;
/** The most posts one GET /api/blog answer carries. */
export const BLOG_LIMIT_MAX = 50;
const categoryField = optionalFilter(
  z.string().trim().max(BLOG_LIMITS.category, `category must be at most ${BLOG_LIMITS.category} characters`),
);

/** GET /api/blog: one page of published posts, newest first, optionally of one category. */
export const blogListInputSchema = z.object({
  page: pageField,
  limit: pageSizeField('limit', BLOG_LIMIT_MAX, BLOG_PAGE_SIZE),
  category: categoryField,
});
export type BlogListInput = z.input<typeof blogListInputSchema>;

/** A post as a list shows it: everything but the content. */
export const blogSummarySchema = blogPostSchema.omit({ content: true });
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** What /blog renders: one page of summaries, the total, and the categories to filter by. */
export const blogPageInputSchema = z.object({ page: pageField, category: categoryField });
export const blogPageSchema = z.object({
  items: z.array(blogSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  categories: z.array(z.string()),
});
export type BlogPage = z.infer<typeof blogPageSchema>;

/** Published or Draft: the admin list's filter. */
export const BLOG_STATUSES = ['published', 'draft'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
/** Rows of the admin's posts list per page. */
export const ADMIN_BLOG_PAGE_SIZE = 20;

const adminFilterFields = {
  /** Searched in title, excerpt and category, ignoring case. */
  q: searchField(ADMIN_SEARCH_MAX),
  status: optionalFilter(z.enum(BLOG_POST_STATUSES, 'status must be published, draft or scheduled')),
  /** The posts carrying the tag at this address (its slug). */
  tag: optionalFilter(
    z.string().trim().max(BLOG_SLUG_MAX, `tag must be at most ${BLOG_SLUG_MAX} characters`),
  ),
  /** Editorial review: submitted (the editors' queue) or returned. */
  review: optionalFilter(z.enum(REVIEW_STATES, 'review must be submitted or returned')),
};

/** GET /api/admin/blogs: one page of every post (drafts included), newest first, as full posts. */
export const adminBlogListInputSchema = z.object({
  page: pageField,
  limit: pageSizeField('limit', BLOG_LIMIT_MAX, ADMIN_BLOG_PAGE_SIZE),
  ...adminFilterFields,
});
export type AdminBlogListInput = z.infer<typeof adminBlogListInputSchema>;

/** The admin screen's list: rows without content, the total for the pager. */
export const adminBlogPageInputSchema = z.object({
  page: pageField,
  pageSize: pageSizeField('pageSize', BLOG_LIMIT_MAX, ADMIN_BLOG_PAGE_SIZE),
  ...adminFilterFields,
  ...cursorFields,
});
export const blogTagSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type BlogTag = z.infer<typeof blogTagSchema>;
/** A row of the admin's posts list: the summary and the post's tags, in their order. */
export const adminBlogSummarySchema = blogSummarySchema.extend({
  tags: z.array(blogTagSchema),
  /** Editorial review: submitted (waiting for an editor), returned, or null. */
  review: z.enum(REVIEW_STATES).nullable(),
});
export type AdminBlogSummary = z.infer<typeof adminBlogSummarySchema>;
export const adminBlogPageSchema = z.object({
  items: z.array(adminBlogSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...cursorPageFields,
});
