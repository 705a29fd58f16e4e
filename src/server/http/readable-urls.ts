import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INTERNAL_ERROR_MESSAGE, sendApiError } from './api-errors';

// An address whose path or query holds a NUL character, or percent-encoded bytes that are not
// UTF-8, names nothing on this site, and PostgreSQL text can hold neither (a NUL tag slug reached
// the feed's query and failed there, 22021, as a 500). Every request is checked once here, before
// any route, page or procedure reads its parameters, so a new route needs no check of its own.

export const UNREADABLE_URL_MESSAGE =
  'The address has a NUL character or percent-encoded bytes that are not UTF-8, so it names nothing here.';

/** A run of percent-encoded bytes: one UTF-8 character may take several (%C3%A9). */
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether an address (path and query as sent) is text: no NUL, raw or encoded, and every
 * percent-encoded run valid UTF-8. A '%' not followed by two hex digits is left alone, as the query
 * parser leaves it (a typed '50%off').
 */
export function isReadableUrl(url: string): boolean {
  if (url.includes('\u0000')) return false;
  if (!url.includes('%')) return true;
  for (const [run] of url.matchAll(PERCENT_RUN)) {
    const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
    if (bytes.includes(0)) return false;
    try {
      utf8.decode(bytes);
    } catch {
      return false;
    }
  }
  return true;
}

function refuseUnreadableUrl(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, 400, UNREADABLE_URL_MESSAGE);
}

/**
 * Refuses unreadable addresses with a 400 in the one error shape: first thing on every request,
 * and where the router itself cannot decode a path parameter (Fastify's framework errors, which it
 * would otherwise answer in a shape of its own).
 */
export function registerUrlCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (isReadableUrl(req.url)) return done();
    void refuseUnreadableUrl(reply);
  });
}

/** Fastify's `frameworkErrors` option: the router's own refusals, in the one error shape. */
export function answerFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') void refuseUnreadableUrl(reply);
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void sendApiError(reply, 414, 'A part of the address is too long.');
  else void sendApiError(reply, 500, INTERNAL_ERROR_MESSAGE);
}
