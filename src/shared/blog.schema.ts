import { z } from 'zod';
import { BLOG_MESSAGES } from './blog';

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
  .max(300)
  .refine((v) => v === '' || /^\/(?!\/)[\w\-./]+$/.test(v), BLOG_MESSAGES.badImageUrl);

export const blogFieldsSchema = z.object({
  title: z.string().max(200),
  content: z.string().max(200_000),
  excerpt: z.string().max(1000).optional(),
  category: z.string().max(60).optional(),
  imageUrl: localImageUrl.nullable().optional(),
  /** true publishes now (keeping an earlier date), false takes the post back to Draft. */
  published: z.boolean().optional(),
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

export const blogUpdateSchema = blogFieldsSchema.partial();
export type BlogUpdate = z.infer<typeof blogUpdateSchema>;

export const blogIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
