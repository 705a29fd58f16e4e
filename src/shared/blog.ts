// Blog posts (SPEC section 3). Content is HTML, sanitised by the server before it is stored.
export const BLOG_MESSAGES = {
  missingFields: 'Missing required fields - Title and content are required',
  notFound: 'Blog post not found',
  badImageUrl: 'The image must be one uploaded to this site',
} as const;

export const BLOG_AUTHOR_LABEL = 'Herts Local Media Team';

export type { BlogFields, BlogPost, BlogUpdate } from './blog.schema';
