import type { IncomingHttpHeaders } from 'node:http';
import { isAdminPath } from '../../../shared/analytics';
import { pageViewBeaconSchema } from '../../../shared/analytics.schema';
import { browserOf, classifySource, deviceOf, isNotAReader, osOf } from './classify';
import type { ViewColumns } from './view-rows';
import { visitorHash } from './visitor';

// What becomes of a page view, in the order it happens. Changing what a view records starts here.
//
//   1. The request becomes a visit (visitFrom), here and nowhere else, and its body a beacon
//      (beaconOf): a body that is not one is answered 400.
//   2. Dropped, answered 202 and not counted: the signed-in owner's own views (the route reads the
//      session), the admin pages, bots and prefetches (leftOut).
//   3. Refused, answered 503: a batch of views is already waiting to be written (recorder.ts).
//   4. Dropped: an address that is not a page of this site (pageAddress).
//   5. Filled in (describe): the day, the visitor (the day's salt), the country, the page the site
//      counts it under (site-pages.ts), the source and campaign, the device, the browser and the operating system. A
//      view that comes before the day's salt, the country data or the site's pages are in memory
//      waits for them (recorder.ts), and is then filled in the same way.
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

/** 2. The admin's own pages are not the audience; a crawler, a headless tool or a prefetch is not a reader. */
export function leftOut(visit: Visit, beacon: PageViewBeacon): boolean {
  return isAdminPath(beacon.url) || isNotAReader(visit.userAgent, visit.headers);
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

/**
 * 5. A view's columns, once the day's salt, its country and the page it counts under are known
 * (arguments one by one: this runs for every view, thousands a second).
 */
export function describe(
  visit: Pick<Visit, 'ip' | 'userAgent' | 'host'>,
  beacon: PageViewBeacon,
  url: URL,
  atMs: number,
  day: string,
  salt: string,
  country: string | null,
  page: string,
): ViewColumns {
  const { source, campaign } = classifySource(url.searchParams, beacon.referrer, visit.host);
  return {
    atMs,
    day,
    visitor: visitorHash(salt, visit.host, visit.ip, visit.userAgent),
    path: page,
    source: source === null ? null : printable(source),
    campaign: campaign === null ? null : printable(campaign),
    country,
    device: deviceOf(visit.userAgent, beacon.width ?? null),
    browser: browserOf(visit.userAgent),
    os: osOf(visit.userAgent),
  };
}

/**
 * Without control characters: a source or campaign name has none worth keeping, and a NUL
 * (a beacon for /?utm_campaign=a%00b) cannot be stored in a text column at all: it failed the
 * whole chunk it was written in, other visitors' views with it.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(text) ? text.replace(/[\u0000-\u001f\u007f]/g, '') : text;
}
