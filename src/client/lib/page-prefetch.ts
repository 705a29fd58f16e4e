import type { createServerSideHelpers } from '@trpc/react-query/server';
import type { AppRouter } from '../../server/routers';
import type { PrefetchedHead } from '../../shared/page-meta';

// A page's data prefetch, in its sibling `pages/<Name>.data.ts`: the server renderer runs it before
// rendering the page, so the HTML arrives with its data and its head (see entry-server.tsx).

/** The server's tRPC calls, straight to the procedures: what a prefetch fetches stays in the query cache. */
export type ServerCalls = ReturnType<typeof createServerSideHelpers<AppRouter>>;

export interface PrefetchInput {
  trpc: ServerCalls;
  /** The path asked for, without trailing slashes. */
  path: string;
  /** The route's parameters: `{ id: '42' }` for /blog/42. */
  params: Record<string, string>;
  /** The query string, without its '?'. */
  search: string;
  /** The site's address, for absolute URLs in structured data. */
  publicUrl: string;
}

export type PagePrefetch = (input: PrefetchInput) => Promise<PrefetchedHead>;
