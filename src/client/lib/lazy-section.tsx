import { Suspense, use, type ComponentType } from 'react';

export type LazySection = ComponentType & { preload(): Promise<void> };

/**
 * A below-the-fold section whose code is not in the page's first load. The server renders it in
 * full (its styles are in the page's head); on the first load React hydrates it once its chunk has
 * arrived, keeping the server's HTML in place meanwhile (a dehydrated Suspense boundary), so
 * nothing moves. On a client-side navigation the page waits for its sections (preloadSections).
 */
export function lazySection(load: () => Promise<ComponentType>): LazySection {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
    }));
  function Inner() {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  }
  function Section() {
    return (
      <Suspense fallback={null}>
        <Inner />
      </Suspense>
    );
  }
  return Object.assign(Section, { preload });
}
