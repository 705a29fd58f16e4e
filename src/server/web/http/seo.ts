import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PathItem } from './docs-parts';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { sendApiError } from './api-errors';
import { ROUTE_LIST } from '../../../shared/routes';
import { defaultErrorResponse, errorResponse } from '../openapi/responses';
import { escapeXml } from '../../platform/escape';

// What search engines ask for: robots.txt and sitemap.xml, listing what the domains register.
// Which pages are listed and which are kept out is each route's `indexing` in the route table.
const PUBLIC_PAGES = ROUTE_LIST.filter((route) => route.indexing === 'sitemap').map((route) => route.path);
/** Admin and sign-in screens, and the API: nothing there for a search engine. */
const PRIVATE_PREFIXES = [
  ...ROUTE_LIST.filter((route) => route.indexing === 'disallow').map((route) => route.path),
  '/api/',
  '/trpc/',
];

const xml = escapeXml;

/** The sitemaps.org protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** An address of the sitemap with the day it last changed. */
export interface DatedAddress {
  path: string;
  lastmod: Date;
}

/** A domain's addresses in the sitemap (registered by the domain; this floor names none). */
export interface SitemapSource {
  /** A few addresses listed after the public pages (a blog's tags), cut into files with them. */
  fixed?(db: Database): Promise<string[]>;
  /** Dated addresses listed in the first file only (a few a month: they never fill one). */
  firstFile?(db: Database): Promise<DatedAddress[]>;
  /** Many dated addresses, newest first, cut into files after the fixed ones. */
  paged?: {
    count(db: Database): Promise<number>;
    list(db: Database, offset: number, limit: number): Promise<DatedAddress[]>;
  };
}

export function registerSeoRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: { urlsPerFile?: number | undefined; sitemap: readonly SitemapSource[] },
): void {
  // The crawler files are the same for every reader until a write, and the sitemap reads
  // every published post's address: the response cache keeps them, by path (a query string is
  // ignored, so one entry each). They are never pages, so they carry the API's headers.
  const publicRead = { config: { publicRead: true, notADocument: true } };
  const base = deps.config.publicUrl;

  app.get('/robots.txt', publicRead, async (_req, reply) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
      'Allow: /',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  // One sitemap while the site's URLs fit the protocol's 50,000 per file; beyond that /sitemap.xml is a
  // sitemap index of /sitemap-1.xml, /sitemap-2.xml .... The public pages open file 1.
  const perFile = Math.min(options.urlsPerFile ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const sendXml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  // The site's URLs as one sequence cut into files: the public pages and the domains' few fixed
  // addresses, then their paged ones (a blog's posts, newest first).
  const fixedPaths = async () => {
    const fixed = [...PUBLIC_PAGES];
    for (const source of options.sitemap) if (source.fixed) fixed.push(...(await source.fixed(deps.db)));
    return fixed;
  };
  const paged = options.sitemap.flatMap((source) => (source.paged ? [source.paged] : []));
  // How many files, with the fixed paths they start with and each paged source's count: read once per request.
  const layout = async () => {
    const fixed = await fixedPaths();
    const counts: number[] = [];
    for (const source of paged) counts.push(await source.count(deps.db));
    const total = counts.reduce((sum, count) => sum + count, fixed.length);
    return { fixed, counts, files: Math.max(1, Math.ceil(total / perFile)) };
  };
  /** The paged addresses from `offset` of their sequence (the sources one after another), at most `limit`. */
  const pagedAddresses = async (counts: number[], offset: number, limit: number) => {
    const found: DatedAddress[] = [];
    let first = 0;
    for (const [i, source] of paged.entries()) {
      const count = counts[i] ?? 0;
      const from = Math.max(offset, first);
      const to = Math.min(offset + limit, first + count);
      if (to > from) found.push(...(await source.list(deps.db, from - first, to - from)));
      first += count;
    }
    return found;
  };
  const dated = (address: DatedAddress) =>
    `  <url><loc>${xml(base + address.path)}</loc><lastmod>${xml(address.lastmod.toISOString().slice(0, 10))}</lastmod></url>`;
  const urlsOfFile = async (file: number, fixed: string[], counts: number[]) => {
    const start = (file - 1) * perFile;
    const end = start + perFile;
    const pages = fixed.slice(start, end);
    const pagedFrom = Math.max(start, fixed.length);
    const later =
      end > pagedFrom ? await pagedAddresses(counts, pagedFrom - fixed.length, end - pagedFrom) : [];
    const firstFile: DatedAddress[] = [];
    if (file === 1)
      for (const source of options.sitemap)
        if (source.firstFile) firstFile.push(...(await source.firstFile(deps.db)));
    return [
      ...pages.map((p) => `  <url><loc>${xml(base + p)}</loc><changefreq>weekly</changefreq></url>`),
      ...firstFile.map(dated),
      ...later.map(dated),
    ];
  };
  const urlset = (urls: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;

  app.get('/sitemap.xml', publicRead, async (_req, reply) => {
    const { fixed, counts, files } = await layout();
    if (files === 1) return sendXml(reply, urlset(await urlsOfFile(1, fixed, counts)));
    const entries = Array.from(
      { length: files },
      (_, i) => `  <sitemap><loc>${xml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file', publicRead, async (req, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(req.params.file);
    const file = match ? Number(match[1]) : 0;
    const { fixed, counts, files } = await layout();
    if (file < 1 || file > files || files === 1) {
      return sendApiError(
        reply,
        404,
        `There is no ${req.url.split('?', 1)[0]}; /sitemap.xml lists the sitemaps.`,
      );
    }
    return sendXml(reply, urlset(await urlsOfFile(file, fixed, counts)));
  });
}

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
        '200': {
          description: 'robots.txt',
          content: {
            'text/plain': {
              schema: { type: 'string' },
              example: 'User-agent: *\nDisallow: /admin\nSitemap: https://hertslocalmedia.co.uk/sitemap.xml',
            },
          },
        },
        default: defaultErrorResponse,
      },
    },
  },
  '/sitemap.xml': {
    servers: rootServer,
    get: {
      operationId: 'site-sitemap',
      tags: ['Site'],
      summary: 'Every public page and published blog post; a sitemap index once they pass 50,000 URLs',
      description:
        'While the public pages and published posts fit one sitemap (the protocol allows 50,000 URLs), this is ' +
        'that sitemap (`urlset`). Beyond that it is a `sitemapindex` listing /sitemap-1.xml, /sitemap-2.xml ... ' +
        'each of at most 50,000 URLs, newest posts first after the public pages.',
      security: [],
      responses: {
        '200': {
          description: 'A sitemaps.org sitemap',
          content: {
            'application/xml': {
              schema: { type: 'string' },
              example:
                '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://hertslocalmedia.co.uk/</loc></url></urlset>',
            },
          },
        },
        '503': errorResponse(503, ['The database is not answering; try again after Retry-After seconds']),
        default: defaultErrorResponse,
      },
    },
  },
  '/sitemap-{file}.xml': {
    servers: rootServer,
    get: {
      operationId: 'site-sitemap-part',
      tags: ['Site'],
      summary: 'One sitemap of the sitemap index (when /sitemap.xml is an index)',
      security: [],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'integer', minimum: 1 },
          description: 'Its number in the index, from 1',
          example: 2,
        },
      ],
      responses: {
        '200': {
          description: 'A sitemaps.org sitemap of at most 50,000 URLs',
          content: {
            'application/xml': {
              schema: { type: 'string' },
              example:
                '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://hertslocalmedia.co.uk/blog/42</loc></url></urlset>',
            },
          },
        },
        '404': errorResponse(404, [
          'No such sitemap: the number is past the index, or /sitemap.xml is a single sitemap',
        ]),
        '503': errorResponse(503, ['The database is not answering; try again after Retry-After seconds']),
        default: defaultErrorResponse,
      },
    },
  },
};
