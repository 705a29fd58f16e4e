import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TRPCError } from '@trpc/server';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { RouteTable } from '../openapi/routes';
import { apiError, errorBodyFromTrpc, sendApiError } from './api-errors';

type HandlerOptions = Parameters<typeof createOpenApiNodeHttpHandler>[0];

export interface RestApiOptions {
  router: unknown;
  createContext: unknown;
  responseMeta?: unknown;
  onError?: (opts: { error: TRPCError; path?: string }) => void;
  /** Which methods each documented path answers (openapi/routes.ts). */
  routes: RouteTable;
}

/**
 * Answers a request that no route takes: OPTIONS on a documented path is 204 with Allow, another
 * method there is 405 with Allow, and an unknown path is 404, all in the one error shape.
 */
export function answerUnrouted(req: FastifyRequest, reply: FastifyReply, routes: RouteTable): FastifyReply {
  const pathname = req.url.split('?', 1)[0] ?? '/';
  const allow = routes.allowedMethods(pathname);
  if (!allow) return sendApiError(reply, 404, `There is nothing at ${pathname}.`);
  if (req.method === 'OPTIONS') return reply.status(204).header('Allow', allow.join(', ')).send();
  // HEAD answers as GET would, to the byte.
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return sendApiError(
    reply,
    405,
    `${method} is not supported here. Use ${allow.filter((m) => m !== 'OPTIONS').join(', ')}.`,
    {
      Allow: allow.join(', '),
    },
  );
}

/**
 * Serves the tRPC procedures at their REST paths under /api, through trpc-to-openapi's node
 * handler. It does what the package's own Fastify plugin does, with these differences:
 * - the handler hands the reply back to Fastify once it has sent it, so Fastify never sends a
 *   second answer while async onSend hooks (ETags, the response cache) are still running (the
 *   package's plugin resolves to nothing after reply.send, which gives ERR_HTTP_HEADERS_SENT with
 *   such hooks: trpc/trpc-openapi#428, never merged, and trpc-to-openapi 3.3.0 still does it);
 * - errors leave in the one error shape (api-errors.ts) instead of the handler's own;
 * - HEAD runs the GET procedure (Fastify drops the body and keeps its length);
 * - OPTIONS, a method the path does not offer and an unknown path are answered from the route
 *   table of openapi.json (204 / 405 with Allow / 404).
 */
export function registerRestApi(app: FastifyInstance, options: RestApiOptions): void {
  const failures = new WeakMap<object, { error: TRPCError; procedure?: string }>();
  const handle = createOpenApiNodeHttpHandler({
    ...options,
    onError(opts: { error: TRPCError; path?: string; req: object }) {
      failures.set(opts.req, { error: opts.error, procedure: opts.path });
      options.onError?.(opts);
    },
  } as unknown as HandlerOptions);

  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/api/*',
    // Before the body is read: a wrong method or path is 405/404 whatever the body holds.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const allow = options.routes.allowedMethods(request.url.split('?', 1)[0] ?? '/');
      if (!allow || method === 'OPTIONS' || !allow.includes(method))
        return answerUnrouted(request, reply, options.routes);
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const method = request.method === 'HEAD' ? 'GET' : request.method;

      // The handler matches procedures on the path without the /api prefix; hooks keep seeing the
      // real URL through request.originalUrl.
      (request.raw as { originalUrl?: string }).originalUrl ??= request.raw.url;
      request.raw.url = request.url.replace(/^\/api/, '') || '/';
      // HEAD is GET without the body: the handler sees GET and runs the procedure; Fastify, which
      // still sees HEAD, keeps the length and sends no body.
      const req = (
        method === request.method ? request : Object.create(request, { method: { value: method } })
      ) as Record<string, unknown>;
      req.once = request.raw.once.bind(request.raw);
      req.on = request.raw.on.bind(request.raw);
      req.off = request.raw.off.bind(request.raw);
      req.destroy = request.raw.destroy.bind(request.raw);
      const res = reply as unknown as Record<string, unknown>;
      Object.defineProperty(res, 'statusCode', {
        set(value: number) {
          void reply.code(value);
        },
        get() {
          return reply.raw.statusCode;
        },
        configurable: true,
      });
      res.setHeader = (key: string, value: string) => void reply.header(key, value);
      res.end = (data: string) => {
        if (reply.sent) return;
        const failure = failures.get(req);
        if (failure) {
          // No procedure at all: a documented path whose plain route did not match (an over-long id).
          const body = failure.procedure
            ? errorBodyFromTrpc(failure.error, reply.statusCode)
            : apiError(reply.statusCode, `There is nothing at ${request.originalUrl.split('?', 1)[0]}.`);
          void reply.type('application/json; charset=utf-8').send(body);
          return;
        }
        void reply.send(data);
      };
      res.socket = reply.raw.socket;
      res.once = reply.raw.once.bind(reply.raw);
      res.on = reply.raw.on.bind(reply.raw);
      res.off = reply.raw.off.bind(reply.raw);
      res.emit = reply.raw.emit.bind(reply.raw);
      res.removeListener = reply.raw.removeListener.bind(reply.raw);
      await handle(req as never, reply as never);
      return reply;
    },
  });
}
