import { visualBaseURL } from '../../../playwright.config';
import { BROWSERS, expect, openWatchedPage, test } from '../helpers/cross-browser';
import { findClippedContent, findOverflow } from '../helpers/page-checks';
import { allViews, prepareViews, walkViews } from '../helpers/views';

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
  postId = await prepareViews(visualBaseURL, browser);
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
        await walkViews(
          page,
          visualBaseURL,
          allViews(postId),
          (p) => p.evaluate(() => document.fonts.ready.then(() => undefined)),
          async (view, wrongLayout) => {
            const where = `${view.path}${view.adminTab ? ` (${view.adminTab})` : ''} in ${browserName} at ${width} px`;
            expect.soft(wrongLayout, `lists in the wrong layout: ${where}`).toEqual([]);
            expect.soft(await page.evaluate(findOverflow), `wider than the viewport: ${where}`).toEqual([]);
            expect.soft(await page.evaluate(findClippedContent), `cut off: ${where}`).toEqual([]);
          },
        );
      } finally {
        await watched.close();
      }
    });
  }
}
