import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PAGE_VIEW_BEACON_MAX_BYTES, PAGE_VIEW_BEACON_PATH } from '../../../../shared/analytics.schema';
import type { AppDeps } from '../../../deps';
import { beaconOf, visitFrom } from '../pipeline';
import type { AnalyticsRecorder } from '../recorder';
import { isSignedIn } from '../../../web/http/admin-guard';
import { apiError, INTERNAL_ERROR_MESSAGE, sendApiError } from '../../../web/http/api-errors';
import type { EarlyAnswer, EarlyAnswerFactory } from '../../../web/http/before-routing';
import { logRequest, requestIdOf } from '../../../web/http/request-log';

/** What a beacon's body must be; the same words from both ways of answering it. */
export const NOT_A_BEACON = 'The body must be JSON: {"u": "/path", "r": "referrer"}.';
/** A beacon refused because a batch of views is waiting to be written (503), and when to try again. */
export const VIEWS_WAITING = 'Too many page views are waiting to be written. Please try again in a second.';
export const VIEWS_WAITING_RETRY_AFTER = '1';

/**
 * POST /api/analytics/view, the page-view beacon: answers 202 before anything is written (the
 * recorder buffers views and writes them once a second), 400 for a body that is not a beacon.
 * Served from sockets, most beacons are answered before routing instead (beaconBeforeRouting
 * below); this route answers the rest, the same way.
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

    app.post(PAGE_VIEW_BEACON_PATH, { config: { keepsPublicReads: true } }, async (req, reply) => {
      await app.rateLimiters.pageView(req);
      const beacon = beaconOf(typeof req.body === 'string' ? req.body : '');
      if (!beacon) return sendApiError(reply, 400, NOT_A_BEACON);
      // The owner's own visits, signed in, are not the audience (a cookie only they have).
      if (await isSignedIn(req, deps)) return reply.code(202).header('Cache-Control', 'no-store').send();
      const visit = visitFrom({ ip: req.ip, hostname: req.hostname, headers: req.headers });
      if (deps.analytics.pageView(visit, beacon) === 'busy')
        return sendApiError(reply, 503, VIEWS_WAITING, { 'Retry-After': VIEWS_WAITING_RETRY_AFTER });
      return reply.code(202).header('Cache-Control', 'no-store').send();
    });
  };
}

/** Fastify's req.hostname without a trusted proxy: the Host header without its port. */
function hostnameOf(headers: IncomingHttpHeaders): string {
  const host = headers.host ?? '';
  return host[0] === '[' ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
}

/** The beacon's body types: sendBeacon sends a string as text/plain; JSON is accepted too. */
export const BEACON_CONTENT_TYPES = ['text/plain', 'application/json'];

/** A Content-Type of one of them, parameters allowed, as the route's parser takes it. */
const BEACON_TYPE = new RegExp(
  `^\\s*(?:${BEACON_CONTENT_TYPES.map((t) => t.replace('/', '\\/')).join('|')})\\s*(?:;|$)`,
  'i',
);

/**
 * POST /api/analytics/view answered before Fastify routes it (decision 0022), as the response
 * cache's hits are: without Fastify's routing, request and reply objects, child logger and hooks, a
 * beacon costs the server less CPU than through the route (docs/bench/2026-11-27-beacon-cost.md). The answers, their headers, the log line and the rate
 * limit are the route's (beaconRoute above), which still answers everything else: another
 * type, no Content-Length or one over the limit, a client over its rate limit, a site behind a
 * trusted proxy (whose client address Fastify works out), a browser with the admin's session
 * cookie (the route reads the session), and `app.inject`. A test compares the two ways header by
 * header.
 */
export const beaconBeforeRouting: EarlyAnswerFactory = (deps, tools) =>
  answerBeacons({
    recorder: deps.analytics,
    overLimit: tools.overLimit.pageView,
    securityHeaders: tools.securityHeaders,
    log: tools.log,
    behindProxy: tools.behindProxy,
    sessionCookie: tools.sessionCookie,
  });

function answerBeacons(options: {
  recorder: AnalyticsRecorder;
  /** Counts this request against the address's page-view limit; true when it is over. */
  overLimit: (ip: string) => Promise<boolean>;
  securityHeaders: Record<string, string>;
  log: FastifyBaseLogger;
  /** Every beacon goes to the route: the address is Fastify's to find. */
  behindProxy: boolean;
  /** A beacon with the admin's session cookie goes to the route, which leaves the owner out. */
  sessionCookie: string;
}): EarlyAnswer {
  const sessionCookie = new RegExp(`(?:^|;)\\s*${options.sessionCookie}=`);
  const security = Object.entries(options.securityHeaders).flat();
  const bodies = {
    202: '',
    400: JSON.stringify(apiError(400, NOT_A_BEACON)),
    500: JSON.stringify(apiError(500, INTERNAL_ERROR_MESSAGE)),
    503: JSON.stringify(apiError(503, VIEWS_WAITING)),
  };
  type Status = keyof typeof bodies;

  const answer = (res: ServerResponse, reqId: string, started: number, status: Status) => {
    const body = bodies[status];
    const headers = ['x-request-id', reqId, ...security];
    if (status === 202) headers.push('cache-control', 'no-store');
    else headers.push('content-type', 'application/json; charset=utf-8');
    if (status === 503) headers.push('retry-after', VIEWS_WAITING_RETRY_AFTER);
    headers.push('content-length', String(Buffer.byteLength(body)));
    res.writeHead(status, headers);
    res.end(body);
    logRequest(options.log, {
      reqId,
      method: 'POST',
      path: PAGE_VIEW_BEACON_PATH,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };

  const count = (req: IncomingMessage, ip: string, body: string): Status => {
    const beacon = beaconOf(body);
    if (!beacon) return 400;
    const visit = visitFrom({ ip, hostname: hostnameOf(req.headers), headers: req.headers });
    return options.recorder.pageView(visit, beacon) === 'busy' ? 503 : 202;
  };

  return (req, res, handOver) => {
    if (req.method !== 'POST' || req.url !== PAGE_VIEW_BEACON_PATH || options.behindProxy) return false;
    const type = req.headers['content-type'];
    const length = req.headers['content-length'];
    if (
      type === undefined ||
      !BEACON_TYPE.test(type) ||
      length === undefined ||
      !/^\d{1,5}$/.test(length) ||
      Number(length) > PAGE_VIEW_BEACON_MAX_BYTES ||
      req.headers['transfer-encoding'] !== undefined ||
      (req.headers.cookie !== undefined && sessionCookie.test(req.headers.cookie))
    )
      return false;
    const started = performance.now();
    const ip = req.socket.remoteAddress ?? '';
    options.overLimit(ip).then(
      (over) => {
        // Fastify counts it again and answers 429 with Retry-After; the body is still unread.
        if (over) return handOver(req, res);
        const reqId = requestIdOf(req.headers);
        const chunks: Buffer[] = [];
        // A client gone mid-body: nothing to answer, nothing counted.
        req.on('error', () => res.destroy());
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          let status: Status;
          try {
            status = count(req, ip, Buffer.concat(chunks).toString('utf8'));
          } catch (error) {
            options.log.error({ err: error, reqId }, 'page view beacon failed');
            status = 500;
          }
          answer(res, reqId, started, status);
        });
      },
      // The limiter's store failed (Redis away): the route decides, as for every other limit.
      () => handOver(req, res),
    );
    return true;
  };
}
