// What a publisher runs a blog with: slugs, tags, search, scheduled publishing, revisions, autosave
// and the search-and-sharing fields of a post. The editor, the public pages and the server read these
// limits and helpers from here, so a slug or a limit means the same everywhere; their Zod schemas are
// in blog-publishing.schema.ts (kept apart so that the public pages' script carries no Zod).

import { SLUG_MAX, slugify } from './slug';

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

export const BLOG_SLUG_MAX = SLUG_MAX;

export { slugify };

// --- Tags ---------------------------------------------------------------------------------------

export const BLOG_TAG_LIMITS = { name: 50, perPost: 20, description: 500 } as const;
/** The most people one post's byline names. */
export const BLOG_AUTHORS_MAX = 5;
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

/** A tag's RSS feed. */
export function blogTagFeedHref(slug: string): string {
  return `/blog/tag/${slug}/rss.xml`;
}

/** A page of an author's posts. */
export function authorHref(slug: string, page = 1): string {
  return page > 1 ? `/author/${slug}?page=${page}` : `/author/${slug}`;
}

/** An author's RSS feed. */
export function authorFeedHref(slug: string): string {
  return `/author/${slug}/rss.xml`;
}

/** 'Priya Patel', 'Priya Patel and Tom Hughes', 'A, B and C': a byline's names. */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** '1 post', '12 posts'. */
export function postCountText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'post' : 'posts'}`;
}

/** The longest search the box and the server take. */
export const BLOG_SEARCH_MAX = 100;

/** How far a search counts its matches: past it, the answer says more than this many match. */
export const BLOG_SEARCH_TOTAL_MAX = 1000;

/** What /search says of how many posts match the words: "More than 1,000 ..." when counting stopped there. */
export function searchCountText(result: { total: number; moreThanTotal?: boolean }, q: string): string {
  const count = result.total.toLocaleString('en-GB');
  if (result.moreThanTotal) return `More than ${count} posts match “${q}”`;
  return `${count} ${result.total === 1 ? 'post matches' : 'posts match'} “${q}”`;
}

/** What /search shows a visitor over the search limit (429) instead of results. */
export const BLOG_SEARCH_BUSY_MESSAGE =
  'You have searched a lot in the last minute. Please wait a minute, then search again.';

/**
 * Whether a search was refused for now (429): the procedure's error while the server renders the
 * page, as the page's data carries it, or the client's error after a search in the browser.
 */
export function isSearchRefusedForNow(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, data } = error as { code?: unknown; data?: { httpStatus?: unknown } | null };
  return code === 'TOO_MANY_REQUESTS' || data?.httpStatus === 429;
}

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

/** Editorial review: a drafts-only writer submits a draft; an editor returns it with a note or approves it. */
export const REVIEW_STATES = ['submitted', 'returned'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STEPS = ['submitted', 'returned', 'approved'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];
export const REVIEW_STEP_LABELS: Record<ReviewStep, string> = {
  submitted: 'Submitted for review',
  returned: 'Returned with a note',
  approved: 'Approved',
};
export const REVIEW_NOTE_MAX = 2000;
export const REVIEW_MESSAGES = {
  submitted: 'Submitted: the editors have been told.',
  returned: 'Returned to the writer with your note.',
  notADraft: 'Only a draft can be submitted for review.',
  notSubmitted: 'Only a post waiting for review can be returned.',
} as const;
