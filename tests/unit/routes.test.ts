import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { isCacheablePage, pageCacheKey } from '../../src/server/web/http/pages';
import {
  findRoute,
  NOT_FOUND_PAGE,
  PAGE_ROUTES,
  pageAt,
  pageSourceFile,
  parseRoutePattern,
  ROUTE_LIST,
  ROUTES,
} from '../../src/shared/routes';

// The route table is the one place a route is written. These check that what reads
// it (the client's router, the server's status, the response cache, the page prefetches) agrees
// with it, and that '/blog/:id' is matched by one matcher everywhere.

/** A path that is on the route: its pattern with every parameter filled in. */
const sampleOf = (pattern: string) => pattern.replace(/:\w+/g, '42');

/** Paths that must be the 404 page. */
const UNKNOWN = [
  '/no-such-page',
  '/BLOG',
  '/Blog/42',
  '/blog/42/comments',
  '/admin/users',
  '/sparkai',
  '/login.php',
];

describe('the route table', () => {
  it('names a page module that exists for every route and for the 404 page', () => {
    for (const entry of [...ROUTE_LIST, NOT_FOUND_PAGE]) {
      const file = path.join('src/client', pageSourceFile(entry.page));
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), file).toMatch(/^export default function /m);
    }
  });

  it('has each path once, and ROUTES gives each path by name', () => {
    const paths = ROUTE_LIST.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, route] of Object.entries(PAGE_ROUTES))
      expect(ROUTES[name as keyof typeof ROUTES]).toBe(route.path);
  });

  it('never renders a private screen on the server', () => {
    // A server-rendered page is cached and served to every visitor alike: admin and sign-in
    // screens (the ones kept out of search engines) render in the browser, for the one visitor.
    for (const route of ROUTE_LIST.filter((r) => r.indexing === 'disallow'))
      expect(route.serverRendered, route.path).toBe(false);
  });
});

describe('one matcher for the browser and the server', () => {
  it('finds every route of the table, with its parameters, and nothing else', () => {
    for (const route of ROUTE_LIST) {
      const found = findRoute(sampleOf(route.path));
      expect(found?.route, route.path).toBe(route);
      expect(findRoute(`${sampleOf(route.path)}/`)?.route, `${route.path}/`).toBe(route);
    }
    expect(findRoute('/blog/42')).toEqual({ route: PAGE_ROUTES.blogPost, params: { slug: '42' } });
    expect(findRoute('/blog/tag/walks')).toEqual({ route: PAGE_ROUTES.blogTag, params: { slug: 'walks' } });
    for (const unknown of UNKNOWN) {
      expect(findRoute(unknown), unknown).toBeNull();
      expect(pageAt(unknown), unknown).toBe(NOT_FOUND_PAGE);
    }
  });

  it('agrees with what wouter matches in the browser, given the same parser', () => {
    const paths = [...ROUTE_LIST.map((route) => sampleOf(route.path)), ...UNKNOWN, '/blog/abc', '/blog/42/'];
    for (const candidate of paths) {
      const inBrowser =
        ROUTE_LIST.find((route) => matchRoute(parseRoutePattern, route.path, candidate)[0]) ?? null;
      expect(findRoute(candidate)?.route ?? null, candidate).toBe(inBrowser);
    }
  });
});

describe('the response cache reads the table', () => {
  it('keeps the server-rendered pages, and only them', () => {
    for (const route of ROUTE_LIST)
      expect(isCacheablePage(`${sampleOf(route.path)}?cb=1`), route.path).toBe(route.serverRendered);
    for (const unknown of UNKNOWN) expect(isCacheablePage(unknown), unknown).toBe(false);
  });

  it('keys a page by the query parameters its entry says it reads', () => {
    for (const route of ROUTE_LIST) {
      const params = route.queryParams ?? [];
      const query = new URLSearchParams([
        ['utm_source', 'x'],
        ...[...params].reverse().map((name) => [name, 'v']),
      ]);
      const kept = new URLSearchParams([...params].sort().map((name) => [name, 'v'])).toString();
      const base = sampleOf(route.path);
      expect(pageCacheKey(`${base}?${query}`), route.path).toBe(kept ? `${base}?${kept}` : base);
    }
  });
});

describe('page prefetches', () => {
  it('each pages/<Name>.data.ts belongs to a page of the table and exports its prefetch', () => {
    // The same glob as the SSR entry's.
    const dataModules = import.meta.glob<{ prefetch?: unknown }>('../../src/client/pages/*.data.ts', {
      eager: true,
    });
    const pages = new Set<string>([...ROUTE_LIST, NOT_FOUND_PAGE].map((entry) => entry.page));
    expect(Object.keys(dataModules).length).toBeGreaterThan(0);
    for (const [file, mod] of Object.entries(dataModules)) {
      // The SSR entry finds a prefetch by its page's name: a renamed page would silently lose it.
      expect(pages.has(path.basename(file, '.data.ts')), file).toBe(true);
      expect(typeof mod.prefetch, file).toBe('function');
    }
  });
});
