import { expect, test as base, type Page } from '@playwright/test';

// `test` for specs that act on pages: page.goto returns once the page has hydrated as well as loaded.
// A server-rendered page arrives with its buttons drawn but inert until React hydrates it; on a busy
// machine a click in between did nothing (the phone menu stayed shut, CI of 2026-11-25). The app marks
// <html data-hydrated> when it is ready (src/client/App.tsx). ssr.spec.ts looks at the page before
// hydration on purpose and imports from @playwright/test directly.
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitsForHydration(page));
  },
});

const patched = new WeakSet<Page>();

/**
 * Makes page.goto wait for hydration too, as the `page` fixture's does: for the other pages a spec
 * opens (a visitor's, in a context of its own), whose forms would otherwise take typing and a click
 * before React has them.
 */
export function waitsForHydration(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const isPage = response?.headers()['content-type']?.startsWith('text/html') ?? false;
    if (isPage && options?.waitUntil !== 'commit') {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    }
    return response;
  };
  return page;
}

/** Page errors and console errors (a hydration mismatch is both) collected while the test runs. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export { expect };
