import { defaultErrorResponse, errorResponse } from '../../../web/openapi/responses';
import type { PathItem } from '../../../web/http/docs-parts';

const rootServer = [{ url: '/' }];

// The blog's feeds (feeds.ts), at the site's root, not under /api.
export const feedDocs: Record<string, PathItem> = {
  '/blog/tag/{slug}/rss.xml': {
    servers: rootServer,
    get: {
      operationId: 'blog-tag-rss',
      tags: ['Blog'],
      summary: "RSS 2.0 feed of a tag's latest 50 published posts",
      security: [],
      parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'RSS feed',
          content: { 'application/rss+xml': { schema: { type: 'string' } } },
        },
        '301': {
          description: "The tag's earlier address (merged into another tag, or an older form of its slug)",
          headers: { Location: { description: "The feed's address now", schema: { type: 'string' } } },
        },
        '404': errorResponse(404, ['No such tag']),
        '503': errorResponse(503, ['The database is not answering; try again after Retry-After seconds']),
        default: defaultErrorResponse,
      },
    },
  },
  '/author/{slug}/rss.xml': {
    servers: rootServer,
    get: {
      operationId: 'blog-author-rss',
      tags: ['Blog'],
      summary:
        "RSS 2.0 feed of an author's latest 50 published posts (each item names its authors in dc:creator)",
      security: [],
      parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'RSS feed',
          content: { 'application/rss+xml': { schema: { type: 'string' } } },
        },
        '301': {
          description: "The author's earlier address (they changed it in their profile)",
          headers: { Location: { description: "The feed's address now", schema: { type: 'string' } } },
        },
        '404': errorResponse(404, ['No such author']),
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
              example:
                '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Herts Local Media blog</title></channel></rss>',
            },
          },
        },
        '503': errorResponse(503, ['The database is not answering; try again after Retry-After seconds']),
        default: defaultErrorResponse,
      },
    },
  },
};
