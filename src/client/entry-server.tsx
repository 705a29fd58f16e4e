import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { PassThrough } from 'node:stream';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { Router } from 'wouter';
import { App, preloadPage } from './App';
import { Providers } from './Providers';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';
import type { PagePrefetch, ServerCalls } from './lib/page-prefetch';
import type { PrefetchedHead, PrefetchInput } from '../shared/page-meta';

// The server-side entry: runs a page's data prefetch, and renders a public page with its data
// already in the query cache, using React's streaming renderer. The HTML is collected whole so the
// server can cache it with an ETag.

// Each page's prefetch lives in its own sibling module (pages/<Name>.data.ts), never in the page:
// only this bundle imports them, so the browser never downloads server-only code (structured
// data, status rules), and the server reaches them through this built entry, which it already
// loads to render, rather than importing client source. Dependencies stay one-way:
// client -> shared <- server.
const prefetches = import.meta.glob<PagePrefetch>('./pages/*.data.ts', { eager: true, import: 'prefetch' });

/**
 * Runs the prefetch of a page of the route table (`'BlogPage'`), if it has one, and fetches what
 * every page's frame shows: the business details of the footer (and contact section, legal pages).
 */
export async function prefetchPage(page: string, input: PrefetchInput<ServerCalls>): Promise<PrefetchedHead> {
  const prefetch = prefetches[`./pages/${page}.data.ts`];
  const [head] = await Promise.all([prefetch ? prefetch(input) : {}, input.trpc.content.business.prefetch()]);
  return head;
}

export async function renderPage({
  path,
  search,
  dehydratedState,
}: {
  path: string;
  search: string;
  dehydratedState: DehydratedState;
}): Promise<string> {
  // The page's code with its lazy sections (lib/lazy-section.tsx) loaded first: a section still
  // loading would be written as a fallback and revealed by an inline script, which the
  // Content-Security-Policy blocks.
  await preloadPage(path);
  const queryClient = createQueryClient();
  // Never used for fetching on the server: every query the page needs is already in the cache.
  const trpcClient = createTrpcClient('http://127.0.0.1');
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => (html += chunk.toString()));
    sink.on('end', () => resolve(html));
    sink.on('error', reject);
    const stream = renderToPipeableStream(
      <StrictMode>
        <Providers queryClient={queryClient} trpcClient={trpcClient}>
          <HydrationBoundary state={dehydratedState}>
            <Router ssrPath={path} ssrSearch={search}>
              <App />
            </Router>
          </HydrationBoundary>
        </Providers>
      </StrictMode>,
      {
        // Every boundary written in place: React moves a large one out of line, to be revealed by
        // an inline script, which the Content-Security-Policy blocks (lazy sections are large).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          reject(error);
        },
      },
    );
  });
}
