import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { ADMIN_ACCOUNT } from '../../../playwright.config';
import {
  BROWSERS,
  byRole,
  expect,
  runJourney,
  SESSION_CHECK_401,
  signInInPage,
  type SizeName,
  SIZES,
  tap,
  test,
  waitForText,
} from '../helpers/cross-browser';

// The owner's analytics from real browsing, in Firefox ESR and Chromium, at desktop and phone
// sizes: pages viewed in the browser are counted without cookies and shown, with a chart, in the
// admin's Analytics section; and no public page sets a cookie or keeps anything in the browser.

/** Headless Chromium names itself HeadlessChrome, which the bot list rightly leaves out: a reader's Chrome here. */
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Waits until the admin API reports the campaign (views are written once a second). */
async function waitForCampaign(page: Page, campaign: string) {
  await page.waitForFunction(
    async (c) => {
      const res = await fetch('/api/admin/analytics/breakdown?period=today&dimension=campaign&pageSize=100', {
        credentials: 'include',
      });
      // The /blog view too: it may reach the database a batch (a second) after the campaign's, and
      // the section shows what was there when it opened.
      const pages = await fetch('/api/admin/analytics/breakdown?period=today&dimension=page&pageSize=100', {
        credentials: 'include',
      });
      return (
        res.ok &&
        pages.ok &&
        JSON.stringify(await res.json()).includes(c) &&
        JSON.stringify(await pages.json()).includes('"/blog"')
      );
    },
    { timeout: 15_000, polling: 500 },
    campaign,
  );
}

/** Waits until the admin API lists the source among the last 7 days' (the dashboard's first period). */
async function waitForSource(page: Page, source: string) {
  await page.waitForFunction(
    async (s) => {
      const res = await fetch('/api/admin/analytics/breakdown?period=7d&dimension=source&pageSize=100', {
        credentials: 'include',
      });
      const pages = await fetch(
        `/api/admin/analytics/breakdown?period=7d&dimension=page&filterBy=source&filterValue=${encodeURIComponent(s)}`,
        { credentials: 'include' },
      );
      return (
        res.ok && pages.ok && JSON.stringify(await res.json()).includes(s) && (await pages.json()).total === 2
      );
    },
    { timeout: 15_000, polling: 500 },
    source,
  );
}

/** Presses Tab until the focused element's text passes `wanted` (at most 300 times). */
async function tabUntil(page: Page, wanted: (text: string) => boolean, focused: () => Promise<string>) {
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    if (wanted(await focused())) return;
  }
  throw new Error('Tab never reached the row');
}

const PUBLIC_PATHS = [
  '/',
  '/blog',
  '/sparkai-academy',
  '/privacy-policy',
  '/terms-conditions',
  '/subscribe',
  '/login',
];

for (const browserName of BROWSERS) {
  for (const size of Object.keys(SIZES) as SizeName[]) {
    test(`${browserName} at ${size} size: an owner sees the visits just made, with a chart`, async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      const campaign = `e2e-${browserName}-${size}-${Date.now()}`;
      await runJourney(
        browser,
        SIZES[size],
        testInfo,
        async (page) => {
          if (browserName === 'chromium') await page.setUserAgent({ userAgent: CHROME_UA });
          await page.goto(`${baseURL}/?utm_source=herts-weekly&utm_medium=email&utm_campaign=${campaign}`);
          await waitForText(page, 'Get Started Today');
          await page.goto(`${baseURL}/blog`);
          await page.waitForSelector('[data-testid="blog-card"]');

          await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
          await waitForCampaign(page, campaign);
          await page.goto(`${baseURL}/admin`);
          await waitForText(page, `Welcome, ${ADMIN_ACCOUNT.name}`);
          await tap(page, byRole('button', 'Analytics'));
          await page.waitForSelector('[data-testid="analytics"]');
          await page.select('[data-testid="analytics"] select', 'today');

          // The figures, the chart (uPlot draws on a canvas) and the tables show the visit.
          await page.waitForFunction(
            () =>
              Number(
                document.querySelector('[data-testid="analytics-visitors"] span:nth-child(2)')?.textContent,
              ) >= 1,
          );
          await page.waitForSelector('[data-testid="analytics-chart"] canvas', { visible: true });
          // Campaigns are the Sources card's second tab.
          await tap(page, '[data-testid="analytics-sources-card"] [role="tab"]:nth-child(2)');
          await waitForText(page, campaign);
          await tap(page, '[data-testid="analytics-sources-card"] [role="tab"]:nth-child(1)');
          await page.waitForFunction(() =>
            document.querySelector('[data-testid="analytics-pages"]')?.textContent?.includes('/blog'),
          );
          await page.waitForFunction(() =>
            document.querySelector('[data-testid="analytics-sources"]')?.textContent?.includes('Newsletter'),
          );
          const live = await page.$eval('[data-testid="analytics-live"]', (el) => el.textContent ?? '');
          expect(live).toMatch(/^\d+ in the last 30 minutes$/);
          expect(Number(live.split(' ')[0])).toBeGreaterThanOrEqual(1);

          const shot = testInfo.outputPath(`analytics-${browserName}-${SIZES[size].width}.png`);
          await page.screenshot({ path: shot, fullPage: true });
          if (process.env.ANALYTICS_SHOTS_DIR)
            fs.copyFileSync(shot, path.join(process.env.ANALYTICS_SHOTS_DIR, path.basename(shot)));
        },
        SESSION_CHECK_401,
      );
    });
  }

  test(`${browserName}: an owner filters the dashboard by a source with the keyboard alone, and takes the filter off`, async ({
    launched,
    baseURL,
  }, testInfo) => {
    const browser = await launched(browserName);
    const source = `kb-${browserName}-${Date.now()}`;
    await runJourney(
      browser,
      SIZES.desktop,
      testInfo,
      async (page) => {
        if (browserName === 'chromium') await page.setUserAgent({ userAgent: CHROME_UA });
        await page.goto(`${baseURL}/?utm_source=${source}`);
        await waitForText(page, 'Get Started Today');
        await page.goto(`${baseURL}/blog`);
        await page.waitForSelector('[data-testid="blog-card"]');
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        await waitForSource(page, source);
        await page.goto(`${baseURL}/admin?section=analytics`);
        await page.waitForSelector('[data-testid="analytics-sources-row"]');

        // Tab through the page to the source's row, as someone without a mouse would, and choose it.
        const focused = () =>
          page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '');
        await tabUntil(page, (text) => text.startsWith(source), focused);
        await page.keyboard.press('Enter');

        // Every figure is the one visitor's from that source: their two pages, their one visit.
        await page.waitForFunction(
          (s) => document.querySelector('[data-testid="analytics-filter"]')?.textContent?.includes(s),
          {},
          source,
        );
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="analytics-visitors"] span:nth-child(2)')?.textContent ===
              '1' && document.querySelectorAll('[data-testid="analytics-pages-row"]').length === 2,
        );
        const pages = await page.$$eval('[data-testid="analytics-pages-row"] th', (ths) =>
          ths.map((th) => (th as HTMLElement).innerText.trim()).sort(),
        );
        expect(pages).toEqual(['/', '/blog']);
        // The keyboard goes on from the filter: the next Tab is its Remove filter.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
          'analytics-filter',
        );
        await page.keyboard.press('Tab');
        // An icon button: what a screen reader says of it is its label.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(
          /Remove filter: Source is/,
        );
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => !document.querySelector('[data-testid="analytics-filter"]'));
        await page.waitForFunction(
          () =>
            Number(
              document.querySelector('[data-testid="analytics-visitors"] span:nth-child(2)')?.textContent,
            ) >= 1 && document.querySelectorAll('[data-testid="analytics-pages-row"]').length >= 2,
        );
      },
      SESSION_CHECK_401,
    );
  });

  test(`${browserName}: no public page sets a cookie or stores anything in the browser`, async ({
    launched,
    baseURL,
  }, testInfo) => {
    const browser = await launched(browserName);
    await runJourney(
      browser,
      SIZES.desktop,
      testInfo,
      async (page) => {
        const setCookies: string[] = [];
        page.on('response', (res) => {
          const header = res.headers()['set-cookie'];
          if (header) setCookies.push(`${res.url()}: ${header}`);
        });
        const hrefs = await (async () => {
          await page.goto(`${baseURL}/blog`);
          await page.waitForSelector('[data-testid="blog-card"] a');
          return page.$$eval('[data-testid="blog-card"] a', (as) => [as[0]!.getAttribute('href')!]);
        })();
        for (const p of [...PUBLIC_PATHS, ...hrefs]) {
          await page.goto(`${baseURL}${p}`);
          await page.waitForSelector('html[data-hydrated]');
          const stored = await page.evaluate(async () => ({
            cookie: document.cookie,
            local: localStorage.length,
            session: sessionStorage.length,
            databases: typeof indexedDB.databases === 'function' ? (await indexedDB.databases()).length : 0,
            caches: 'caches' in window ? (await caches.keys()).length : 0,
          }));
          expect(stored, p).toEqual({ cookie: '', local: 0, session: 0, databases: 0, caches: 0 });
        }
        expect(setCookies).toEqual([]);
      },
      SESSION_CHECK_401,
    );
  });
}
