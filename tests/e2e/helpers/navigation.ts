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
