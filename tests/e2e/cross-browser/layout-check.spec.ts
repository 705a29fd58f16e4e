import { request as playwrightRequest } from '@playwright/test';
import { ADMIN_ACCOUNT, visualBaseURL } from '../../../playwright.config';
import { addLongRows } from '../helpers/admin-data';
import { BROWSERS, expect, openWatchedPage, signInInPage, test, waitForText } from '../helpers/cross-browser';
import { findClippedContent, findListsInTheWrongLayout, findOverflow } from '../helpers/page-checks';
import { allViews, SEEDED_POST_TITLE } from '../helpers/views';

// The layout judged by itself, not by a baseline (a baseline records a clipped button as readily
// as a whole one): every route of the route table, in Chromium and Firefox, at six widths from a
// small phone to a wide desktop. On each page every visible button, link and field lies wholly
// inside each box that clips or scrolls it (or that box scrolls with a cue), nothing is wider than
// the viewport, and no text runs out of its box (helpers/page-checks.ts). One page load per route
// per width per browser, on the screenshot server's fresh database with its long rows.

const WIDTHS = [360, 390, 768, 1024, 1366, 1920];

test.use({ baseURL: visualBaseURL });

let postId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: visualBaseURL });
  const posts = (await (await api.get('/api/blog')).json()) as Array<{ id: number; title: string }>;
  postId = posts.find((p) => p.title === SEEDED_POST_TITLE)!.id;
  // The admin lists get awkward rows (long names and addresses), once per server.
  await api.post('/api/admin/login', {
    data: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
  });
  const enquiries = (await (await api.get('/api/admin/enquiries?pageSize=1')).json()) as { total: number };
  if (enquiries.total === 0) {
    const page = await browser.newPage({ baseURL: visualBaseURL });
    await addLongRows(page, 'visual');
    await page.close();
  }
  await api.dispose();
});

for (const browserName of BROWSERS) {
  for (const width of WIDTHS) {
    test(`${browserName} at ${width} px: every control reachable, nothing cut or too wide`, async ({
      launched,
    }) => {
      test.setTimeout(180_000);
      const browser = await launched(browserName);
      const watched = await openWatchedPage(browser, { width, height: 800 });
      const { page } = watched;
      try {
        const views = allViews(postId).sort(
          (a, b) => Number(Boolean(a.signedIn)) - Number(Boolean(b.signedIn)),
        );
        let signedIn = false;
        for (const view of views) {
          if (view.signedIn && !signedIn) {
            await signInInPage(page, visualBaseURL, ADMIN_ACCOUNT);
            signedIn = true;
          }
          await page.goto(`${visualBaseURL}${view.path}`);
          if (view.adminTab) {
            await page.waitForSelector('nav[aria-label="Admin sections"]');
            await page.$$eval(
              'nav[aria-label="Admin sections"] button',
              (buttons, tab) =>
                (buttons.find((b) => b.textContent?.startsWith(tab)) as HTMLButtonElement).click(),
              view.adminTab,
            );
            await page.waitForFunction(
              () =>
                document.querySelector('[data-layout], main form') &&
                !document.querySelector('[data-layout][aria-busy="true"], form[aria-busy="true"]'),
            );
          }
          await waitForText(page, view.ready);
          await page.waitForSelector('html[data-hydrated]');
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          // Admin lists choose cards or table once a size has lasted 300 ms.
          let wrongLayout = await page.evaluate(findListsInTheWrongLayout);
          for (let i = 0; i < 20 && wrongLayout.length > 0; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            wrongLayout = await page.evaluate(findListsInTheWrongLayout);
          }
          const where = `${view.path}${view.adminTab ? ` (${view.adminTab})` : ''} in ${browserName} at ${width} px`;
          expect.soft(wrongLayout, `lists in the wrong layout: ${where}`).toEqual([]);
          expect.soft(await page.evaluate(findOverflow), `wider than the viewport: ${where}`).toEqual([]);
          expect.soft(await page.evaluate(findClippedContent), `cut off: ${where}`).toEqual([]);
        }
      } finally {
        await watched.close();
      }
    });
  }
}
