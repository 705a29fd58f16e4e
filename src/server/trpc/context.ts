import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app';
import type { RateLimiters } from './rate-limit';

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
  rateLimiters: RateLimiters;
}

export function sessionCookieName(deps: AppDeps): string {
  return deps.config.isHttps ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function createContextFactory(deps: AppDeps, rateLimiters: RateLimiters) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => {
    const header = req.headers.authorization;
    const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
    const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[sessionCookieName(deps)] ?? null;
    return {
      deps,
      req,
      res,
      sessionToken: bearer ?? cookie,
      tokenSource: bearer ? 'bearer' : cookie ? 'cookie' : null,
      ip: req.ip,
      rateLimiters,
    };
  };
}
