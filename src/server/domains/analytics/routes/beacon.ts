import type { FastifyInstance } from 'fastify';
import { PAGE_VIEW_BEACON_MAX_BYTES, PAGE_VIEW_BEACON_PATH } from '../../../../shared/analytics.schema';
import type { AppDeps } from '../../../deps';
import { beaconOf, visitFrom } from '../pipeline';
import { isSignedIn } from '../../../web/http/admin-guard';
import { sendApiError } from '../../../web/http/api-errors';

/** What a beacon's body must be. */
export const NOT_A_BEACON = 'The body must be JSON: {"u": "/path", "r": "referrer"}.';
/** A beacon refused because a batch of views is waiting to be written (503), and when to try again. */
export const VIEWS_WAITING = 'Too many page views are waiting to be written. Please try again in a second.';
export const VIEWS_WAITING_RETRY_AFTER = '1';
/** Far above a reader's pace: a ceiling on one address filling the table. */
export const PAGE_VIEW_RATE_LIMIT = { name: 'pageView', max: 300, windowMs: 60_000 } as const;

/**
 * POST /api/analytics/view, the page-view beacon: answers 202 before anything is written (the
 * recorder buffers views and writes them once a second), 400 for a body that is not a beacon. It is
 * the one way a beacon is answered: answering it before Fastify routes it saved less than the
 * machine's noise (docs/bench/2026-11-29-beacon-early-path.md, decision 0026).
 */
export function beaconRoute(deps: AppDeps) {
  return async function beacon(app: FastifyInstance): Promise<void> {
    // Both of the beacon's types stay strings here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      BEACON_CONTENT_TYPES,
      { parseAs: 'string', bodyLimit: PAGE_VIEW_BEACON_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );

    app.post(
      PAGE_VIEW_BEACON_PATH,
      { config: { keepsPublicReads: true, quietSuccess: true } },
      async (req, reply) => {
        await app.applyRateLimit(PAGE_VIEW_RATE_LIMIT, req);
        const beacon = beaconOf(typeof req.body === 'string' ? req.body : '');
        if (!beacon) return sendApiError(reply, 400, NOT_A_BEACON);
        // The owner's own visits, signed in, are not the audience (a cookie only they have).
        if (await isSignedIn(req, deps)) return reply.code(202).header('Cache-Control', 'no-store').send();
        const visit = visitFrom({ ip: req.ip, hostname: req.hostname, headers: req.headers });
        if (deps.analytics.pageView(visit, beacon) === 'busy')
          return sendApiError(reply, 503, VIEWS_WAITING, { 'Retry-After': VIEWS_WAITING_RETRY_AFTER });
        return reply.code(202).header('Cache-Control', 'no-store').send();
      },
    );
  };
}

/** The beacon's body types: sendBeacon sends a string as text/plain; JSON is accepted too. */
export const BEACON_CONTENT_TYPES = ['text/plain', 'application/json'];
