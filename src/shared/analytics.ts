// What the pages need of analytics without loading any schema: where the beacon goes and its limit.

/** Where the pages send their page views (same origin, navigator.sendBeacon). */
export const PAGE_VIEW_BEACON_PATH = '/api/analytics/view';
/** A beacon's body is at most this many bytes. */
export const PAGE_VIEW_BEACON_MAX_BYTES = 1024;
/** The admin's own pages are not counted. */
export const isAdminPath = (path: string): boolean => /^\/admin(\/|-simple|$|\?)/.test(path);
