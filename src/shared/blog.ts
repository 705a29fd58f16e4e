// Blog posts. Content is HTML, sanitised by the server before it is stored.
export const BLOG_MESSAGES = {
  missingFields: 'Missing required fields - Title and content are required',
  notFound: 'Blog post not found',
  badImageUrl: 'The image must be one uploaded to this site',
} as const;

/** The longest of each field the admin's form and POST/PATCH /api/admin/blogs accept. */
export const BLOG_LIMITS = {
  title: 200,
  content: 200_000,
  excerpt: 1000,
  category: 60,
  imageUrl: 300,
} as const;

export const BLOG_AUTHOR_LABEL = 'Herts Local Media Team';

/** The address of one page of /blog: crawlable, the same on the server and in the browser. */
export function blogPageHref(page: number, category?: string): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/blog?${text}` : '/blog';
}

/** /blog's query string as a page and a category; null for a page that is not a whole number from 1. */
export function parseBlogSearch(search: string): { page: number; category?: string } | null {
  const query = new URLSearchParams(search);
  const rawPage = query.get('page');
  const page = rawPage === null ? 1 : /^[1-9]\d{0,4}$/.test(rawPage) ? Number(rawPage) : null;
  if (page === null) return null;
  const category = query.get('category')?.trim().slice(0, BLOG_LIMITS.category);
  return category ? { page, category } : { page };
}

/**
 * The elements a post's HTML may hold: what the admin's editor makes. The server's sanitiser allows
 * these and no others; the editor's view of a revision's changes shows these (less links and images).
 */
export const POST_HTML_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'img',
  'hr',
  'code',
  'pre',
] as const;
