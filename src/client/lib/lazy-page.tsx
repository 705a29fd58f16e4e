import { use, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take whatever props the router passes
type AnyProps = any;
export type LazyPage = ComponentType<AnyProps> & { preload(): Promise<void>; preloadCode(): Promise<void> };
type PageModule = { default: ComponentType<AnyProps>; preloadSections?: () => Promise<unknown> };

/**
 * A page whose code loads only when its route is visited. Unlike React.lazy it can be preloaded:
 * the entry loads the current route's page before hydrating, so server-rendered HTML is hydrated
 * at once, without a Suspense fallback in between.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType<AnyProps> | null = null;
  let pendingCode: Promise<PageModule> | null = null;
  let pending: Promise<void> | null = null;
  const loadCode = () => (pendingCode ??= load());
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
