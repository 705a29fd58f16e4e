import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { trustProxySetting } from './config';
import type { AppDeps } from './deps';
import type { AdminChange } from '../shared/activity';
import { DOMAINS, domainRouteDocs } from './domains';
import { recordAdminChange } from './domains/activity';
import { validateSessionToken } from './domains/auth';
import { appRouter } from './router';
import { systemResponseMeta } from './web/trpc/system';
import { createContextFactory } from './web/trpc/context';
import { createRateLimit } from './web/trpc/rate-limit';
import { registerApiDocs } from './web/http/api-docs';
import { answerBeforeRouting } from './web/http/before-routing';
import { registerBuiltClient } from './web/http/built-client';
import { acceptEmptyJsonBodies } from './web/http/empty-body';
import { closeConnectionsWhenClosing, registerErrorHandler } from './web/http/error-handler';
import { JSON_BODY_LIMIT_BYTES } from './web/http/limits';
import { isCacheablePage, notFoundPageKey, pageCacheKey, pageCacheKind } from './web/http/pages';
import { answerFrameworkError, registerUrlCheck } from './web/http/readable-urls';
import { readinessRoutes } from './web/http/readiness';
import { logProcedureFailure, registerRequestId, requestLogOptions } from './web/http/request-log';
import { publicReadsOf, registerResponseCache } from './web/http/response-cache';
import { registerRestApi } from './web/http/rest';
import { registerSecurityHeaders } from './web/http/security-headers';
import { registerSeoRoutes } from './web/http/seo';
import { registerTrpcEndpoint } from './web/http/trpc';
import { buildOpenApiDocument } from './web/openapi';
import { routeTable } from './web/openapi/routes';

export interface CreateAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** URLs per sitemap file: the protocol's 50,000 unless a test lowers it (web/http/seo.ts). */
  sitemapUrlsPerFile?: number;
  /** Where the standard log goes (tests read it); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the Fastify app: a list of registrations, in the order their hooks must run; no I/O of its own. */
export async function createApp(deps: AppDeps, options: CreateAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app: FastifyInstance = Fastify({
    ...requestLogOptions(config, options),
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  });

  // Readiness turns 503 when the process begins to stop (beginShutdown), or at the latest on close.
  const shutdown = { stopping: false };
  app.decorate('beginShutdown', () => {
    shutdown.stopping = true;
  });
  app.addHook('preClose', async () => {
    shutdown.stopping = true;
  });
  registerRequestId(app);
  const openApiDocument = buildOpenApiDocument(appRouter, domainRouteDocs);
  // Which methods each path answers, for OPTIONS and 405 (the upload routes also answer at the root).
  const routes = routeTable(openApiDocument, { '/objects/uploads/{name}': ['GET', 'PUT', 'POST'] });
  registerUrlCheck(app, routes);
  registerErrorHandler(app);
  closeConnectionsWhenClosing(app);
  await app.register(fastifyCookie);
  const securityHeaderNames = registerSecurityHeaders(app, config);
  // Public reads answered from memory with ETags until the next write (see web/http/response-cache.ts).
  const responseCache = registerResponseCache(app, {
    ttlMs: 10_000,
    publicReads: publicReadsOf(appRouter),
    alsoCache: isCacheablePage,
    keyOf: pageCacheKey,
    pageKind: pageCacheKind,
    notFoundKey: notFoundPageKey,
    invalidation: deps.sharedState?.cache,
    nextChange: () => nextPublicChange(deps),
    replayedHeaders: securityHeaderNames,
  });
  // What a domain keeps in memory beside the cache (the blog's addresses and pages) is dropped with it.
  for (const domain of DOMAINS) {
    const onEmpty = domain.cache?.onEmpty;
    if (onEmpty) responseCache.onEmpty(() => onEmpty(deps.db));
  }
  // So do the pages visitor figures count views by: a post or an issue may be new or gone.
  responseCache.onEmpty(() => deps.analytics.pagesChanged());

  // Limits are applied per procedure and per plain route, each declared by its domain (see
  // web/trpc/rate-limit.ts), not globally.
  // With REDIS_URL they count in Redis, across instances; while Redis is away they let requests
  // through (skipOnError) rather than fail them, and readiness reports it.
  await app.register(
    fastifyRateLimit,
    deps.sharedState
      ? {
          global: false,
          redis: deps.sharedState.rateLimitClient,
          nameSpace: 'hlm:rate-limit:',
          skipOnError: true,
        }
      : { global: false },
  );
  const rateLimit = createRateLimit(app, config);
  // Fresh hits are answered from the HTTP server's request event, before Fastify routes; once the
  // process begins to stop, Fastify answers every request again.
  answerBeforeRouting(
    app.server,
    (req, res) => !shutdown.stopping && responseCache.answerBeforeRouting(req, res, app.log),
  );
  app.decorate('applyRateLimit', rateLimit);
  // Who a session token is (auth) and where admin changes are written (activity), for the floor's
  // admin procedures and the plain routes' admin guard.
  const adminHooks = {
    sessionOf: validateSessionToken,
    recordChange: (hookDeps: AppDeps, change: AdminChange) => recordAdminChange(hookDeps.db, change),
  };
  app.decorate('adminHooks', adminHooks);
  const createContext = createContextFactory(deps, rateLimit, adminHooks);
  await registerTrpcEndpoint(app, appRouter, createContext);

  // Plain routes first, so they win over the REST catch-all below: the few that are not JSON (files,
  // audio, the payment webhook, exports), each described beside it (domains.ts gathers the docs).
  await registerApiDocs(app, openApiDocument);
  for (const domain of DOMAINS) for (const routes of domain.routes?.(deps) ?? []) await app.register(routes);
  await app.register(readinessRoutes(deps, shutdown));
  acceptEmptyJsonBodies(app);
  registerSeoRoutes(app, deps, {
    urlsPerFile: options.sitemapUrlsPerFile,
    sitemap: DOMAINS.flatMap((domain) => (domain.sitemap ? [domain.sitemap] : [])),
  });
  registerRestApi(app, {
    routes,
    router: appRouter,
    createContext,
    responseMeta: systemResponseMeta,
    onError: logProcedureFailure(app),
  });

  await registerBuiltClient(app, deps, {
    createContext,
    routes,
    router: appRouter,
    movedPages: DOMAINS.flatMap((domain) => domain.movedPages?.(deps.db) ?? []),
  });
  return app;
}

/** The soonest moment a domain's public reads change by themselves (a scheduled post), or null. */
async function nextPublicChange(deps: AppDeps): Promise<number | null> {
  const moments: number[] = [];
  for (const domain of DOMAINS) {
    const at = await domain.cache?.nextChange?.(deps.db);
    if (at !== undefined && at !== null) moments.push(at);
  }
  return moments.length > 0 ? Math.min(...moments) : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process is about to stop: readiness answers 503 from now on, while requests still are served. */
    beginShutdown(): void;
  }
}
