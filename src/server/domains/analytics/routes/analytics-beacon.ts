import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { isAdminPath } from '../../../../shared/analytics';
import {
  PAGE_VIEW_BEACON_MAX_BYTES,
  PAGE_VIEW_BEACON_PATH,
  pageViewBeaconSchema,
} from '../../../../shared/analytics.schema';
import type { AnalyticsRecorder, PageViewBeacon, PageViewResult, Visit } from '../recorder';
import { apiError, INTERNAL_ERROR_MESSAGE } from '../../../web/http/api-errors';
import type { EarlyAnswer } from '../../../web/http/before-routing';
import { logRequest, requestIdOf } from '../../../web/http/request-log';

/** What a beacon's body must be; the same words from both ways of answering it. */
export const NOT_A_BEACON = 'The body must be JSON: {"u": "/path", "r": "referrer"}.';
/** A beacon refused because a batch of views is waiting to be written (503), and when to try again. */
export const VIEWS_WAITING = 'Too many page views are waiting to be written. Please try again in a second.';
export const VIEWS_WAITING_RETRY_AFTER = '1';

/** The beacon's fields as the recorder takes them, or null for a body that is not a beacon. */
export function beaconOf(body: string): PageViewBeacon | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const beacon = pageViewBeaconSchema.safeParse(parsed);
  if (!beacon.success) return null;
  const { u, r, w } = beacon.data;
  return { url: u, referrer: r, width: w };
}

/** A visit from a request's address, host and headers; the address and browser only to hash them. */
export function visitFrom(ip: string, hostname: string, headers: IncomingHttpHeaders): Visit {
  return { ip, userAgent: String(headers['user-agent'] ?? ''), host: hostname, headers };
}

/** Counts a beacon's view, unless it is of the admin's own pages (they are not the audience). */
export function countView(recorder: AnalyticsRecorder, visit: Visit, beacon: PageViewBeacon): PageViewResult {
  if (isAdminPath(beacon.url)) return 'left-out';
  return recorder.pageView(visit, beacon);
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
 * limit are the route's (routes/analytics.ts), which still answers everything else: another
 * type, no Content-Length or one over the limit, a client over its rate limit, a site behind a
 * trusted proxy (whose client address Fastify works out), a browser with the admin's session
 * cookie (the route reads the session), and `app.inject`. A test compares the two ways header by
 * header.
 */
export function beaconBeforeRouting(options: {
  recorder: AnalyticsRecorder;
  /** Counts this request against the address's page-view limit; true when it is over. */
  overLimit: (ip: string) => Promise<boolean>;
  /** The API's security headers (security-headers.ts). */
  securityHeaders: Record<string, string>;
  log: FastifyBaseLogger;
  /** TRUST_PROXY is set: the address is Fastify's to find, so every beacon goes to the route. */
  behindProxy: boolean;
  /** The admin's session cookie: a beacon with it goes to the route, which leaves the owner out. */
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
    const visit = visitFrom(ip, hostnameOf(req.headers), req.headers);
    return countView(options.recorder, visit, beacon) === 'busy' ? 503 : 202;
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
