// First: Zod's configuration must be set before any schema module is evaluated.
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import './styles/global.css';
import { App, preloadPage, preloadPageForHydration } from './App';
import { Providers } from './Providers';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';
import { forgetStoredAuthToken } from './lib/auth-token';

forgetStoredAuthToken();
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const container = document.getElementById('root')!;

// A server-rendered page carries its data in a JSON block: hydrate with it, so nothing is fetched
// twice and nothing flashes. Admin and auth pages arrive empty and render here.
const dataBlock = document.getElementById('__PAGE_DATA__');
const dehydratedState = dataBlock?.textContent
  ? (JSON.parse(dataBlock.textContent) as DehydratedState)
  : undefined;

const tree = (
  <StrictMode>
    <Providers queryClient={queryClient} trpcClient={trpcClient}>
      <HydrationBoundary state={dehydratedState}>
        <App />
      </HydrationBoundary>
    </Providers>
  </StrictMode>
);

// The current page's code first, so hydration finds everything it rendered on the server; its lazy
// sections load meanwhile and hydrate when they arrive. Hydration is a transition: React does it in
// slices of a few milliseconds, letting the browser paint and answer input between them, instead
// of one long task that blocks a phone's main thread (a click meanwhile hydrates its target first).
void preloadPage(window.location.pathname);
void preloadPageForHydration(window.location.pathname).finally(() => {
  if (dehydratedState && container.hasChildNodes()) startTransition(() => void hydrateRoot(container, tree));
  else createRoot(container).render(tree);
});
