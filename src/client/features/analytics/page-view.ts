import {
  isAdminPath,
  OWN_BROWSER_KEY,
  PAGE_VIEW_BEACON_PATH,
  PAGE_VIEW_REFERRER_MAX_LENGTH,
  PAGE_VIEW_URL_MAX_LENGTH,
} from '../../../shared/analytics';

// Counts this page view on our own server (docs/decisions/0016-analytics-without-cookies.md): one
// beacon, no cookie, nothing kept in the browser. The page load's first view carries the referrer.
// The owner can leave their own browser out (the Analytics section): a flag in local storage that
// only their choice sets.
let firstView = true;

/** Whether the owner has left this browser out of the figures. */
export function isThisBrowserLeftOut(): boolean {
  try {
    return localStorage.getItem(OWN_BROWSER_KEY) === 'true';
  } catch {
    // Storage refused (a private window in some browsers): nothing was set, so nothing is left out.
    return false;
  }
}

/** Leaves this browser out of the figures, or counts it again (removing the flag). */
export function leaveThisBrowserOut(out: boolean): void {
  if (out) localStorage.setItem(OWN_BROWSER_KEY, 'true');
  else localStorage.removeItem(OWN_BROWSER_KEY);
}

export function countPageView(): void {
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) {
    // A prerendered page is counted when it is shown, if it is.
    doc.addEventListener('prerenderingchange', () => countPageView(), { once: true });
    return;
  }
  const { pathname, search } = window.location;
  if (isAdminPath(pathname) || typeof navigator.sendBeacon !== 'function' || isThisBrowserLeftOut()) return;
  const beacon: { u: string; w: number; r?: string } = {
    u: `${pathname}${search}`.slice(0, PAGE_VIEW_URL_MAX_LENGTH),
    w: window.innerWidth,
  };
  if (firstView) beacon.r = document.referrer.slice(0, PAGE_VIEW_REFERRER_MAX_LENGTH);
  firstView = false;
  try {
    navigator.sendBeacon(PAGE_VIEW_BEACON_PATH, JSON.stringify(beacon));
  } catch {
    // Counting never gets in a reader's way.
  }
}
