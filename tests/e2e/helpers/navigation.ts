import type { Page } from '@playwright/test';

/**
 * Opens a public page the way a client-side navigation does: public pages arrive server-rendered
 * with their data, so to see loading and failure states the test starts on a page rendered in the
 * browser (/login) and moves to the page there, where the browser fetches the data itself.
 */
export async function openInBrowser(page: Page, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the page has not scrolled for 300 ms (smooth scrolling, late layout), or 5 s have
 * passed. Takes a Playwright or a Puppeteer page: both run the function in the page.
 */
export async function settledScroll(page: {
  evaluate(fn: () => Promise<void>): Promise<unknown>;
}): Promise<void> {
  await page.evaluate(async () => {
    let last = -1;
    let still = 0;
    for (let i = 0; i < 100 && still < 6; i++) {
      await new Promise((r) => setTimeout(r, 50));
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
  });
}
