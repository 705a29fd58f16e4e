import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { DehydratedState } from '@tanstack/react-query';
import type { AppDeps } from '../deps';
import { appRouter } from '../routers';
import type { Context } from '../trpc/context';
import type { RouteTable } from '../openapi/routes';
import { sendApiError } from './api-errors';
import { answerUnrouted } from './rest';
import { isKnownRoute } from '../../shared/routes';
import { blogPostTitle, metaForPath, type PageMeta } from '../../shared/page-meta';
import { blogPageHref, parseBlogSearch } from '../../shared/blog';
import { ACADEMY, BUSINESS } from '../../shared/business';
import { PLANS } from '../../shared/academy';

// The HTML pages. Public pages are rendered by React on the server with their data in the page
// (then hydrated); admin and auth pages get the plain shell and render in the browser. Every page
// gets its title, description, canonical URL, social cards and structured data in the head.

type RenderPage = (input: { path: string; search: string; dehydratedState: DehydratedState }) => Promise<string>;

/** The source file of each route's page, as the client's route table lazy-loads it. */
function pageSource(pathname: string, known: boolean): string {
  const pages: Record<string, string> = {
    '/': 'pages/HomePage.tsx',
    '/blog': 'pages/BlogPage.tsx',
    '/sparkai-academy': 'pages/AcademyPage.tsx',
    '/privacy-policy': 'pages/PrivacyPolicyPage.tsx',
    '/terms-conditions': 'pages/TermsConditionsPage.tsx',
    '/subscription-success': 'pages/SubscriptionSuccessPage.tsx',
    '/subscribe': 'pages/SubscribePage.tsx',
    '/login': 'pages/LoginPage.tsx',
    '/forgot-password': 'pages/ForgotPasswordPage.tsx',
    '/reset-password': 'pages/ResetPasswordPage.tsx',
    '/admin': 'pages/AdminPage.tsx',
    '/admin-simple': 'pages/AdminPage.tsx',
  };
  if (pages[pathname]) return pages[pathname];
  if (known && /^\/blog\/[^/]+$/.test(pathname)) return 'pages/BlogPostPage.tsx';
  return 'pages/NotFoundPage.tsx';
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The page's own scripts and styles (from Vite's manifest), so the browser fetches them with the
 * HTML instead of after the entry has run: no waterfall, and no unstyled flash before hydration.
 */
function pageAssets(manifest: Manifest | null, source: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest?.[key];
    if (!chunk || key === 'index.html' || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

/** Pages the server renders; every other known route is rendered in the browser. */
const SERVER_RENDERED = new Set(['/', '/blog', '/sparkai-academy', '/privacy-policy', '/terms-conditions', '/subscription-success']);

interface PageResult {
  status: number;
  meta: PageMeta;
  image?: string;
  type: 'website' | 'article';
  jsonLd: object[];
  dehydratedState?: DehydratedState;
  /** The canonical path when it is not the pathname (a page of /blog keeps its ?page=). */
  canonicalPath?: string;
  /** rel prev/next of a paged list. */
  prev?: string;
  next?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> block: '<' escaped so no string can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, ' ');

function localBusinessJsonLd(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: BUSINESS.name,
    description: metaForPath('/').description,
    url: `${publicUrl}/`,
    email: BUSINESS.email,
    telephone: BUSINESS.phone,
    logo: `${publicUrl}/favicon.svg`,
    address: {
      '@type': 'PostalAddress',
      addressLocality: BUSINESS.town,
      addressRegion: BUSINESS.county,
      postalCode: BUSINESS.postcode,
      addressCountry: BUSINESS.country,
    },
    areaServed: { '@type': 'AdministrativeArea', name: BUSINESS.county },
  };
}

function academyJsonLd(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: `${ACADEMY.name} AI-entrepreneurship programme`,
    description: metaForPath('/sparkai-academy').description,
    provider: { '@type': 'Organization', name: BUSINESS.name, url: `${publicUrl}/` },
    offers: PLANS.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      price: (plan.amountPence / 100).toFixed(2),
      priceCurrency: 'GBP',
      category: 'Subscription',
      url: `${publicUrl}/subscribe?plan=${plan.id}`,
    })),
  };
}

export interface PagesOptions {
  clientDist: string;
  ssrDist: string;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
  /** The documented API paths, for 404/405 and OPTIONS outside the pages. */
  routes: RouteTable;
}

export async function registerPages(app: FastifyInstance, deps: AppDeps, options: PagesOptions): Promise<void> {
  const { config } = deps;
  const indexFile = path.join(options.clientDist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const manifestFile = path.join(options.clientDist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  const ssrEntry = path.join(options.ssrDist, 'entry-server.js');
  let renderPage: RenderPage | null = null;
  if (template && fs.existsSync(ssrEntry)) {
    const mod = (await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage };
    renderPage = mod.renderPage;
  }

  async function loadPage(req: FastifyRequest, reply: FastifyReply, pathname: string, search: string): Promise<PageResult> {
    const publicUrl = config.publicUrl;
    const known = isKnownRoute(pathname);
    const result: PageResult = {
      status: known ? 200 : 404,
      meta: metaForPath(pathname),
      type: 'website',
      jsonLd: [],
    };
    const willRender = renderPage && (SERVER_RENDERED.has(pathname) || /^\/blog\/[^/]+$/.test(pathname) || !known);
    if (!willRender) return result;

    const helpers = createServerSideHelpers({ router: appRouter, ctx: options.createContext({ req, res: reply }) });
    if (pathname === '/') {
      result.jsonLd.push(localBusinessJsonLd(publicUrl));
      await Promise.all([
        helpers.content.advertisingServices.prefetch(),
        helpers.content.newsletters.prefetch(),
        helpers.content.testimonials.prefetch(),
        helpers.podcasts.pages.prefetch({ page: 1 }),
      ]);
    } else if (pathname === '/blog') {
      const wanted = parseBlogSearch(search);
      const blogPage = wanted ? await helpers.blog.pages.fetch(wanted).catch(() => null) : null;
      const pages = blogPage ? Math.max(1, Math.ceil(blogPage.total / blogPage.pageSize)) : 0;
      if (!wanted || !blogPage || wanted.page > pages) {
        // Past the end, or not a page number: the not-found page, not an empty list to index.
        result.status = 404;
      } else {
        result.canonicalPath = blogPageHref(wanted.page, wanted.category);
        if (wanted.page > 1) result.prev = blogPageHref(wanted.page - 1, wanted.category);
        if (wanted.page < pages) result.next = blogPageHref(wanted.page + 1, wanted.category);
        if (wanted.page > 1 || wanted.category) {
          const which = [wanted.category, wanted.page > 1 ? `page ${wanted.page}` : ''].filter(Boolean).join(', ');
          result.meta = { ...result.meta, title: result.meta.title.replace(/^Blog/, `Blog (${which})`) };
        }
      }
    } else if (pathname === '/sparkai-academy') {
      result.jsonLd.push(academyJsonLd(publicUrl));
    } else if (/^\/blog\/[^/]+$/.test(pathname)) {
      const id = Number(pathname.slice('/blog/'.length));
      const post = Number.isSafeInteger(id) && id > 0 ? await helpers.blog.get.fetch({ id }).catch(() => null) : null;
      if (!post) {
        result.status = 404;
      } else {
        result.type = 'article';
        result.meta = { title: blogPostTitle(post.title), description: post.excerpt || result.meta.description };
        if (post.imageUrl) result.image = post.imageUrl;
        result.jsonLd.push({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.publishedAt,
          dateModified: post.updatedAt,
          ...(post.imageUrl ? { image: `${publicUrl}${post.imageUrl}` } : {}),
          author: { '@type': 'Organization', name: BUSINESS.name },
          publisher: { '@type': 'Organization', name: BUSINESS.name, logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` } },
          mainEntityOfPage: `${publicUrl}${pathname}`,
        });
      }
    }
    // Failed queries too (a missing post): the page then renders its not-found state on the server.
    result.dehydratedState = helpers.dehydrate({ shouldDehydrateQuery: () => true });
    return result;
  }

  function headTags(pathname: string, page: PageResult): string {
    const publicUrl = config.publicUrl;
    const canonical = `${publicUrl}${pathname === '/' ? '/' : (page.canonicalPath ?? pathname)}`;
    const image = `${publicUrl}${page.image ?? '/images/social-card.png'}`;
    const tags = [
      `<title>${escapeHtml(page.meta.title)}</title>`,
      `<meta name="description" content="${escapeHtml(page.meta.description)}" />`,
      page.status === 200 ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '<meta name="robots" content="noindex" />',
      ...(page.prev ? [`<link rel="prev" href="${escapeHtml(publicUrl + page.prev)}" />`] : []),
      ...(page.next ? [`<link rel="next" href="${escapeHtml(publicUrl + page.next)}" />`] : []),
      `<meta property="og:site_name" content="${escapeHtml(BUSINESS.name)}" />`,
      `<meta property="og:type" content="${page.type}" />`,
      `<meta property="og:title" content="${escapeHtml(page.meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(page.meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta property="og:locale" content="en_GB" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(page.meta.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(page.meta.description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(BUSINESS.name)} blog" href="${publicUrl}/rss.xml" />`,
      ...page.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    ];
    return tags.join('\n    ');
  }

  function assemble(pathname: string, page: PageResult, body: string | null): string {
    const assets = pageAssets(manifest, pageSource(pathname, isKnownRoute(pathname)));
    const preloads = [
      ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="/${href}" />`),
      ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="/${href}" />`),
    ].join('\n    ');
    return fillPageTemplate(template!, {
      head: `${preloads}\n    ${headTags(pathname, page)}`,
      body,
      pageData: scriptJson(page.dehydratedState ?? {}),
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const [pathnameRaw = '/', search = ''] = req.url.split('?', 2);
    const pathname = pathnameRaw.length > 1 ? pathnameRaw.replace(/\/+$/, '') : pathnameRaw;
    const isApi = /^\/(api|trpc|objects)(\/|$)/.test(pathname);
    if (isApi || options.routes.allowedMethods(pathname)) return answerUnrouted(req, reply, options.routes);
    if (req.method === 'OPTIONS') return reply.status(204).header('Allow', 'GET, HEAD, OPTIONS').send();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendApiError(reply, 405, `${req.method} is not supported here. Use GET.`, { Allow: 'GET, HEAD, OPTIONS' });
    }
    if (!template) {
      return sendApiError(reply, 503, 'The site has not been built yet: run npm run build, or npm start which builds it.');
    }
    const page = await loadPage(req, reply, pathname, search);
    let body: string | null = null;
    if (renderPage && page.dehydratedState) {
      try {
        body = await renderPage({ path: pathname, search, dehydratedState: page.dehydratedState });
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

/**
 * The built index.html with a page's head tags, rendered body and data put in. Every insertion is
 * a replacer function, never a replacement string: in a string, `$'`, `$\``, `$&` and `$1` would be
 * expanded, and a post about `grep '^foo$'` would copy half the template into the page.
 */
export function fillPageTemplate(template: string, parts: { head: string; body: string | null; pageData: string }): string {
  let html = template.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="description"[\s\S]*?\/>/, '');
  html = html.replace('</head>', () => `    ${parts.head}\n  </head>`);
  if (parts.body !== null) {
    const body = parts.body;
    html = html.replace(
      '<div id="root"></div>',
      () => `<div id="root">${body}</div>\n    <script type="application/json" id="__PAGE_DATA__">${parts.pageData}</script>`,
    );
  }
  return html;
}

/**
 * The query parameters each server-rendered page reads (BlogPage: page and category; the success
 * page: plan); every other parameter (a cache-buster, a tracking tag, the newsletter link's token,
 * which the browser reads) leaves the HTML the same. A new parameter a page reads goes here too.
 */
const PAGE_QUERY_PARAMS: Record<string, readonly string[]> = {
  '/blog': ['page', 'category'],
  '/subscription-success': ['plan'],
};

/** The response cache's key for a page: its path and only the parameters it reads, sorted (issue 13.11). */
export function pageCacheKey(url: string): string {
  const [pathname = '', search = ''] = url.split('?', 2);
  const used = PAGE_QUERY_PARAMS[pathname] ?? [];
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...used].sort()) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Server-rendered pages the response cache may keep (they are the same for every visitor). */
export function isCacheablePage(url: string): boolean {
  const [pathname = ''] = url.split('?', 1);
  return SERVER_RENDERED.has(pathname) || /^\/blog\/\d+$/.test(pathname);
}
