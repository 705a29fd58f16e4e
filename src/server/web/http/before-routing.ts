import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import type { AddressLimiters } from '../trpc/rate-limit';

/**
 * Answers a request itself and returns true, or returns false for Fastify to handle it. An answer
 * that took the request may still give it to Fastify later, once, with `handOver` (before reading
 * its body): the beacon does when its sender is over the rate limit, for Fastify's 429.
 */
export type EarlyAnswer = (
  req: IncomingMessage,
  res: ServerResponse,
  handOver: (req: IncomingMessage, res: ServerResponse) => void,
) => boolean;

/**
 * What an early answer is lent of the app, so that it answers as Fastify's routes would: the same
 * limits (counted in the same store), headers, log and session cookie.
 */
export interface EarlyAnswerTools {
  /** Whether an address is over a policy's limit, counting this request. */
  overLimit: AddressLimiters;
  /** The API's security headers (security-headers.ts). */
  securityHeaders: Record<string, string>;
  log: FastifyBaseLogger;
  /** TRUST_PROXY is set: the client's address is Fastify's to work out, so such requests go to it. */
  behindProxy: boolean;
  /** The name of the session cookie: a request that carries it may need the session read. */
  sessionCookie: string;
}

/** An early answer a domain registers, made once the app's tools exist. */
export type EarlyAnswerFactory = (deps: AppDeps, tools: EarlyAnswerTools) => EarlyAnswer;

/** The first of `answers` that takes a request. */
export function firstOf(answers: readonly EarlyAnswer[]): EarlyAnswer {
  return (req, res, handOver) => {
    for (const answer of answers) if (answer(req, res, handOver)) return true;
    return false;
  };
}

/**
 * Offers each request of Fastify's HTTP server to `answer` before Fastify routes it: the response
 * cache's fresh hits and what domains register (the page-view beacon), which need none of Fastify's routing, request and
 * reply objects, child logger or hooks (decision 0022). Fastify's own handler, the server's one request listener, runs for
 * everything else. The server stays the one Fastify made, with its settings. `app.inject` does not
 * pass through here, so the same hits are also answered by the cache's hook inside Fastify, as
 * they are on the extra servers Fastify starts when HOST names several addresses.
 */
export function answerBeforeRouting(server: Server, answer: EarlyAnswer): void {
  const fastifyHandlers = server.listeners('request') as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  server.removeAllListeners('request');
  const toFastify = (req: IncomingMessage, res: ServerResponse) => {
    for (const handler of fastifyHandlers) handler(req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answer(req, res, toFastify)) return;
    toFastify(req, res);
  });
}
