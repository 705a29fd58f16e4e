import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True when a browser tells us the request comes from another site. Cookie-authenticated writes
 * are refused then (cross-site request forgery); bearer-token calls never carry ambient credentials
 * and are not affected. Requests without these headers (curl, server-to-server) are not browsers'.
 *
 * The site's own origin is PUBLIC_URL's, never the request's Host header, which a client chooses
 *. On a machine of one's own (PUBLIC_URL on localhost), the other loopback names for
 * the same port count as the site too, so http://127.0.0.1:5000 works when PUBLIC_URL says localhost.
 */
export function isCrossSiteRequest(req: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  if (!URL.canParse(origin)) return true;
  const from = new URL(origin);
  const site = new URL(publicUrl);
  if (from.origin === site.origin) return false;
  const local = LOOPBACK.has(site.hostname) && LOOPBACK.has(from.hostname);
  return !(local && from.protocol === site.protocol && from.port === site.port);
}
