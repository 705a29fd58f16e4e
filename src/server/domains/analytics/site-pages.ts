import type { PAGE_ROUTES } from '../../../shared/routes';
import { findRoute, ROUTE_LIST, withoutTrailingSlash, type RouteName } from '../../../shared/routes';
import { authorHref, blogPostHref, blogTagHref } from '../../../shared/blog-publishing';
import { NEWSLETTER_ARCHIVE_PATH } from '../../../shared/newsletter-issues';
import type { Database } from '../../platform/db/client';
import { listBlogAddresses, listVisibleAuthorSlugs, nextScheduledChange } from '../blog';
import { listArchivedSlugs } from '../newsletter/index';

// Which page a view is of. Only addresses the site has are counted by their own name: the routes
// of the route table, and the records behind its routes with a parameter (posts, tags, newsletter
// issues); anything else, a beacon for /urgent-call-0800-your-site-is-hacked say, is one 'Page not
// found' row, so made-up addresses cannot fill the owner's table. The records' addresses are held
// in memory and reloaded when they may have changed, so a beacon never waits for the database.

export const PAGE_NOT_FOUND = 'Page not found';

/** The routes whose pages are records: /blog/:slug, /blog/tag/:slug, /newsletter/:slug. */
export type RecordRoute = {
  [Name in RouteName]: (typeof PAGE_ROUTES)[Name]['path'] extends `${string}:${string}` ? Name : never;
}[RouteName];

export interface RecordPages {
  /**
   * For each route with a parameter, its pages now: [address, the address a view of it is counted
   * under] (an earlier address of a post answers with a move to its current one, and counts as it).
   */
  addresses: Record<RecordRoute, Iterable<readonly [string, string]>>;
  /** When a page appears by itself next (a scheduled post goes out), in epoch ms; null for none. */
  nextChange: number | null;
}

export interface SitePages {
  /**
   * The address a view of `path` is counted under, or PAGE_NOT_FOUND; undefined when that cannot be
   * told yet (the records are not loaded, or may have changed, or the path may be a record made
   * since they were): a reload is then under way, and `loaded()` resolves when it is done.
   */
  addressOf(path: string, now: number): string | undefined;
  /** The address of `path` by what is loaded, without a reload (after `loaded()`). */
  settledAddressOf(path: string): string;
  loaded(): Promise<void>;
  /** Something was written that may add or remove a page: reload before the next view of a record. */
  changed(): void;
}

/** A path like a record's but unknown starts a reload at most this often (a page made since). */
export const RECHECK_MS = 5000;

const STATIC_PAGES = new Set(ROUTE_LIST.filter((r) => !r.path.includes(':')).map((r) => r.path));

export function createSitePages(
  load: () => Promise<RecordPages>,
  options: { log?: { warn(obj: object, msg: string): void }; clock: () => Date },
): SitePages {
  let records: Map<string, string> | null = null;
  let nextChange: number | null = null;
  let stale = false;
  let loading: Promise<void> | null = null;
  let lastLoad = -Infinity;

  const reload = (): Promise<void> => {
    if (loading) return loading;
    stale = false;
    lastLoad = options.clock().getTime();
    loading = load()
      .then((pages) => {
        const next = new Map<string, string>();
        for (const entries of Object.values<Iterable<readonly [string, string]>>(pages.addresses))
          for (const [address, countedAs] of entries) if (!next.has(address)) next.set(address, countedAs);
        records = next;
        nextChange = pages.nextChange;
      })
      .catch((error: unknown) => {
        // Views are then counted by what was loaded before (or as not found), until the next reload.
        options.log?.warn({ err: error }, "could not read the site's pages for analytics");
        records ??= new Map();
      })
      .finally(() => (loading = null));
    return loading;
  };

  const settledAddressOf = (page: string): string =>
    STATIC_PAGES.has(page) ? page : (records?.get(page) ?? PAGE_NOT_FOUND);

  return {
    addressOf(path, now) {
      const page = withoutTrailingSlash(path);
      if (STATIC_PAGES.has(page)) return page;
      if (records === null || stale || (nextChange !== null && now >= nextChange)) {
        void reload();
        return undefined;
      }
      const found = records.get(page);
      if (found !== undefined) return found;
      if (loading) return undefined;
      if (now - lastLoad < RECHECK_MS || !findRoute(page)?.route.path.includes(':')) return PAGE_NOT_FOUND;
      void reload();
      return undefined;
    },
    settledAddressOf: (path) => settledAddressOf(withoutTrailingSlash(path)),
    loaded: () => loading ?? Promise.resolve(),
    changed() {
      stale = true;
    },
  };
}

/** The pages of the site's records now: posts (and the addresses that move to them), tags, issues. */
export async function recordPagesOf(db: Database): Promise<RecordPages> {
  const [blog, authors, issues, nextChange] = await Promise.all([
    listBlogAddresses(db),
    listVisibleAuthorSlugs(db),
    listArchivedSlugs(db),
    nextScheduledChange(db),
  ]);
  return {
    addresses: {
      blogPost: blog.posts.map(({ address, slug }) => [
        blogPostHref({ slug: address }),
        blogPostHref({ slug }),
      ]),
      blogTag: blog.tags.map((slug) => [blogTagHref(slug), blogTagHref(slug)]),
      author: authors.map((slug) => [authorHref(slug), authorHref(slug)]),
      newsletterIssue: issues.map(({ slug }) => [
        `${NEWSLETTER_ARCHIVE_PATH}/${slug}`,
        `${NEWSLETTER_ARCHIVE_PATH}/${slug}`,
      ]),
    },
    nextChange,
  };
}
