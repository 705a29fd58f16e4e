// What the pages need of analytics without loading any schema: where the beacon goes and its limits.

/** Where the pages send their page views (same origin, navigator.sendBeacon). */
export const PAGE_VIEW_BEACON_PATH = '/api/analytics/view';
/** A beacon's body is at most this many bytes. */
export const PAGE_VIEW_BEACON_MAX_BYTES = 1024;
/** A beacon's page address (path and query) is at most this long: the page cuts a longer one. */
export const PAGE_VIEW_URL_MAX_LENGTH = 600;
/** A beacon's referrer is at most this long: the page cuts a longer one. */
export const PAGE_VIEW_REFERRER_MAX_LENGTH = 400;
/** The admin's own pages are not counted. */
export const isAdminPath = (path: string): boolean => /^\/admin(\/|-simple|$|\?)/.test(path);
/**
 * The local-storage key of the owner's choice to leave this browser out of the figures (set from
 * the Analytics section, read by the pages before they send a beacon): as Plausible's
 * plausible_ignore, so the owner's own visits signed out are not counted either.
 */
export const OWN_BROWSER_KEY = 'hlm:analytics-ignore';

let regions: Intl.DisplayNames | null | undefined;

/** A country's name in UK English from its two-letter code (GB: United Kingdom); anything else as it is ('Unknown'). */
export function countryName(code: string): string {
  try {
    // Made on first use: the public pages that load this file never name a country.
    regions ??=
      typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en-GB'], { type: 'region' }) : null;
    return (code.length === 2 && regions?.of(code)) || code;
  } catch {
    return code;
  }
}
