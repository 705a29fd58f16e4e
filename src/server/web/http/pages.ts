import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyTRPCRouter } from '@trpc/server';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { DehydrateOptions, DehydratedState } from '@tanstack/react-query';
import type { AppDeps } from '../../deps';
import type { Context } from '../trpc/context';
import { PAGE_RENDER_RATE_LIMIT } from '../trpc/rate-limit';
import type { RouteTable } from '../openapi/routes';
import type { CacheKind } from './response-cache';
import { sendApiError } from './api-errors';
import { answerUnrouted } from './rest';
import { findRoute, NOT_FOUND_PAGE, pageSourceFile, withoutTrailingSlash } from '../../../shared/routes';
import type { PageMeta, PrefetchedHead, PrefetchInput } from '../../../shared/page-meta';
import { BUSINESS } from '../../../shared/business';
import { escapeHtml } from '../../platform/escape';
import { DomainError } from '../../platform/errors';

// The HTML pages. Which page a path shows, whether it is rendered on the server, its title and
// description come from the route table (src/shared/routes.ts). Public pages are rendered by React
// on the server with their data in the page (then hydrated); admin and auth pages get the plain
// shell and render in the browser. Every page gets its title, description, canonical URL, social
// cards and structured data in the head.

type RenderPage = (input: {
  path: string;
  search: string;
  dehydratedState: DehydratedState;
}) => Promise<string>;
/**
 * tRPC's server-side helpers over the app's router, which is passed in: its procedures are typed
 * where the pages' prefetches are written (src/client/lib/page-prefetch.ts), not here.
 */
type ServerCalls = { dehydrate(options?: DehydrateOptions): DehydratedState };
/**
 * Runs a page's data prefetch (src/client/pages/<page>.data.ts), reached through the built SSR
 * entry that bundles them: the server never imports client source.
 */
type PrefetchPage = (page: string, input: PrefetchInput<ServerCalls>) => Promise<PrefetchedHead>;

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/**
 * The page's own scripts and styles (from Vite's manifest), so the browser fetches them with the
 * HTML instead of after the entry has run: no waterfall, and no unstyled flash before hydration.
 */
function pageAssets(manifest: Manifest | null, source: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, withScripts: boolean) => {
    const chunk = manifest?.[key];
    if (!chunk || key === 'index.html' || seen.has(`${withScripts} ${key}`)) return;
    seen.add(`${withScripts} ${key}`);
    if (withScripts) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const dep of chunk.imports ?? []) visit(dep, withScripts);
  };
  visit(source, true);
  // The page's lazy sections (client/lib/lazy-section.tsx) are rendered here but load their code
  // after the page's: their styles come with the HTML, so nothing is unstyled or moves meanwhile.
  for (const dep of manifest?.[source]?.dynamicImports ?? []) visit(dep, false);
  return { scripts: [...scripts], styles: [...styles] };
}

interface PageResult extends Omit<PrefetchedHead, 'notFound'> {
  status: number;
  meta: PageMeta;
  /** The page's source file, whose scripts and styles the HTML preloads. */
  source: string;
  dehydratedState?: DehydratedState;
}

/**
 * The page's scripts are fetched after what it shows: the HTML arrives whole, with its styles, so
 * the first paint needs no script, and the scripts (hydration) must not hold back its images.
 * Chromium otherwise fetches module scripts and their preloads at high priority, which tells
 * Lighthouse they block the first paint whenever they happen to run before it.
 */
const LOW = 'fetchpriority="low"';

/** JSON inside a <script> block: '<' escaped so no string can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

export interface PagesOptions {
  clientDist: string;
  ssrDist: string;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
  /** The app's router: a page's data is prefetched through it on the server. */
  router: AnyTRPCRouter;
  /** The documented API paths, for 404/405 and OPTIONS outside the pages. */
  routes: RouteTable;
  /** The pages whose addresses may have moved, each with where to (the domains' own). */
  movedPages?: readonly MovedPages[];
}

/**
 * A page of the route table whose old addresses answer with a permanent move, from what its
 * domain knows (the composition root passes the domains' own, so this floor names none).
 */
export interface MovedPages {
  /** The route table's page (`'BlogPostPage'`). */
  page: string;
  /** Where the address with these parameters now is, or null when it has not moved. */
  movedTo(params: Record<string, string>): Promise<string | null>;
}

export async function registerPages(
  app: FastifyInstance,
  deps: AppDeps,
  options: PagesOptions,
): Promise<void> {
  const { config } = deps;
  const indexFile = path.join(options.clientDist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const manifestFile = path.join(options.clientDist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
    : null;
  const ssrEntry = path.join(options.ssrDist, 'entry-server.js');
  let ssr: { renderPage: RenderPage; prefetchPage: PrefetchPage } | null = null;
  if (template && fs.existsSync(ssrEntry)) {
    ssr = (await import(pathToFileURL(ssrEntry).href)) as {
      renderPage: RenderPage;
      prefetchPage: PrefetchPage;
    };
  }

  async function loadPage(
    req: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    search: string,
  ): Promise<PageResult> {
    const found = findRoute(pathname);
    const page = found?.route ?? NOT_FOUND_PAGE;
    const result: PageResult = {
      status: found ? 200 : 404,
      meta: page.meta,
      source: pageSourceFile(page.page),
    };
    if (!ssr || !page.serverRendered) return result;

    const trpc = createServerSideHelpers({
      router: options.router,
      ctx: options.createContext({ req, res: reply }),
    }) as unknown as ServerCalls;
    const { notFound, tooManyRequests, ...head } = await ssr.prefetchPage(page.page, {
      trpc,
      path: pathname,
      params: found?.params ?? {},
      search,
      publicUrl: config.publicUrl,
    });
    Object.assign(result, head);
    if (notFound) result.status = 404;
    // Retry-After is already on the reply: the procedure's rate limit put it there.
    if (tooManyRequests) result.status = 429;
    // Failed queries too (a missing post): the page then renders its not-found state on the server.
    result.dehydratedState = trpc.dehydrate({ shouldDehydrateQuery: () => true });
    return result;
  }

  function headTags(pathname: string, page: PageResult): string {
    const publicUrl = config.publicUrl;
    const canonical =
      page.canonicalUrl ?? `${publicUrl}${pathname === '/' ? '/' : (page.canonicalPath ?? pathname)}`;
    const imagePath = page.image ?? '/images/social-card.png';
    const image = /^https?:\/\//.test(imagePath) ? imagePath : `${publicUrl}${imagePath}`;
    const social = page.social ?? page.meta;
    const tags = [
      `<title>${escapeHtml(page.meta.title)}</title>`,
      `<meta name="description" content="${escapeHtml(page.meta.description)}" />`,
      page.status === 200
        ? `<link rel="canonical" href="${escapeHtml(canonical)}" />`
        : '<meta name="robots" content="noindex" />',
      ...(page.status === 200 && page.noIndex ? ['<meta name="robots" content="noindex" />'] : []),
      ...(page.prev ? [`<link rel="prev" href="${escapeHtml(publicUrl + page.prev)}" />`] : []),
      ...(page.next ? [`<link rel="next" href="${escapeHtml(publicUrl + page.next)}" />`] : []),
      `<meta property="og:site_name" content="${escapeHtml(BUSINESS.name)}" />`,
      `<meta property="og:type" content="${page.type ?? 'website'}" />`,
      `<meta property="og:title" content="${escapeHtml(social.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(social.description)}" />`,
      // A 404 has no address of its own: its page is the same for every unknown address (and kept once).
      ...(page.status === 200 ? [`<meta property="og:url" content="${escapeHtml(canonical)}" />`] : []),
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta property="og:locale" content="en_GB" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(social.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(social.description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(BUSINESS.name)} blog" href="${publicUrl}/rss.xml" />`,
      ...(page.jsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    ];
    return tags.join('\n    ');
  }

  // A page's stylesheets are written into its HTML (docs/bench/2026-11-27-first-paint.md): the
  // first paint then waits for no other request. Each is also linked with
  // media="not all", which the browser fetches without waiting for it and never applies: the
  // client's loader sees it is there and does not load it again on a later navigation.
  const stylesheets = new Map<string, string | null>();
  const styleTag = (href: string): string => {
    let css = stylesheets.get(href);
    if (css === undefined) {
      const file = path.join(options.clientDist, href);
      css = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : null;
      stylesheets.set(href, css);
    }
    return css === null
      ? `<link rel="stylesheet" crossorigin href="/${href}" />`
      : `<style data-href="/${href}">${css}</style>\n    <link rel="stylesheet" crossorigin href="/${href}" media="not all" />`;
  };
  const pageTemplate = template
    ?.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_link, href: string) =>
      styleTag(href),
    )
    .replace(/<script type="module" crossorigin /g, `<script type="module" ${LOW} crossorigin `)
    .replace(/<link rel="modulepreload" crossorigin /g, `<link rel="modulepreload" ${LOW} crossorigin `);

  function assemble(pathname: string, page: PageResult, body: string | null): string {
    const assets = pageAssets(manifest, page.source);
    const preloads = [
      ...assets.styles.map(styleTag),
      ...assets.scripts.map((href) => `<link rel="modulepreload" ${LOW} crossorigin href="/${href}" />`),
    ].join('\n    ');
    return fillPageTemplate(pageTemplate!, {
      head: `${preloads}\n    ${headTags(pathname, page)}`,
      body,
      pageData: scriptJson(page.dehydratedState ?? {}),
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const [pathnameRaw = '/', search = ''] = req.url.split('?', 2);
    const pathname = withoutTrailingSlash(pathnameRaw);
    const isApi = /^\/(api|trpc|objects)(\/|$)/.test(pathname);
    if (isApi || options.routes.allowedMethods(pathname)) return answerUnrouted(req, reply, options.routes);
    if (req.method === 'OPTIONS') return reply.status(204).header('Allow', 'GET, HEAD, OPTIONS').send();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendApiError(reply, 405, `${req.method} is not supported here. Use GET.`, {
        Allow: 'GET, HEAD, OPTIONS',
      });
    }
    if (!template) {
      return sendApiError(
        reply,
        503,
        'The site has not been built yet: run npm run build, or npm start which builds it.',
      );
    }
    // An old address (a post's number or an earlier slug): a permanent move to where it is now, so
    // no link ever printed or shared breaks (the query string, a campaign's tags say, goes along).
    const route = findRoute(pathname);
    const moves = route && options.movedPages?.find((moved) => moved.page === route.route.page);
    const movedTo = route && moves ? await moves.movedTo(route.params) : null;
    if (movedTo !== null) return reply.redirect(`${movedTo}${search ? `?${search}` : ''}`, 301);
    // Every page rendered here is one the response cache did not have: each address has a budget.
    const refusal = await overRenderBudget(app, req);
    if (refusal) {
      return reply
        .status(429)
        .type('text/html; charset=utf-8')
        .header('Retry-After', String(refusal.retryAfter))
        .header('Cache-Control', 'no-store')
        .send(tooManyPagesHtml(refusal.message));
    }
    const page = await loadPage(req, reply, pathname, search);
    let body: string | null = null;
    if (ssr && page.dehydratedState) {
      try {
        body = await ssr.renderPage({ path: pathname, search, dehydratedState: page.dehydratedState });
      } catch (error) {
        // A page that cannot render on the server still works: the browser renders it.
        req.log.error({ err: error, path: pathname }, 'server rendering failed; sending the client shell');
      }
    }
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(assemble(pathname, page, body));
  });
}

/** The page-render budget's refusal (message and seconds to wait), or null while within it. */
async function overRenderBudget(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ message: string; retryAfter: number } | null> {
  try {
    await app.applyRateLimit(PAGE_RENDER_RATE_LIMIT, req);
    return null;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'TOO_MANY_REQUESTS')
      return { message: error.message, retryAfter: error.retryAfterSeconds ?? 60 };
    throw error;
  }
}

/** A plain page saying so, for a browser: no rendering, no data. */
function tooManyPagesHtml(message: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Too many requests</h1><p>${escapeHtml(message)}</p></body></html>`;
}

/**
 * The built index.html with a page's head tags, rendered body and data put in. Every insertion is
 * a replacer function, never a replacement string: in a string, `$'`, `$\``, `$&` and `$1` would be
 * expanded, and a post about `grep '^foo$'` would copy half the template into the page.
 */
export function fillPageTemplate(
  template: string,
  parts: { head: string; body: string | null; pageData: string },
): string {
  let html = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '');
  html = html.replace('</head>', () => `    ${parts.head}\n  </head>`);
  if (parts.body !== null) {
    const body = parts.body;
    html = html.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" id="__PAGE_DATA__">${parts.pageData}</script>`,
    );
  }
  return html;
}

/** The response cache's key for a page: its path and only the parameters it reads, sorted. */
export function pageCacheKey(url: string): string {
  const [pathname = '', search = ''] = url.split('?', 2);
  const used = findRoute(pathname)?.route.queryParams ?? [];
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...used].sort()) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * What the response cache keeps a page's answer as: a page, or, with a query of free text (a
 * search's words), a search, in a budget of its own (a 404 is kept apart whatever the page).
 */
export function pageCacheKind(key: string): CacheKind {
  const [pathname = '', query] = key.split('?', 2);
  return query && findRoute(pathname)?.route.queryIsFreeText ? 'search' : 'page';
}

/** The one entry every address of no page is answered by: its 404 page is the same for all. */
export const NOT_FOUND_PAGE_KEY = '404 page';

/**
 * The response cache's key for an address no route answers (notFoundKey): an address of no page
 * shares the one 404 page; an API path (a JSON 404) or a page's address is left to its own.
 */
export function notFoundPageKey(url: string): string | null {
  const pathname = withoutTrailingSlash(url.split('?', 1)[0]!);
  if (/^\/(api|trpc|objects)(\/|$)/.test(pathname) || findRoute(pathname)) return null;
  return NOT_FOUND_PAGE_KEY;
}

/** Server-rendered pages the response cache may keep (they are the same for every visitor). */
export function isCacheablePage(url: string): boolean {
  const [pathname = ''] = url.split('?', 1);
  return findRoute(pathname)?.route.serverRendered === true;
}
