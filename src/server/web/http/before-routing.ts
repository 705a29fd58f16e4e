import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers a request itself and returns true, or returns false for Fastify to handle it. */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Offers each request of Fastify's HTTP server to `answer` before Fastify routes it: the response
 * cache's fresh hits, which need none of Fastify's routing, request and reply objects, child logger
 * or hooks (decision 0022). Fastify's own handler, the server's one request listener, runs for
 * everything else. The server stays the one Fastify made, with its settings. `app.inject` does not
 * pass through here, so the same hits are also answered by the cache's hook inside Fastify, as
 * they are on the extra servers Fastify starts when HOST names several addresses.
 */
export function answerBeforeRouting(server: Server, answer: EarlyAnswer): void {
  const fastifyHandlers = server.listeners('request') as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answer(req, res)) return;
    for (const handler of fastifyHandlers) handler(req, res);
  });
}
