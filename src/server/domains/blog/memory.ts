import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { blogPosts } from './tables';
import { listBlogAddresses, type PostAddress } from './addresses';
import { nextScheduledChange } from './schedule';
import { authorHref, blogPostHref, blogTagHref } from '../../../shared/blog-publishing';
import { PAGE_ROUTES } from '../../../shared/routes';

// What the blog keeps in memory so that the answers strangers ask for most cost no query: which
// addresses name a visible post (or have moved to one) and which tags have one, and where each page
// of a list starts. It is read whole from the database when first needed and dropped whenever a
// public answer may have changed: the composition root drops it with the response cache (a write
// here, another instance's message, a scheduled post's time), and it drops itself at the next
// scheduled post's time. Kept per database connection, so each instance has its own.

/** The first post of a page of a list, by the list's order (published_at, id), newest first. */
export interface PageStart {
  /** published_at as the database writes it, so it is compared without losing its microseconds. */
  at: string;
  id: number;
}

/** Where each page of a list starts, for one page size, and how many posts the list has. */
export interface PageStarts {
  starts: PageStart[];
  total: number;
}

interface Addresses {
  posts: Map<string, PostAddress>;
  tags: Set<string>;
  /** A visible tag's earlier slug -> its slug now. */
  movedTags: Map<string, string>;
  /** An author's earlier address -> their address now (while their page exists). */
  movedAuthors: Map<string, string>;
}

interface Memory {
  /** Addresses, and page starts by list and page size, each as its load (the first reader's). */
  kept: Map<string, Promise<unknown>>;
  /** The next scheduled post's go-out time (epoch ms): what is kept is dropped then. */
  until: number | null;
}

/** Lists whose page starts are kept at once (the oldest read is dropped first). */
const PAGE_LISTS_KEPT = 64;
const ADDRESSES = 'addresses';

const memories = new WeakMap<Database, Memory>();

/** Drops what the blog keeps of this database: the next read loads it again. */
export function forgetBlogMemory(db: Database): void {
  memories.delete(db);
}

function memoryOf(db: Database): Memory {
  let memory = memories.get(db);
  if (memory && memory.until !== null && Date.now() >= memory.until) memory = undefined;
  if (!memory) {
    memory = { kept: new Map(), until: null };
    memories.set(db, memory);
  }
  return memory;
}

/**
 * What `load` reads, kept under `key` until the memory is dropped. Kept only while this memory is
 * current: a load that raced a drop answers its reader but is not kept by the new memory.
 */
function remembered<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const memory = memoryOf(db);
  const kept = memory.kept.get(key) as Promise<T> | undefined;
  if (kept) {
    // The most recently read last, so the oldest is dropped first.
    memory.kept.delete(key);
    memory.kept.set(key, kept);
    return kept;
  }
  const loading = Promise.all([load(), nextScheduledChange(db)]).then(([value, next]) => {
    if (next !== null && (memory.until === null || next < memory.until)) memory.until = next;
    return value;
  });
  memory.kept.set(key, loading);
  loading.catch(() => {
    if (memory.kept.get(key) === loading) memory.kept.delete(key);
  });
  const lists = [...memory.kept.keys()].filter((k) => k !== ADDRESSES);
  if (lists.length > PAGE_LISTS_KEPT) memory.kept.delete(lists[0]!);
  return loading;
}

function addresses(db: Database): Promise<Addresses> {
  return remembered(db, ADDRESSES, async () => {
    const listed = await listBlogAddresses(db);
    const posts = new Map<string, PostAddress>();
    for (const address of listed.posts) if (!posts.has(address.address)) posts.set(address.address, address);
    const movedTags = new Map(listed.movedTags.map((m) => [m.address, m.slug]));
    const movedAuthors = new Map(listed.movedAuthors.map((m) => [m.address, m.slug]));
    return { posts, tags: new Set(listed.tags), movedTags, movedAuthors };
  });
}

/**
 * The visible post an address names: its current slug, an earlier one (moved: true), or its number
 * (moved: true), so an old link answers with a 301 to the words address. A draft or a post not yet
 * out is nobody's address: its slug is not given away early.
 */
export async function findPostAddress(
  db: Database,
  param: string,
): Promise<{ id: number; slug: string; moved: boolean } | null> {
  const { posts } = await addresses(db);
  // A number as written in any link: /blog/3 and /blog/03 are the same post.
  const found = posts.get(param) ?? (/^\d{1,9}$/.test(param) ? posts.get(String(Number(param))) : undefined);
  return found ? { id: found.id, slug: found.slug, moved: found.moved } : null;
}

/** A post's old addresses (its number, an earlier slug) and where each is now: the pages' 301s. */
export function movedPostPages(db: Database) {
  return {
    page: PAGE_ROUTES.blogPost.page,
    async movedTo(params: Record<string, string>): Promise<string | null> {
      const address = await findPostAddress(db, params.slug ?? '');
      return address?.moved ? blogPostHref(address) : null;
    },
  };
}

/** Where a visible tag's earlier slug is now (a rename of the rules, a merge), or null. */
export async function movedTagSlug(db: Database, slug: string): Promise<string | null> {
  return (await addresses(db)).movedTags.get(slug) ?? null;
}

/** A tag's earlier addresses and where each is now: the tag pages' 301s. */
export const movedTagPages = (db: Database) =>
  movedSlugPages(PAGE_ROUTES.blogTag.page, (slug) => movedTagSlug(db, slug), blogTagHref);

/** Where an author's earlier address is now (they changed it in their profile), or null. */
export async function movedAuthorSlug(db: Database, slug: string): Promise<string | null> {
  return (await addresses(db)).movedAuthors.get(slug) ?? null;
}

/** An author's earlier addresses and where each is now: the author pages' 301s. */
export const movedAuthorPages = (db: Database) =>
  movedSlugPages(PAGE_ROUTES.author.page, (slug) => movedAuthorSlug(db, slug), authorHref);

/** A page kept by slug: where its earlier slug is now (`movedSlug`), as that page's address. */
function movedSlugPages(
  page: string,
  movedSlug: (slug: string) => Promise<string | null>,
  href: (slug: string) => string,
) {
  return {
    page,
    async movedTo(params: Record<string, string>): Promise<string | null> {
      const slug = await movedSlug(params.slug ?? '');
      return slug ? href(slug) : null;
    },
  };
}

/** Whether a tag has a visible post (its page, read and feed exist). */
export async function isVisibleTag(db: Database, slug: string): Promise<boolean> {
  return (await addresses(db)).tags.has(slug);
}

/** A list's posts from a page's first on, in the list's order (with a limit, that page). */
export function fromPageStart(start: PageStart): SQL {
  return sql`(${blogPosts.publishedAt}, ${blogPosts.id}) <= (${start.at}::timestamptz, ${start.id})`;
}

/**
 * Where each page of a list starts (`where` picks the list's posts; `list` names it): read once,
 * by one pass over the list's index, so a page is then one seek wherever it is.
 */
export function pageStartsOf(db: Database, list: string, pageSize: number, where: SQL): Promise<PageStarts> {
  return remembered(db, `pages ${pageSize} ${list}`, async () => {
    const result = (await db.execute(sql`
      select at, id, total from (
        select ${blogPosts.publishedAt}::text as at, ${blogPosts.id} as id,
               row_number() over (order by ${blogPosts.publishedAt} desc, ${blogPosts.id} desc) as n,
               count(*) over () as total
        from ${blogPosts} where ${where}) numbered
      where (n - 1) % ${pageSize} = 0
      order by n`)) as unknown as {
      rows: Array<{ at: string; id: number | string; total: number | string }>;
    };
    return {
      starts: result.rows.map((r) => ({ at: r.at, id: Number(r.id) })),
      total: Number(result.rows[0]?.total ?? 0),
    };
  });
}
