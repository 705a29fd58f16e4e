import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { tooManyRequests } from '../../platform/errors';

// Per-client-address limits on everything a visitor can use to make us work or send mail. The
// address is Fastify's req.ip, so TRUST_PROXY makes them hold behind a reverse proxy.
export const RATE_LIMIT_POLICIES = {
  /** A ceiling on every sign-in request against floods; failures are throttled by domains/auth/sign-in-throttle.ts. */
  signIn: { max: 100, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 15 * 60_000 },
  contact: { max: 10, windowMs: 10 * 60_000 },
  newsletter: { max: 10, windowMs: 10 * 60_000 },
  checkout: { max: 20, windowMs: 10 * 60_000 },
  /** Each asks Stripe something: the success page's check, and opening the billing portal. */
  paymentLookup: { max: 60, windowMs: 10 * 60_000 },
  upload: { max: 60, windowMs: 10 * 60_000 },
  /** Page-view beacons: far above a reader's pace, a ceiling on one address filling the table. */
  pageView: { max: 300, windowMs: 60_000 },
  /**
   * Blog searches that miss the response cache (a repeat is a cache hit and costs nothing): a reader
   * who types a search every few seconds and pages through the results makes 10-20 a minute; a
   * flood of distinct searches from one address stops here.
   */
  search: { max: 60, windowMs: 60_000 },
  /**
   * Pages rendered because the response cache did not have them (a cached page never counts): a new
   * page number or category on every request is work a stranger can ask for at will. A reader
   * loads a few a minute; an office or a school behind one address, many readers' worth.
   */
  pageRender: { max: 300, windowMs: 60_000 },
} as const;
export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** Which procedures each policy guards (tRPC path -> policy): one table for REST and RPC alike. */
export const PROCEDURE_RATE_LIMITS: Record<string, RateLimitPolicy> = {
  'auth.login': 'signIn',
  'auth.forgotPassword': 'passwordReset',
  'auth.resetPassword': 'passwordReset',
  'contact.send': 'contact',
  // A reservation sends e-mails as an enquiry does, so it counts against the same limit.
  'workshops.reserve': 'contact',
  'newsletter.subscribe': 'newsletter',
  'academy.createSubscription': 'checkout',
  'academy.checkoutStatus': 'paymentLookup',
  'academy.openBillingPortal': 'paymentLookup',
  'uploads.createUploadUrl': 'upload',
  // The search page asks the same procedure while it renders, so it counts here too.
  'blog.search': 'search',
};

export const RATE_LIMIT_MESSAGE =
  'Too many requests from your connection. Please wait a few minutes and try again.';

export type RateLimiters = Record<RateLimitPolicy, (req: FastifyRequest) => Promise<void>>;

/** Builds one checker per policy on @fastify/rate-limit (registered with global: false). */
export function createRateLimiters(app: FastifyInstance, config: Config): RateLimiters {
  const enforce: Partial<RateLimiters> = {};
  for (const [name, policy] of Object.entries(RATE_LIMIT_POLICIES) as Array<
    [RateLimitPolicy, (typeof RATE_LIMIT_POLICIES)[RateLimitPolicy]]
  >) {
    const check = app.createRateLimit({
      max: Math.max(1, Math.round(policy.max * config.RATE_LIMIT_MULTIPLIER)),
      timeWindow: policy.windowMs,
      keyGenerator: (req) => `${name}:${req.ip}`,
    });
    enforce[name] = async (req: FastifyRequest) => {
      const limit = await check(req);
      if (!limit.isAllowed && limit.isExceeded) {
        throw tooManyRequests(RATE_LIMIT_MESSAGE, Math.max(1, limit.ttlInSeconds));
      }
    };
  }
  return enforce as RateLimiters;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-policy limiters, for plain routes: `await app.rateLimiters.upload(req)`. */
    rateLimiters: RateLimiters;
  }
}
