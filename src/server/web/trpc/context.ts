import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { RateLimit } from './rate-limit';

export const SESSION_COOKIE = 'session';
export const SECURE_SESSION_COOKIE = '__Host-session';

export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  /** The session token from the Authorization bearer header or the session cookie. */
  sessionToken: string | null;
  /** How the token arrived: cookie-authenticated writes get a same-origin check. */
  tokenSource: 'bearer' | 'cookie' | null;
  /** The client address, as Fastify saw it (trust-proxy aware). */
  ip: string;
  rateLimit: RateLimit;
}

export function sessionCookieName(deps: AppDeps): string {
  return deps.config.isHttps ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session token of a request: the bearer header first, then the session cookie. */
export function readSessionToken(
  req: FastifyRequest,
  deps: AppDeps,
): { token: string | null; source: 'bearer' | 'cookie' | null } {
  const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, source: 'bearer' };
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[sessionCookieName(deps)];
  return cookie ? { token: cookie, source: 'cookie' } : { token: null, source: null };
}

export function createContextFactory(deps: AppDeps, rateLimit: RateLimit) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => {
    const { token, source } = readSessionToken(req, deps);
    return { deps, req, res, sessionToken: token, tokenSource: source, ip: req.ip, rateLimit };
  };
}
