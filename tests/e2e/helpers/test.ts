import { expect, test as base, type Browser, type Page } from '@playwright/test';

// `test` for specs that act on pages: page.goto returns once the page has hydrated as well as loaded.
// A server-rendered page arrives with its buttons drawn but inert until React hydrates it; on a busy
// machine a click in between did nothing (the phone menu stayed shut, CI of 2026-11-25). The app marks
// <html data-hydrated> when it is ready (src/client/App.tsx). ssr.spec.ts looks at the page before
// hydration on purpose and imports from @playwright/test directly.
// Every page a spec can reach waits so: the `page` fixture's, any other page of the test's context,
// and the pages of contexts and pages a spec opens from `browser` itself (a visitor's page beside
// the admin's, a layout check's own page), which before had to be wrapped one by one.
// The `page` fixture's page is one of its context's, so the context's listener covers it; the
// browser's newPage makes its page through newContext.
export const test = base.extend<object, { browser: Browser }>({
  context: async ({ context }, use) => {
    context.on('page', waitsForHydration);
    await use(context);
  },
  browser: [
    async ({ browser }, use) => {
      await use(pagesWaitForHydration(browser));
    },
    { scope: 'worker' },
  ],
});

/** The browser's newContext (and so its newPage) gives contexts whose pages' goto waits for hydration. */
function pagesWaitForHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', waitsForHydration);
    return context;
  };
  return browser;
}

const patched = new WeakSet<Page>();

/** Makes page.goto wait for hydration too (once per page: a page may be announced twice). */
function waitsForHydration(page: Page): void {
  if (patched.has(page)) return;
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
