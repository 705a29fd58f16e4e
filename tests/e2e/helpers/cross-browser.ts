import type { TestInfo } from '@playwright/test';
import puppeteer, { Puppeteer, type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/chromium';
// Our Playwright test, so the Playwright pages some specs also open (prepareViews adds its rows
// through one) wait for hydration as every other spec's do.
import { expect, test as base } from './test';

// Chromium and Firefox for the cross-browser specs (tests/e2e/cross-browser). Playwright cannot
// drive a stock Firefox, so both browsers are driven by puppeteer-core, Firefox ESR over WebDriver
// BiDi and Chromium over CDP, and the very same journey code runs in each
// (docs/decisions/0001-firefox-driver.md). Playwright Test stays the runner: it starts the servers,
// reports, and compares screenshots with the committed baselines.

export const BROWSERS = ['chromium', 'firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export const SIZES = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type SizeName = keyof typeof SIZES;

/** Each browser at each size, in this order: the specs run their journeys in every pairing. */
export function eachBrowserAndSize(specs: (browserName: BrowserName, size: SizeName) => void): void {
  for (const browserName of BROWSERS)
    for (const size of Object.keys(SIZES) as SizeName[]) specs(browserName, size);
}

/** Before signing in (and after signing out) the app asks who is signed in: 401 is the answer. */
export const SESSION_CHECK_401 = [/^401 .*\/(trpc\/auth\.user|api\/admin\/user)\b/];

/** What the cross-browser specs add: no scrollbars (as on a phone) and no font hinting. */
const SCREENSHOT_ARGS = ['--hide-scrollbars', '--font-render-hinting=none'];

async function launch(name: BrowserName, reducedMotion: boolean): Promise<Browser> {
  if (name === 'firefox') {
    return puppeteer.launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: true,
      extraPrefsFirefox: {
        // Audio may start from a click (as in any desktop Firefox). The machine has no sound card:
        // Firefox's mock audio backend plays in real time into nothing (Chromium does so itself).
        'media.autoplay.default': 0,
        'media.cubeb.force_mock_context': true,
        // Screenshots ask for no motion.
        ...(reducedMotion ? { 'ui.prefersReducedMotion': 1 } : {}),
        // Overlay scrollbars take no width, as on a phone and in Chromium with --hide-scrollbars.
        'ui.useOverlayScrollbars': 1,
      },
    });
  }
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      ...SCREENSHOT_ARGS,
      ...(reducedMotion ? ['--force-prefers-reduced-motion'] : []),
    ],
  });
}

/** What a page reported while a journey ran: the test fails on any of it. */
export interface PageLog {
  pageErrors: string[];
  consoleErrors: Array<{ text: string; url: string | undefined }>;
  /** Answers of 400 and above: 'status url'. */
  failedResponses: string[];
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  log: PageLog;
  /**
   * Every page error, console error (CSP violations included), and 4xx/5xx answer, less the 4xx
   * answers the journey expects (e.g. the session check before signing in).
   */
  problems(expected4xx?: RegExp[]): string[];
  close(): Promise<void>;
}

/** A fresh browser context (no cookies, no storage) with one page at the given size, watched. */
export async function openWatchedPage(
  browser: Browser,
  size: { width: number; height: number },
): Promise<WatchedPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(size);
  page.setDefaultTimeout(15_000);
  const log: PageLog = { pageErrors: [], consoleErrors: [], failedResponses: [] };
  page.on('pageerror', (error) =>
    log.pageErrors.push(error instanceof Error ? error.message : String(error)),
  );
  page.on('console', (message) => {
    if (message.type() === 'error')
      log.consoleErrors.push({ text: message.text(), url: message.location()?.url });
  });
  page.on('response', (response) => {
    if (response.status() >= 400) log.failedResponses.push(`${response.status()} ${response.url()}`);
  });
  // A Content-Security-Policy violation becomes a console error the test sees, in both browsers.
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile || document.URL}`,
      );
    });
  });
  return {
    page,
    context,
    log,
    problems(expected4xx = []) {
      const expected = (line: string) => /^4\d\d /.test(line) && expected4xx.some((re) => re.test(line));
      const problems: string[] = [];
      for (const error of log.pageErrors) problems.push(`page error: ${error}`);
      for (const response of log.failedResponses)
        if (!expected(response)) problems.push(`answer: ${response}`);
      for (const { text, url } of log.consoleErrors) {
        // Chromium logs every 4xx answer as a console error; those the journey expects are fine.
        const status = /status of (4\d\d)/.exec(text)?.[1];
        if (status && url && expected(`${status} ${url}`)) continue;
        problems.push(`console error: ${text}${url ? ` (${url})` : ''}`);
      }
      return problems;
    },
    close: () => context.close(),
  };
}

/**
 * Runs a journey on a fresh watched page: on failure the page's screenshot is attached, and at the
 * end the page must have reported nothing (see WatchedPage.problems).
 */
export async function runJourney(
  browser: Browser,
  size: { width: number; height: number },
  testInfo: TestInfo,
  journey: (page: Page) => Promise<void>,
  expected4xx: RegExp[] = [],
): Promise<void> {
  const watched = await openWatchedPage(browser, size);
  try {
    await journey(watched.page);
  } catch (error) {
    const path = testInfo.outputPath('failure.png');
    await watched.page.screenshot({ path }).catch(() => undefined);
    await testInfo.attach('page at the failure', { path, contentType: 'image/png' }).catch(() => undefined);
    throw error;
  } finally {
    const problems = watched.problems(expected4xx);
    await watched.close();
    expect(problems, 'page errors, console errors, CSP reports and unexpected 4xx/5xx answers').toEqual([]);
  }
}

/**
 * What the person sees at a step of a journey, kept beside the test's results and attached to its
 * report (`name`.png), to be looked at: the states no baseline holds (a dialog, a notice).
 */
export async function keepScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Signs the page's context in (POST /api/admin/login from the page itself: the session cookie).
 * A page not yet on the site first opens its icon: a document of the site's own that runs no code
 * and may connect to the site (the API's answers and the feeds forbid any connection).
 */
export async function signInInPage(
  page: Page,
  baseURL: string,
  account: { email: string; password: string },
): Promise<void> {
  if (!page.url().startsWith(baseURL)) await page.goto(`${baseURL}/favicon.svg`);
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/admin/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return res.status;
  }, JSON.stringify(account));
  if (status !== 200) throw new Error(`signing in answered ${status}`);
}

/**
 * Waits until the page's address is `url`, checking every 100 ms. Not puppeteer's default, which
 * checks on each animation frame: a Chromium journey once waited 10 s after Logout for an address
 * that the repeat of the same steps (polled on a timer) has reached every time since; a page that
 * draws no new frame never gets checked again.
 */
export async function waitForAddress(page: Page, url: string): Promise<void> {
  await page.waitForFunction((expected) => location.href === expected, { polling: 100 }, url);
}

/** Resolves once the text is on the page. */
export async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((t) => document.body?.innerText.includes(t), { timeout, polling: 100 }, text);
}

/**
 * Clicks an element as a person would: first brought to the middle of the screen, so the sticky
 * header never sits on top of it (puppeteer clicks at a point, whatever covers it).
 */
export async function tap(page: Page, selector: string): Promise<void> {
  const element = await page.waitForSelector(selector, { visible: true });
  // In the middle of the screen, once it has stopped moving (Playwright's click waits for that;
  // puppeteer's does not): content above it that is still arriving, such as a post's text filling
  // the editor, moved the Update button by a screen and the tap landed on a field above it.
  await element!.evaluate(async (el) => {
    let last = '';
    for (let frame = 0; frame < 60; frame++) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const box = el.getBoundingClientRect();
      const where = `${box.x},${box.y},${box.width},${box.height}`;
      if (where === last) return;
      last = where;
    }
  });
  await element!.click();
  await element!.dispose();
}

/**
 * In the admin's blog posts: Edit the post, save it as "<title> (updated)" straight away, then
 * Delete it and confirm, each step waiting for what a person would see.
 */
export async function updateThenDeletePost(page: Page, title: string): Promise<void> {
  await tap(page, byRole('link', title));
  await page.locator(byRole('textbox', 'Title')).fill(`${title} (updated)`);
  await tap(page, byRole('button', 'Update post'));
  await waitForText(page, 'Blog post updated successfully!');
  await tap(page, byRole('button', `Delete ${title} (updated)`));
  await tap(page, `[role="alertdialog"] ${byRole('button', 'Delete')}`);
  await waitForText(page, 'Blog post deleted successfully!');
}

/**
 * A selector for a control by its role and the name a person reads: its aria-label, its label, or
 * its own text. Puppeteer's ::-p-aria walks the accessibility tree, which over WebDriver BiDi takes
 * a second or two per query in Firefox; this runs in the page and is instant in both browsers.
 */
export const byRole = (
  role: 'button' | 'link' | 'textbox' | 'searchbox' | 'spinbutton' | 'radio',
  name: string,
) => `::-p-named(${JSON.stringify(`${role}|${name}`)})`;

Puppeteer.registerCustomQueryHandler('named', {
  queryAll: (root, selector) => {
    const [role, ...rest] = selector.split('|');
    const name = rest.join('|');
    const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const within = root as ParentNode;
    // (This function runs in the page: everything it uses is inside it.)
    const controls: Record<string, string> = {
      button: 'button, [role="button"]',
      link: 'a[href]',
      textbox:
        'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="password"], textarea, [role="textbox"]',
      searchbox: 'input[type="search"]',
      spinbutton: 'input[type="number"]',
      radio: 'input[type="radio"]',
    };
    const css = controls[role!] ?? role!;
    return Array.from(within.querySelectorAll(css)).filter((el) => {
      if (norm(el.getAttribute('aria-label')) === name) return true;
      const labels = (el as HTMLInputElement).labels;
      if (labels && Array.from(labels).some((label) => norm(label.innerText) === name)) return true;
      return norm((el as HTMLElement).innerText) === name;
    });
  },
});

/**
 * Playwright Test with the two browsers: `launched(name)` starts a browser once per worker (one
 * per name and motion setting) and closes it when the worker ends.
 */
export const test = base.extend<
  object,
  { launched: (name: BrowserName, options?: { reducedMotion?: boolean }) => Promise<Browser> }
>({
  launched: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browsers = new Map<string, Promise<Browser>>();
      await use((name, options = {}) => {
        const key = `${name}:${options.reducedMotion ? 'reduced' : 'normal'}`;
        if (!browsers.has(key)) browsers.set(key, launch(name, options.reducedMotion ?? false));
        return browsers.get(key)!;
      });
      for (const browser of browsers.values()) await (await browser).close().catch(() => undefined);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };
