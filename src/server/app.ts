import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { createRequire } from 'node:module';
import { trustProxySetting } from './config';
import type { AppDeps } from './deps';
import { appRouter, type AppRouter } from './routers';
import { createContextFactory } from './trpc/context';
import { createRateLimiters } from './trpc/rate-limit';
import { registerHttpRoutes } from './http';
import { registerRestApi } from './http/rest';
import { securityHeaders } from './http/security-headers';
import { registerResponseCache } from './http/response-cache';
import { isCacheablePage, pageCacheKey, registerPages } from './http/pages';
import { registerSeoRoutes } from './http/seo';
import { buildOpenApiDocument } from './openapi';
import { JSON_BODY_LIMIT_BYTES } from './http/limits';
import { INTERNAL_ERROR_MESSAGE, sendApiError, sendDomainError } from './http/api-errors';
import { routeTable, type RouteTable } from './openapi/routes';
import { DomainError } from './services/errors';
import { isDatabaseUnavailable } from './db/errors';
import { serializeError } from './log-errors';
import pino from 'pino';

export interface CreateAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** URLs per sitemap file: the protocol's 50,000 unless a test lowers it (http/seo.ts). */
  sitemapUrlsPerFile?: number;
  /** Where the standard log goes (tests read it); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

/** A request slower than this is logged as a warning, whatever LOG_LEVEL says. */
const SLOW_REQUEST_MS = 1000;

/** Builds the Fastify app: plugins and routes only, no I/O of its own. */
export async function createApp(deps: AppDeps, options: CreateAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        // A failed query's parameters (visitors' data) never reach the logs.
        err: serializeError,
        // Signed upload URLs and e-mailed tokens never reach the logs.
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&](?:signature|token)=)[^&]*/g, '$1[redacted]'),
          remoteAddress: req.ip,
        }),
      },
      // Written asynchronously (pino's SonicBoom flushes in the background and on exit), so a
      // request never waits for the terminal or a log shipper's pipe (issue 14.5).
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
    },
    // One line per completed request (below) instead of Fastify's 'incoming request' and
    // 'request completed' pair: half the log volume, and the line has what an operator needs.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
  });

  app.addHook('onRequest', async (req, reply) => {
    void reply.header('X-Request-Id', req.id);
  });

  // The request log: method, path without its query (where signatures and tokens travel), status
  // and time; the request id comes with req.log. Server errors and slow answers are warnings, so
  // LOG_LEVEL=warn still shows them.
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: req.method, path: req.originalUrl.split('?', 1)[0], status: reply.statusCode, ms };
    if (reply.statusCode >= 500 || ms >= SLOW_REQUEST_MS) req.log.warn(line, 'request');
    else req.log.info(line, 'request');
  });

  // The router matches /api/audio-proxy/ to /api/audio-proxy/:id with an empty id; nothing lives there.
  app.addHook('onRequest', async (req, reply) => {
    const params = req.params as Record<string, string> | undefined;
    if (params && Object.entries(params).some(([name, value]) => name !== '*' && value === '')) {
      return sendApiError(reply, 404, `There is nothing at ${req.url.split('?', 1)[0]}.`);
    }
  });

  // While shutting down, answers close their keep-alive connections, so the server can stop as
  // soon as the requests in flight are done (new requests on open sockets get a 503).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) void reply.header('Connection', 'close');
    return payload;
  });

  await app.register(fastifyCookie);
  // Helmet's policy, computed once and sent on every response (see http/security-headers.ts).
  const policyHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    strictTransportSecurity: config.isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_req, reply) => {
    void reply.headers(policyHeaders);
  });

  // Hashed scripts and styles are not documents: the page's policy headers mean nothing on them,
  // and dropping them saves about 600 bytes on each of a page's requests.
  const documentOnlyHeaders = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/assets/')) for (const name of documentOnlyHeaders) reply.removeHeader(name);
    return payload;
  });

  // Errors from plain routes and from Fastify itself (bad JSON, too large, an unknown content type,
  // rate limits) leave in the one error shape, { message, code } (http/api-errors.ts).
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    if (error instanceof DomainError) return sendDomainError(reply, error);
    if (isDatabaseUnavailable(error)) {
      return sendApiError(reply, 503, 'The service is briefly unavailable. Please try again in a moment.', { 'Retry-After': '5' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return sendApiError(reply, status, status >= 500 ? INTERNAL_ERROR_MESSAGE : error.message || 'Bad request');
  });

  // Public reads answered from memory with ETags until the next write (see http/response-cache.ts).
  registerResponseCache(app, { ttlMs: 10_000, alsoCache: isCacheablePage, keyOf: pageCacheKey });

  // Limits are applied per procedure and per plain route (see trpc/rate-limit.ts), not globally.
  await app.register(fastifyRateLimit, { global: false });
  const rateLimiters = createRateLimiters(app, config);
  app.decorate('rateLimiters', rateLimiters);

  const createContext = createContextFactory(deps, rateLimiters);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // Plain routes first, so they win over the REST catch-all below.
  const openApiDocument = buildOpenApiDocument();
  const openApiJson = JSON.stringify(openApiDocument);
  // Which methods each path answers, for OPTIONS and 405 (the upload routes also answer at the root).
  const routes = routeTable(openApiDocument, { '/objects/uploads/{name}': ['GET', 'PUT', 'POST'] });
  app.get('/api/openapi.json', async (_req, reply) => {
    return reply.type('application/json').header('Cache-Control', 'no-cache').send(openApiJson);
  });
  registerApiDocs(app);
  await registerHttpRoutes(app, deps);
  registerSeoRoutes(app, deps, { urlsPerFile: options.sitemapUrlsPerFile });

  registerRestApi(app, {
    routes,
    router: appRouter,
    createContext,
    responseMeta: ({ paths, data }: { paths?: string[]; data: unknown[] }) => {
      if (paths?.[0] === 'system.health') {
        const health = data[0] as { database?: string } | undefined;
        return { status: health?.database === 'down' ? 503 : 200, headers: { 'Cache-Control': 'no-store' } };
      }
      return {};
    },
    onError: ({ error, path: procedure }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
    },
  });

  await registerClient(app, deps, createContext, routes);
  return app;
}

function registerApiDocs(app: FastifyInstance): void {
  // The folder only: requiring the package would load its whole 1.5 MB bundle into the server.
  const assets = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const page = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference - Herts Local Media</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;
  const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/init.js', async (_req, reply) => reply.type('text/javascript').send(init));
  app.get<{ Params: { file: string } }>('/api/docs/assets/:file', async (req, reply) => {
    const allowed = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);
    if (!allowed.has(req.params.file)) return sendApiError(reply, 404, 'Not found');
    const type = req.params.file.endsWith('.css') ? 'text/css' : 'text/javascript';
    return reply
      .type(type)
      .header('Cache-Control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(assets, req.params.file)));
  });
}

/** The built client: hashed assets cached for a year; pages rendered by http/pages.ts. */
async function registerClient(
  app: FastifyInstance,
  deps: AppDeps,
  createContext: ReturnType<typeof createContextFactory>,
  routes: RouteTable,
): Promise<void> {
  const { config } = deps;
  if (fs.existsSync(path.join(config.clientDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.clientDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  await registerPages(app, deps, { clientDist: config.clientDist, ssrDist: config.ssrDist, createContext, routes });
}
