import { use, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take whatever props the router passes
type AnyProps = any;
export type LazyPage = ComponentType<AnyProps> & { preload(): Promise<void>; preloadCode(): Promise<void> };
type PageModule = { default: ComponentType<AnyProps>; preloadSections?: () => Promise<unknown> };

// Set when the visitor leaves the document: a page's code that stops loading then (Firefox fails
// the import) is no reason to load anything.
let leaving = false;
if (typeof window !== 'undefined') {
  for (const type of ['beforeunload', 'pagehide'] as const)
    window.addEventListener(type, () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

/**
 * A page's code did not come: the line dropped, or a new release has replaced the files this
 * document knew. After a client-side navigation (the page was hydrated, and the address is already
 * the new page's) the new page is loaded whole, from the server, with the current code. On the
 * first load the server's HTML stays as it is, without its scripts, rather than a blank page or a
 * loop of reloads. Either way the promise never settles, so React shows no error meanwhile.
 */
function couldNotLoad(error: unknown): Promise<never> {
  if (typeof window === 'undefined') throw error;
  console.warn('This page could not be loaded', error);
  if (!leaving && document.documentElement.dataset.hydrated !== undefined) window.location.reload();
  return new Promise<never>(() => {});
}

/**
 * A page whose code loads only when its route is visited. Unlike React.lazy it can be preloaded:
 * the entry loads the current route's page before hydrating, so server-rendered HTML is hydrated
 * at once, without a Suspense fallback in between.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType<AnyProps> | null = null;
  let pendingCode: Promise<PageModule> | null = null;
  let pending: Promise<void> | null = null;
  const loadCode = () => (pendingCode ??= load().catch(couldNotLoad));
  // The page's module alone: what hydration needs (its lazy sections hydrate when they arrive).
  const preloadCode = () =>
    loadCode().then((mod) => {
      Loaded = mod.default;
    });
  // The page with its lazy sections (lib/lazy-section.tsx): a client-side navigation shows it whole.
  const preload = () =>
    (pending ??= loadCode().then(async (mod) => {
      await mod.preloadSections?.();
      Loaded = mod.default;
    }));
  function Page(props: AnyProps) {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload, preloadCode });
}
