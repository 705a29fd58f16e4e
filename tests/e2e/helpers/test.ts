import { expect, test as base, type Browser, type Page } from '@playwright/test';

// `test` for specs that act on pages: page.goto returns once the page has hydrated as well as loaded.
// A server-rendered page arrives with its buttons drawn but inert until React hydrates it; on a busy
// machine a click in between did nothing (the phone menu stayed shut, CI of 2026-11-25). The app marks
// <html data-hydrated> when it is ready (src/client/App.tsx). ssr.spec.ts looks at the page before
// hydration on purpose and imports from @playwright/test directly.
// Every page a spec can reach waits so: the `page` fixture's, any other page of the test's context,
// and the pages of contexts and pages a spec opens from `browser` itself (a visitor's page beside
// the admin's, a layout check's own page), which before had to be wrapped one by one.
export const test = base.extend<object, { browser: Browser }>({
  page: async ({ page }, use) => {
    await use(waitsForHydration(page));
  },
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

const patchedBrowsers = new WeakSet<Browser>();

/** The browser's newContext and newPage give contexts and pages whose goto waits for hydration. */
function pagesWaitForHydration(browser: Browser): Browser {
  if (patchedBrowsers.has(browser)) return browser;
  patchedBrowsers.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', waitsForHydration);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => waitsForHydration(await newPage(options));
  return browser;
}

const patched = new WeakSet<Page>();

/**
 * Makes page.goto wait for hydration too, as the `page` fixture's does: the fixtures above apply it
 * to every page; a helper handed a page from elsewhere can call it again (it patches a page once).
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
