import type { createServerSideHelpers } from '@trpc/react-query/server';
import type { AppRouter } from '../../server/router';
import type { PrefetchedHead, PrefetchInput } from '../../shared/page-meta';

// A page's data prefetch, in its sibling `pages/<Name>.data.ts`: the server renderer runs it before
// rendering the page, so the HTML arrives with its data and its head (see entry-server.tsx).

/** The server's tRPC calls, straight to the procedures: what a prefetch fetches stays in the query cache. */
export type ServerCalls = ReturnType<typeof createServerSideHelpers<AppRouter>>;

export type PagePrefetch = (input: PrefetchInput<ServerCalls>) => Promise<PrefetchedHead>;
