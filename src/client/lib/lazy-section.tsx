import { Suspense, use, useEffect, type ComponentType } from 'react';

export type LazySection = ComponentType & { preload(): Promise<void> };

// The sections shown so far that have not yet hydrated (or rendered): the page counts as hydrated
// once they have (sectionsReady), so nothing typed into a form before then is lost.
const waiting = new Map<string, { promise: Promise<void>; resolve: () => void }>();

/** Resolves when every lazy section rendered so far has hydrated. */
export function sectionsReady(): Promise<void> {
  return Promise.all([...waiting.values()].map((w) => w.promise)).then(() => undefined);
}
let nextId = 0;

/**
 * A below-the-fold section whose code is not in the page's first load. The server renders it in
 * full (its styles are in the page's head); on the first load React hydrates it once its chunk has
 * arrived, keeping the server's HTML in place meanwhile (a dehydrated Suspense boundary), so
 * nothing moves. On a client-side navigation the page waits for its sections (preloadSections).
 */
export function lazySection(load: () => Promise<ComponentType>): LazySection {
  const id = String(nextId++);
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
    }));
  function Inner() {
    if (!Loaded) use(preload());
    useEffect(() => waiting.get(id)?.resolve(), []);
    const Component = Loaded!;
    return <Component />;
  }
  function Section() {
    if (typeof window !== 'undefined' && !waiting.has(id)) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      waiting.set(id, { promise, resolve });
    }
    return (
      <Suspense fallback={null}>
        <Inner />
      </Suspense>
    );
  }
  return Object.assign(Section, { preload });
}
