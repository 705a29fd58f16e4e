import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { AdminChange } from '../../../shared/activity';
import type { RateLimit } from './rate-limit';
import type { StaffRole } from '../../../shared/staff';

export const SESSION_COOKIE = 'session';
export const SECURE_SESSION_COOKIE = '__Host-session';

/** A signed-in admin's session with its user, as the domain that keeps sessions reads it from a token. */
export interface AdminSession {
  user: { id: number; name: string; email: string; role: StaffRole };
  session: { id: string; userId: number; createdAt: Date; lastVerifiedAt: Date };
}

/**
 * What the admin procedures and the plain routes' admin guard need of the domains, handed in by the
 * composition root (app.ts) so that this floor names none: who a session token is, and where an
 * admin change is recorded.
 */
export interface AdminHooks {
  /** The session a token opens, with its user, or null. */
  sessionOf(deps: AppDeps, token: string): Promise<AdminSession | null>;
  /** Records a successful admin change. */
  recordChange(deps: AppDeps, change: AdminChange): Promise<void>;
}

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
  admin: AdminHooks;
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

export function createContextFactory(deps: AppDeps, rateLimit: RateLimit, admin: AdminHooks) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => {
    const { token, source } = readSessionToken(req, deps);
    return { deps, req, res, sessionToken: token, tokenSource: source, ip: req.ip, rateLimit, admin };
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The context's admin hooks, for the plain routes' admin guard (http/admin-guard.ts). */
    adminHooks: AdminHooks;
  }
}
