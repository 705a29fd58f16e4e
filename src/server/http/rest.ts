import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';

type HandlerOptions = Parameters<typeof createOpenApiNodeHttpHandler>[0];

/**
 * Serves the tRPC procedures at their REST paths under /api, through trpc-to-openapi's node
 * handler. It does what the package's own Fastify plugin does, with one difference: the handler
 * hands the reply back to Fastify once it has sent it, so Fastify never sends a second answer
 * while async onSend hooks (ETags, the response cache) are still running.
 */
export function registerRestApi(app: FastifyInstance, options: Record<string, unknown>): void {
  const handle = createOpenApiNodeHttpHandler(options as unknown as HandlerOptions);
  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: '/api/*',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // The handler matches procedures on the path without the /api prefix; hooks keep seeing the
      // real URL through request.originalUrl.
      (request.raw as { originalUrl?: string }).originalUrl ??= request.raw.url;
      request.raw.url = request.url.replace(/^\/api/, '') || '/';
      const req = request as unknown as Record<string, unknown>;
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
        if (!reply.sent) void reply.send(data);
      };
      res.socket = reply.raw.socket;
      res.once = reply.raw.once.bind(reply.raw);
      res.on = reply.raw.on.bind(reply.raw);
      res.off = reply.raw.off.bind(reply.raw);
      res.emit = reply.raw.emit.bind(reply.raw);
      res.removeListener = reply.raw.removeListener.bind(reply.raw);
      await handle(request as never, reply as never);
      return reply;
    },
  });
}
