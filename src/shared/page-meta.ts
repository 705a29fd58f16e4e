import { BUSINESS } from './business';

// What goes into a page's head. Each route's own title and description are in its entry of the
// route table (routes.ts); the server writes them into the HTML, and the client updates the title
// when it navigates.
export interface PageMeta {
  title: string;
  description: string;
}

const SUFFIX = ` | ${BUSINESS.name}`;

/** An address as structured data needs it: a path on this site with the site's public address before it. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url}`;
}

/** A page's title with the business's name after it: 'Blog | Herts Local Media', a post's title too. */
export function siteTitle(name: string): string {
  return `${name}${SUFFIX}`;
}

export const NOT_FOUND_META: PageMeta = {
  title: siteTitle('Page not found'),
  description: 'The page you asked for is not here.',
};

/**
 * What a page's prefetch learnt for its head while it loaded the page's data on the server
 * (`pages/<Name>.data.ts`); whatever it leaves out comes from the route table.
 */
export interface PrefetchedHead {
  /** The page's record is missing (a post; a page of a list past its end): a 404, not indexed. */
  notFound?: boolean;
  /** The page's data was refused for now (a visitor over the search limit): a 429, not indexed. */
  tooManyRequests?: boolean;
  meta?: PageMeta;
  type?: 'website' | 'article';
  /** The social card's image, a path on this site. */
  image?: string;
  /** schema.org structured data. */
  jsonLd?: object[];
  /** The canonical path when it is not the pathname (a page of /blog keeps its ?page=). */
  canonicalPath?: string;
  /** An absolute canonical address that overrides the page's own (a post first published elsewhere). */
  canonicalUrl?: string;
  /** Kept out of search engines' indexes (robots noindex), though still served. */
  noIndex?: boolean;
  /** What a share card shows when it differs from the page's title and description. */
  social?: { title: string; description: string };
  /** rel prev/next of a paged list. */
  prev?: string;
  next?: string;
}

/**
 * What the server renderer gives a page's prefetch. `Calls` are the server's tRPC calls
 * (@trpc/react-query's server-side helpers), whose results stay in the page's query cache.
 */
export interface PrefetchInput<Calls> {
  trpc: Calls;
  /** The path asked for, without trailing slashes. */
  path: string;
  /** The route's parameters: `{ id: '42' }` for /blog/42. */
  params: Record<string, string>;
  /** The query string, without its '?'. */
  search: string;
  /** The site's address, for absolute URLs in structured data. */
  publicUrl: string;
}
