import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../platform/db/errors';
import { DomainError } from '../../platform/errors';
import { INTERNAL_ERROR_MESSAGE, sendApiError, sendDomainError } from './api-errors';

/**
 * Errors from plain routes and from Fastify itself (bad JSON, too large, an unknown content type,
 * rate limits) leave in the one error shape, { message, code } (api-errors.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // The router matches /api/audio-proxy/ to /api/audio-proxy/:id with an empty id; nothing lives there.
  app.addHook('onRequest', (req, reply, done) => {
    const params = req.params as Record<string, string> | undefined;
    for (const name in params) {
      if (name !== '*' && params[name] === '') {
        void sendApiError(reply, 404, `There is nothing at ${req.url.split('?', 1)[0]}.`);
        return;
      }
    }
    done();
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    if (error instanceof DomainError) return sendDomainError(reply, error);
    if (isDatabaseUnavailable(error)) {
      return sendApiError(reply, 503, 'The service is briefly unavailable. Please try again in a moment.', {
        'Retry-After': '5',
      });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return sendApiError(
      reply,
      status,
      status >= 500 ? INTERNAL_ERROR_MESSAGE : error.message || 'Bad request',
    );
  });
}

/**
 * While shutting down, answers close their keep-alive connections, so the server can stop as soon
 * as the requests in flight are done (new requests on open sockets get a 503).
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) void reply.header('Connection', 'close');
    done(null, payload);
  });
}
