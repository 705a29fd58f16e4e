import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { tooManyRequests } from '../../platform/errors';

// Per-client-address limits on everything a visitor can use to make us work or send mail. Each is
// a policy named and sized by what it guards, declared by the domain it belongs to beside its
// procedure (`rateLimited` in init.ts) or plain route (`app.applyRateLimit`); this floor counts them.
// The address is Fastify's req.ip, so TRUST_PROXY makes them hold behind a reverse proxy.

/** A limit: at most `max` requests from one address in `windowMs`, counted under `name`. */
export interface RateLimitPolicy {
  /** The counter's name: two policies of one name count together. */
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Pages rendered because the response cache did not have them (a cached page never counts): a new
 * page number or category on every request is work a stranger can ask for at will. A reader
 * loads a few a minute; an office or a school behind one address, many readers' worth.
 */
export const PAGE_RENDER_RATE_LIMIT = { name: 'pageRender', max: 300, windowMs: 60_000 } as const;

export const RATE_LIMIT_MESSAGE =
  'Too many requests from your connection. Please wait a few minutes and try again.';

/** Counts a request against a policy; throws 429 (with Retry-After) when its address is over. */
export type RateLimit = (policy: RateLimitPolicy, req: FastifyRequest) => Promise<void>;

/**
 * The app's limiter on @fastify/rate-limit (registered with global: false): one checker per policy
 * name, made on its first request, for procedures and plain routes alike.
 */
export function createRateLimit(app: FastifyInstance, config: Config): RateLimit {
  const checks = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const checkOf = (policy: RateLimitPolicy) => {
    let check = checks.get(policy.name);
    if (!check) {
      check = app.createRateLimit({
        max: Math.max(1, Math.round(policy.max * config.RATE_LIMIT_MULTIPLIER)),
        timeWindow: policy.windowMs,
        keyGenerator: (req) => `${policy.name}:${req.ip}`,
      });
      checks.set(policy.name, check);
    }
    return check;
  };
  return async (policy, req) => {
    const limit = await checkOf(policy)(req);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests(RATE_LIMIT_MESSAGE, Math.max(1, limit.ttlInSeconds));
    }
  };
}

/** The 429's description in openapi.json: "More than 10 of these requests from one address in 10 minutes". */
export function rateLimitDescription({ max, windowMs }: RateLimitPolicy): string {
  const minutes = windowMs / 60_000;
  const window =
    minutes % 60 === 0
      ? `${minutes / 60 === 1 ? 'an' : minutes / 60} hour${minutes === 60 ? '' : 's'}`
      : minutes === 1
        ? 'a minute'
        : `${minutes} minutes`;
  return `More than ${max} of these requests from one address in ${window}; wait Retry-After seconds.`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a plain route's request against a policy: `await app.applyRateLimit(POLICY, req)`. */
    applyRateLimit: RateLimit;
  }
}
