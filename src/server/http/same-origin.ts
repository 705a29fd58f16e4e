import type { FastifyRequest } from 'fastify';

/**
 * True when a browser tells us the request comes from another site. Cookie-authenticated writes
 * are refused then (cross-site request forgery); bearer-token calls never carry ambient credentials
 * and are not affected. Requests without these headers (curl, server-to-server) are not browsers'.
 */
export function isCrossSiteRequest(req: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  const host = req.headers.host;
  try {
    const originUrl = new URL(origin);
    if (originUrl.origin === new URL(publicUrl).origin) return false;
    return originUrl.host !== host;
  } catch {
    return true;
  }
}
