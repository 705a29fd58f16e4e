import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** Answers a request itself and returns true, or returns false for Fastify to handle it. */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The HTTP server Fastify listens with (its `serverFactory`), whose request event first offers each
 * request to an early answer: the response cache's fresh hits, which need none of Fastify's routing,
 * request and reply objects, child logger or hooks (decision 0022). `app.inject` does not pass
 * through here, so the same hits are also answered by the cache's hook inside Fastify.
 */
export function beforeRouting(): {
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** Set once what answers early exists (the cache is registered after Fastify is made). */
  answerWith(answer: EarlyAnswer): void;
} {
  let early: EarlyAnswer = () => false;
  return {
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!early(req, res)) handler(req, res);
      });
      // What Fastify sets on an HTTP server it makes itself (lib/server.js), with its defaults,
      // which createApp keeps.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    answerWith(answer) {
      early = answer;
    },
  };
}
