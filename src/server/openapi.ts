import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { plainRouteDocs } from './http/docs';
import { seoRouteDocs } from './http/seo';
import { appRouter } from './routers';

/** The API's OpenAPI document: every tRPC procedure with openapi meta, plus the plain routes. */
export function buildOpenApiDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Herts Local Media API',
    description:
      'The public and admin API of the Herts Local Media website and SparkAI Academy. ' +
      'Admin calls take the session token as `Authorization: Bearer <token>` or as the session cookie.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'The authToken returned by POST /admin/login' },
    },
  });
  doc.paths = { ...doc.paths, ...plainRouteDocs, ...seoRouteDocs };
  // Stable key order keeps the committed file's diffs readable.
  doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  return doc;
}
