import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteTable } from '../openapi/routes';
import { apiError, INTERNAL_ERROR_MESSAGE, sendApiError } from './api-errors';

// An address whose path or query holds a NUL character, or percent-encoded bytes that are not
// UTF-8, cannot be read as text, and PostgreSQL text can hold neither (a NUL tag slug reached the
// feed's query and failed there, 22021, as a 500). Every request is checked once here, before any
// route, page or procedure reads its parameters, so a new route needs no check of its own: such a
// path names nothing (404), such a query parameter is bad input (400 naming it).

const UNREADABLE_TEXT = 'Text may not contain the NUL character or percent-encoded bytes that are not UTF-8';
export const UNREADABLE_PATH_MESSAGE =
  'Nothing is at this address: its path has a NUL character or percent-encoded bytes that are not UTF-8.';

/** A run of percent-encoded bytes: one UTF-8 character may take several (%C3%A9). */
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether part of an address is text: no NUL, raw or encoded, and every percent-encoded run valid
 * UTF-8. A '%' not followed by two hex digits is left alone, as the query parser leaves it (a typed
 * '50%off').
 */
export function isReadable(part: string): boolean {
  if (part.includes('\u0000')) return false;
  if (!part.includes('%')) return true;
  for (const [run] of part.matchAll(PERCENT_RUN)) {
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

/** A query parameter's name as the query parser reads it ('+' a space), or as sent when it is no encoding. */
function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/** The part of an address that cannot be read: its path, a query parameter (by name, '' if the name itself), or none. */
export function unreadablePart(url: string): { in: 'path' } | { in: 'query'; name: string } | null {
  if (isReadable(url)) return null;
  const [path = '', query = ''] = url.split('?', 2);
  if (!isReadable(path)) return { in: 'path' };
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s, 2);
    if (!isReadable(name)) return { in: 'query', name: '' };
    if (!isReadable(value)) return { in: 'query', name: parameterName(name) };
  }
  return { in: 'query', name: '' };
}

function refuseUnreadablePath(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, 404, UNREADABLE_PATH_MESSAGE);
}

/**
 * An OPTIONS, a method a documented path does not offer, or an API path that is not documented:
 * its 204, 405 (with Allow) or 404 reads neither path parameters nor query, and comes first, as for
 * any other address.
 */
function answersWithoutReading(req: FastifyRequest, routes: RouteTable): boolean {
  if (req.method === 'OPTIONS') return true;
  const path = req.url.split('?', 1)[0]!;
  const allow = routes.allowedMethods(path);
  if (allow === null) return /^\/api(\/|$)/.test(path);
  return !allow.includes(req.method === 'HEAD' ? 'GET' : req.method);
}

/**
 * Refuses unreadable addresses in the one error shape: first thing on every request, and where the
 * router itself cannot decode a path parameter (Fastify's framework errors, which it would otherwise
 * answer in a shape of its own).
 */
export function registerUrlCheck(app: FastifyInstance, routes: RouteTable): void {
  app.addHook('onRequest', (req, reply, done) => {
    const part = unreadablePart(req.url);
    if (part === null || answersWithoutReading(req, routes)) return done();
    if (part.in === 'path') return void refuseUnreadablePath(reply);
    const issue = { path: part.name, message: UNREADABLE_TEXT, code: 'custom' };
    void reply
      .status(400)
      .type('application/json; charset=utf-8')
      .send(apiError(400, part.name ? `${part.name}: ${UNREADABLE_TEXT}` : UNREADABLE_TEXT, [issue]));
  });
}

/** Fastify's `frameworkErrors` option: the router's own refusals, in the one error shape. */
export function answerFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') void refuseUnreadablePath(reply);
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void sendApiError(reply, 414, 'A part of the address is too long.');
  else void sendApiError(reply, 500, INTERNAL_ERROR_MESSAGE);
}
