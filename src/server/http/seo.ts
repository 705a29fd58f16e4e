import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { AppDeps } from '../app';
import { listPublishedPostDates, listPublishedSummaries } from '../services/blog';
import { BUSINESS } from '../../shared/business';
import { PAGE_META } from '../../shared/page-meta';
import { defaultErrorResponse, errorResponse } from '../openapi/responses';

// What search engines and feed readers ask for: robots.txt, sitemap.xml and the blog's RSS feed.
const PUBLIC_PAGES = ['/', '/blog', '/sparkai-academy', '/privacy-policy', '/terms-conditions'];
/** Admin and sign-in screens: nothing there for a search engine. */
const PRIVATE_PREFIXES = ['/admin', '/admin-simple', '/login', '/forgot-password', '/reset-password', '/subscribe', '/api/', '/trpc/'];

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function registerSeoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const base = deps.config.publicUrl;

  app.get('/robots.txt', async (_req, reply) => {
    const lines = ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_req, reply) => {
    // The protocol's limit per file; a sitemap index takes over beyond it (issue 14.3).
    const posts = await listPublishedPostDates(deps.db.db, 0, 50_000 - PUBLIC_PAGES.length);
    const urls = [
      ...PUBLIC_PAGES.map((p) => `  <url><loc>${xml(base + p)}</loc><changefreq>weekly</changefreq></url>`),
      ...posts.map(
        (post) =>
          `  <url><loc>${xml(`${base}/blog/${post.id}`)}</loc><lastmod>${xml(post.updatedAt.toISOString().slice(0, 10))}</lastmod></url>`,
      ),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  });

  app.get('/rss.xml', async (_req, reply) => {
    const { items: posts } = await listPublishedSummaries(deps.db.db, { page: 1, limit: 50 });
    const items = posts.map((post) =>
      [
        '    <item>',
        `      <title>${xml(post.title)}</title>`,
        `      <link>${xml(`${base}/blog/${post.id}`)}</link>`,
        `      <guid isPermaLink="true">${xml(`${base}/blog/${post.id}`)}</guid>`,
        `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
        post.category ? `      <category>${xml(post.category)}</category>` : '',
        `      <description>${xml(post.excerpt)}</description>`,
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '  <channel>',
      `    <title>${xml(`${BUSINESS.name} blog`)}</title>`,
      `    <link>${xml(`${base}/blog`)}</link>`,
      `    <description>${xml(PAGE_META['/blog']!.description)}</description>`,
      '    <language>en-gb</language>',
      `    <atom:link href="${xml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  });
}

type PathItem = NonNullable<OpenAPIObject['paths']>[string];
const rootServer = [{ url: '/' }];

/** OpenAPI descriptions of the routes above (they live at the site's root, not under /api). */
export const seoRouteDocs: Record<string, PathItem> = {
  '/robots.txt': {
    servers: rootServer,
    get: {
      operationId: 'site-robots',
      tags: ['Site'],
      summary: 'Crawler rules: admin and sign-in pages are kept out of search engines',
      security: [],
      responses: {
        '200': { description: 'robots.txt', content: { 'text/plain': { schema: { type: 'string' }, example: 'User-agent: *\nDisallow: /admin\nSitemap: https://hertslocalmedia.co.uk/sitemap.xml' } } },
        default: defaultErrorResponse,
      },
    },
  },
  '/sitemap.xml': {
    servers: rootServer,
    get: {
      operationId: 'site-sitemap',
      tags: ['Site'],
      summary: 'Every public page and published blog post',
      security: [],
      responses: {
        '200': {
          description: 'A sitemaps.org sitemap',
          content: {
            'application/xml': {
              schema: { type: 'string' },
              example: '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://hertslocalmedia.co.uk/</loc></url></urlset>',
            },
          },
        },
        '503': errorResponse(503, ['The database is not answering; try again after Retry-After seconds']),
        default: defaultErrorResponse,
      },
    },
  },
  '/rss.xml': {
    servers: rootServer,
    get: {
      operationId: 'blog-rss',
      tags: ['Blog'],
      summary: 'RSS 2.0 feed of the latest 50 published blog posts',
      security: [],
      responses: {
        '200': {
          description: 'RSS feed',
          content: {
            'application/rss+xml': {
              schema: { type: 'string' },
              example: '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Herts Local Media blog</title></channel></rss>',
            },
          },
        },
        '503': errorResponse(503, ['The database is not answering; try again after Retry-After seconds']),
        default: defaultErrorResponse,
      },
    },
  },
};
