import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { defaultErrorResponse } from '../openapi/responses';
import type { PathItem } from './docs-parts';

/** GET /api/openapi.json, the document, and /api/docs, the same as a browsable reference page. */
export async function registerApiDocs(app: FastifyInstance, document: OpenAPIObject): Promise<void> {
  const json = JSON.stringify(document);
  app.get('/api/openapi.json', async (_req, reply) => {
    return reply.type('application/json').header('Cache-Control', 'no-cache').send(json);
  });

  // The generated document as it is (static mode: no routes are collected, no hooks added), and
  // Swagger UI over it from our own origin, its bundle served by @fastify/static; the validator badge
  // is off, since the page may connect only to this site. It costs other routes no throughput beyond
  // the noise (decision 0006, docs/bench/2026-11-25-api-reference-page.md).
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The plain layout, as before: no top bar with another project's logo and a box to load other documents.
    uiConfig: { deepLinking: true, layout: 'BaseLayout' },
    theme: { title: 'API reference - Herts Local Media' },
  });
}

// The two routes above, in the document they serve.
export const apiDocsDocs: Record<string, PathItem> = {
  '/openapi.json': {
    get: {
      operationId: 'system-openapi',
      tags: ['System'],
      summary: 'This OpenAPI 3.1 document',
      security: [],
      responses: {
        '200': {
          description: 'The document',
          content: {
            'application/json': {
              schema: { type: 'object', additionalProperties: true },
              example: { openapi: '3.1.0', info: { title: 'Herts Local Media API', version: '1.0.0' } },
            },
          },
        },
        default: defaultErrorResponse,
      },
    },
  },
  '/docs': {
    get: {
      operationId: 'system-docs',
      tags: ['System'],
      summary: 'This document as a browsable reference page',
      security: [],
      responses: {
        '200': {
          description: 'An HTML page',
          content: { 'text/html': { schema: { type: 'string' }, example: '<!doctype html>...' } },
        },
        default: defaultErrorResponse,
      },
    },
  },
};
