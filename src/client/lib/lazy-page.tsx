import { use, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take whatever props the router passes
type AnyProps = any;
export type LazyPage = ComponentType<AnyProps> & { preload(): Promise<void> };

/**
 * A page whose code loads only when its route is visited. Unlike React.lazy it can be preloaded:
 * the entry loads the current route's page before hydrating, so server-rendered HTML is hydrated
 * at once, without a Suspense fallback in between.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<AnyProps> }>): LazyPage {
  let Loaded: ComponentType<AnyProps> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((mod) => {
      Loaded = mod.default;
    }));
  function Page(props: AnyProps) {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}
