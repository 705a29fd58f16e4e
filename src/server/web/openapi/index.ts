import { z } from 'zod';
import {
  forEachOpenApiProcedure,
  generateOpenApiDocument,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  normalizePath,
  unwrapZodType,
  type OpenAPIObject,
} from 'trpc-to-openapi';
import type { AnyTRPCRouter } from '@trpc/server';
import { apiDocsDocs } from '../http/api-docs';
import type { PathItem } from '../http/docs-parts';
import { readinessDocs } from '../http/readiness';
import { seoRouteDocs } from '../http/seo';
import { declarationsOf, type DeclaredResponse } from '../trpc/responses';
import { addExamples } from './examples';
import {
  defaultErrorResponse,
  ERROR_SCHEMA_NAME,
  errorResponses,
  errorSchema,
  groupByStatus,
  httpLayerResponses,
  withUnreadableUrlResponses,
  SESSION_SECURITY,
} from './responses';

type JsonObject = Record<string, unknown>;
type Operation = JsonObject & { responses: Record<string, JsonObject> };

export const API_BASE_PATH = '/api';

const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'The authToken returned by POST /admin/login, sent as `Authorization: Bearer <token>`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description:
      'The HttpOnly session cookie POST /admin/login sets (named `__Host-session` when the site runs on https). ' +
      'Writes authenticated by it must come from this site: from another origin they get 403.',
  },
} as const;

const etagHeader = {
  description: 'Validator of this answer: send it back as If-None-Match to get 304 while it is unchanged.',
  schema: { type: 'string' },
  example: '"3q2-7wXz9bZ1yA"',
};

/**
 * Completes the operation trpc-to-openapi generated for one procedure: every status it can answer
 * (meta.openapi.errorResponses, its middleware, the HTTP layers; see trpc/responses.ts), each with
 * its own description, the Error schema and a default response; its security; 304 for cached reads.
 * The generator's own error responses are replaced: it keeps one per tRPC code for the whole
 * document, so the first description registered for a code would win everywhere.
 */
function completeProcedureOperation(
  operation: Operation,
  procedurePath: string,
  type: 'query' | 'mutation' | 'subscription',
  procedure: Parameters<typeof getInputOutputParsers>[0],
  meta: {
    openapi: {
      method: string;
      path: string;
      errorResponses?: number[] | Record<number, string>;
      requestHeaders?: z.ZodObject;
    };
    outputStatuses?: Record<number, string>;
    cache?: 'public';
  },
): void {
  const { method, errorResponses: explicit = {} } = meta.openapi;
  if (Array.isArray(explicit)) {
    throw new Error(
      `${procedurePath}: give each status in errorResponses a description ({ 404: 'No such post' }).`,
    );
  }
  const { inputParser } = getInputOutputParsers(procedure);
  const hasInput = !instanceofZodTypeLikeVoid(unwrapZodType(inputParser, true));
  const fromMiddleware = declarationsOf(procedure, { procedure: procedurePath, type, method });
  const declared: DeclaredResponse[] = [
    ...Object.entries(explicit).map(([status, description]) => ({ status: Number(status), description })),
    ...fromMiddleware.responses,
    ...httpLayerResponses({ method, hasInput, hasPathParameters: meta.openapi.path.includes('{') }),
  ];
  const byStatus = groupByStatus(declared);

  const success = operation.responses['200']!;
  const responses: Record<string, JsonObject> = { '200': success };
  if (meta.cache === 'public') {
    success.headers = { ...(success.headers as JsonObject | undefined), ETag: etagHeader };
    responses['304'] = {
      description: 'Unchanged since the ETag sent as If-None-Match; no body.',
      headers: { ETag: etagHeader },
    };
  }
  for (const [status, description] of Object.entries(meta.outputStatuses ?? {})) {
    // The output schema answers with this status too (GET /health: 503 with the report).
    responses[status] = { description, content: success.content };
    delete byStatus[Number(status)];
  }
  Object.assign(responses, errorResponses(byStatus));
  responses.default = defaultErrorResponse;
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  operation.security = fromMiddleware.requiresSession ? SESSION_SECURITY : [];
  if (fromMiddleware.notes.length > 0) {
    const said = typeof operation.description === 'string' ? operation.description : '';
    operation.description = [said, ...fromMiddleware.notes].filter(Boolean).join('\n\n');
  }
  Object.assign(operation, fromMiddleware.extensions);
  documentRequestHeaders(operation, meta.openapi.requestHeaders);
}

/**
 * Request headers of an operation without input (trpc-to-openapi lists them only beside input
 * parameters), and the Idempotent-Replayed answer header where Idempotency-Key is accepted.
 */
function documentRequestHeaders(operation: Operation, headers: z.ZodObject | undefined): void {
  if (!headers) return;
  const parameters = ((operation as { parameters?: JsonObject[] }).parameters ??= []);
  for (const [name, schema] of Object.entries(headers.shape) as Array<[string, z.ZodType]>) {
    if (parameters.some((p) => p.in === 'header' && p.name === name)) continue;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
    delete json.$schema;
    parameters.push({
      in: 'header',
      name,
      schema: json,
      ...(json.description ? { description: json.description } : {}),
    });
  }
  if ('Idempotency-Key' in headers.shape) {
    const success = operation.responses['200']! as JsonObject;
    success.headers = {
      ...(success.headers as JsonObject | undefined),
      'Idempotent-Replayed': {
        description:
          'true when this is the answer kept for an earlier request with the same Idempotency-Key and body.',
        schema: { type: 'string', enum: ['true'] },
      },
    };
  }
}

/** Drops component schemas nothing refers to (the generator's per-code error schemas). */
function pruneUnusedSchemas(doc: JsonObject): void {
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  if (!components?.schemas) return;
  for (;;) {
    const text =
      JSON.stringify({ ...doc, components: { ...components, schemas: undefined } }) +
      JSON.stringify(components.schemas);
    const unused = Object.keys(components.schemas).filter((name) => {
      const ref = JSON.stringify(`#/components/schemas/${name}`);
      return !text.includes(ref);
    });
    if (unused.length === 0) return;
    for (const name of unused) delete components.schemas[name];
  }
}

/**
 * The API's OpenAPI document: every tRPC procedure of the app's router with openapi meta, plus the
 * plain routes: the domains' (domainRouteDocs) and the web floor's own.
 */
export function buildOpenApiDocument(
  appRouter: AnyTRPCRouter,
  domainRouteDocs: Record<string, PathItem>,
): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Herts Local Media API',
    description:
      'The public and admin API of the Herts Local Media website and SparkAI Academy.\n\n' +
      'Admin calls take the session token as `Authorization: Bearer <token>` or as the session cookie. ' +
      'Every error, from every layer, has one shape (`#/components/schemas/Error`): `{ message, code, issues? }`. ' +
      'Each operation lists every status it can answer; anything else is a failure on our side (the `default` response). ' +
      'OPTIONS on any path answers 204 with `Allow`; a method a path does not offer answers 405 with `Allow`.',
    version: '1.0.0',
    baseUrl: API_BASE_PATH,
    securitySchemes: securitySchemes as never,
  });
  const paths = doc.paths as Record<string, Record<string, Operation>>;

  forEachOpenApiProcedure<{ outputStatuses?: Record<number, string>; cache?: 'public' }>(
    appRouter._def.procedures,
    ({ path, type, procedure, meta }) => {
      const operation = paths[normalizePath(meta.openapi.path)]?.[meta.openapi.method.toLowerCase()];
      if (!operation)
        throw new Error(`${path}: no operation generated for ${meta.openapi.method} ${meta.openapi.path}`);
      completeProcedureOperation(operation, path, type, procedure, meta);
    },
  );

  doc.paths = {
    ...doc.paths,
    ...withUnreadableUrlResponses({
      ...domainRouteDocs,
      ...apiDocsDocs,
      ...readinessDocs,
      ...seoRouteDocs,
    }),
  };
  // Stable key order keeps the committed file's diffs readable.
  doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b)));

  doc.info.license = {
    name: 'All rights reserved; use under the site terms',
    url: 'https://hertslocalmedia.co.uk/terms-conditions',
  };
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, [ERROR_SCHEMA_NAME]: errorSchema },
  };
  pruneUnusedSchemas(doc as unknown as JsonObject);
  addExamples(doc as unknown as JsonObject);
  return doc;
}
