import { memo, Suspense, use, useEffect, useSyncExternalStore, type ComponentType } from 'react';

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
  let pending: Promise<ComponentType> | null = null;
  let arrived: Promise<void> = Promise.resolve();
  const code = (): Promise<ComponentType> => {
    if (!pending) {
      let settle: (component: ComponentType) => void = () => {};
      const promise = new Promise<ComponentType>((resolve) => (settle = resolve));
      pending = promise;
      arrived = load().then(
        (component) => {
          // Settled the way React's use() reads a promise: a render after this takes it at once.
          Object.assign(promise, { status: 'fulfilled', value: component });
          settle(component);
        },
        // A chunk that never comes (the visitor went on to another page, or the line dropped):
        // the section stays the server's HTML (after a client-side navigation, it stays out)
        // instead of an error that would take the whole page down. So `promise` never settles.
        (error: unknown) => {
          if (typeof window === 'undefined') throw error;
          console.warn('A section of this page could not be loaded', error);
        },
      );
    }
    return pending;
  };
  function Inner() {
    // use() on every render, never only while the code is missing: when the chunk arrives while
    // React waits on it, React renders this component again with the hooks it had so far, and a
    // render that skipped use() then met useEffect as an update on a first render (React error
    // 467), gave up hydrating the section (422) and rendered it again on the client.
    const Component = use(code());
    useEffect(() => waiting.get(id)?.resolve(), []);
    return <Component />;
  }
  // No props, and memo: nothing the page renders again can reach the boundary before it has
  // hydrated (an update there would have React render it on the client instead).
  const Section = memo(function Section() {
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
  });
  // Resolves once the code has come, or failed to: a navigation waits for it, never forever.
  return Object.assign(Section, {
    preload: () => {
      void code();
      return arrived;
    },
  });
}

const subscribeNever = () => () => {};

/**
 * False in the server-rendered HTML and during hydration, true once React runs the component in the
 * browser. The visitors' forms are inert until then (the lower sections hydrate from a chunk of their
 * own, a moment after the page shows): before, what was typed was wiped when React took the form
 * over, and a click or Enter sent the page's plain form, reloading the page with the details in its
 * address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
