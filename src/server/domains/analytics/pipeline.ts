import type { IncomingHttpHeaders } from 'node:http';
import { isAdminPath } from '../../../shared/analytics';
import { pageViewBeaconSchema } from '../../../shared/analytics.schema';
import { isPrefetch } from './classify';

// What becomes of a page view, in the order it happens. Changing what a view records starts here.
//
//   1. The request becomes a visit (visitFrom), here and nowhere else, and its body a beacon
//      (beaconOf): a body that is not one is answered 400.
//   2. Dropped, answered 202 and not counted: the signed-in owner's own views (the route reads the
//      session), the admin pages, prefetches and requests without a user agent (leftOut).
//   3. Refused, answered 503: a batch of views is already waiting to be written (recorder.ts).
//   4. Dropped: an address that is not a page of this site (pageAddress).
//   5. Taken as it came (describer.ts, takenLine), with the day, the day's salt and the page the
//      site counts it under (site-pages.ts); a view that comes before the salt or the site's pages
//      are in memory waits for them (recorder.ts). Then, on a thread of its own, bots are dropped
//      and the view described: the visitor (the day's salt), the country, the source and
//      campaign, the device, the browser and the operating system (describer.ts).
//   6. Buffered and written in batches: when half a batch is buffered, every second, and when the
//      recorder closes at shutdown (recorder.ts, view-rows.ts).
//
// A conversion is a visit too (step 1), kept with its kind until the next write, where it takes
// the source and the page of the same visitor's views that day (recorder.ts).

/** What the transport passes of one request: no Fastify types here. */
export interface VisitRequest {
  /** The client's address (Fastify's req.ip, so TRUST_PROXY holds). */
  ip: string;
  /** The site's host name as the request named it, without a port. */
  hostname: string;
  headers: IncomingHttpHeaders;
}

/** A visit: the address and browser only to hash them (and the address for the country), never kept. */
export interface Visit {
  ip: string;
  userAgent: string;
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PageViewBeacon {
  /** The page's path with its query (UTM parameters are read from it, then the query is dropped). */
  url: string;
  /** document.referrer on a visit's first page ('' for none); left out for views inside the site. */
  referrer?: string | null;
  width?: number | null;
}

/** 1. A visit from a request's address, host and headers. */
export function visitFrom(request: VisitRequest): Visit {
  const { ip, hostname, headers } = request;
  return { ip, userAgent: String(headers['user-agent'] ?? ''), host: hostname, headers };
}

/** 1. The beacon's fields as the recorder takes them, or null for a body that is not a beacon. */
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

/**
 * 2. The admin's own pages are not the audience, nor is a prefetch or a sender without a user agent
 * (a crawler's or a headless tool's user agent is told with the view's description, step 5).
 */
export function leftOut(visit: Visit, beacon: PageViewBeacon): boolean {
  return !visit.userAgent || isAdminPath(beacon.url) || isPrefetch(visit.headers);
}

/** 4. The page's address as sent, or null when it is not an address on this site. */
export function pageAddress(beacon: PageViewBeacon): URL | null {
  try {
    const url = new URL(beacon.url, 'http://site.invalid');
    return url.host === 'site.invalid' ? url : null;
  } catch {
    return null;
  }
}

/** The path as text, as the site's pages are known by (none has a control character). */
export function pathOf(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}
