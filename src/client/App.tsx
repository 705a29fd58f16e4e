import { Suspense, useEffect, type ComponentType } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { NOT_FOUND_PAGE, ROUTE_LIST, pageAt, pageSourceFile, parseRoutePattern } from '../shared/routes';
import { lazyPage, type LazyPage } from './lib/lazy-page';
import { sectionsReady } from './lib/lazy-section';
import { countPageView } from './features/analytics';

// Every page loads its own code when visited, so a visitor downloads only the page in front of
// them (the admin's editor never reaches the public pages). main.tsx preloads the current page.
// The glob is Vite's: one lazy import per page file, each its own chunk; the route table says
// which file each route shows.
const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*Page.tsx');
const lazyPages = new Map<string, LazyPage>();
/** One lazy page per module (/admin and /admin-simple share one), the same on every render. */
function lazyPageOf(name: string): LazyPage {
  let page = lazyPages.get(name);
  if (!page) lazyPages.set(name, (page = lazyPage(pageModules[`./${pageSourceFile(name)}`]!)));
  return page;
}

/** Loads the code of the page at this path with its lazy sections (on hover of a link). */
export function preloadPage(path: string): Promise<void> {
  return lazyPageOf(pageAt(path).page).preload();
}

/** Loads the page's own module only: before hydration, whose lazy sections hydrate as they arrive. */
export function preloadPageForHydration(path: string): Promise<void> {
  return lazyPageOf(pageAt(path).page).preloadCode();
}

/** The route table (src/shared/routes.ts) as wouter routes, and the 404 page for any other path. */
export function App() {
  const [location] = useLocation();
  // The server writes each page's title; after a client-side navigation it is set here.
  useEffect(() => {
    const page = pageAt(location);
    if (!page.titleFromData) document.title = page.meta.title;
  }, [location]);
  // One page view per route shown: the first render and every client-side navigation.
  useEffect(() => countPageView(), [location]);
  return (
    <Suspense fallback={null}>
      <Router parser={parseRoutePattern}>
        <Switch>
          {ROUTE_LIST.map((route) => (
            <Route key={route.path} path={route.path} component={lazyPageOf(route.page)} />
          ))}
          <Route component={lazyPageOf(NOT_FOUND_PAGE.page)} />
        </Switch>
      </Router>
      <HydratedMark />
    </Suspense>
  );
}

/**
 * Marks <html data-hydrated> once the page is React's, its lazy sections too: tests wait for it
 * before they touch the DOM. It sits inside the Suspense boundary, after the page: the server
 * writes that boundary into the HTML, and React hydrates a boundary's content in a pass of its own
 * after the rest, so an effect in App itself ran before any of the page had hydrated, and before
 * the page's lazy sections had even been rendered to be waited for (docs/decisions/0016).
 */
function HydratedMark() {
  useEffect(() => {
    void sectionsReady().then(() => {
      document.documentElement.dataset.hydrated = '';
    });
  }, []);
  return null;
}
