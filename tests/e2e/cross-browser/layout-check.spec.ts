import { visualBaseURL } from '../../../playwright.config';
import { BROWSERS, expect, openWatchedPage, test } from '../helpers/cross-browser';
import type { Page } from 'puppeteer-core';
import { findClippedContent, findListsInTheWrongLayout, findOverflow } from '../helpers/page-checks';
import { allViews, prepareViews, walkViews, type PreparedViews } from '../helpers/views';

// The layout judged by itself, not by a baseline (a baseline records a clipped button as readily
// as a whole one): every route of the route table, in Chromium and Firefox, at six widths from a
// small phone to a wide desktop. On each page every visible button, link and field lies wholly
// inside each box that clips or scrolls it (or that box scrolls with a cue), nothing is wider than
// the viewport, and no text runs out of its box (helpers/page-checks.ts). Each route is loaded once
// per browser, at the narrowest width, and checked at each width in turn by resizing the viewport,
// as layout.spec.ts does in Chromium (docs/decisions/0017-layout-check.md: a load per width cost
// CI three minutes), on the screenshot server's fresh database with its long rows.

const WIDTHS = [360, 390, 768, 1024, 1366, 1920];
const HEIGHT = 800;

test.use({ baseURL: visualBaseURL });

let prepared: PreparedViews = { postId: 0 };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  prepared = await prepareViews(visualBaseURL, browser);
});

/**
 * The page at a new width, once it has settled: two frames for media queries, resize observers and
 * the render they cause, then up to 2 s for every admin list to choose cards or table (each chooses
 * once a size has lasted 300 ms). Returns the lists still in the wrong layout.
 */
async function resizeTo(page: Page, width: number): Promise<string[]> {
  await page.setViewport({ width, height: HEIGHT });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  let wrongLayout = await page.evaluate(findListsInTheWrongLayout);
  for (let i = 0; i < 20 && wrongLayout.length > 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    wrongLayout = await page.evaluate(findListsInTheWrongLayout);
  }
  return wrongLayout;
}

for (const browserName of BROWSERS) {
  test(`${browserName} at ${WIDTHS.join(', ')} px: every control reachable, nothing cut or too wide`, async ({
    launched,
  }) => {
    test.setTimeout(300_000);
    const browser = await launched(browserName);
    const watched = await openWatchedPage(browser, { width: WIDTHS[0]!, height: HEIGHT });
    const { page } = watched;
    try {
      await walkViews(
        page,
        visualBaseURL,
        allViews(prepared),
        (p) => p.evaluate(() => document.fonts.ready.then(() => undefined)),
        async (view, wrongLayoutAtLoad) => {
          for (const [i, width] of WIDTHS.entries()) {
            const wrongLayout = i === 0 ? wrongLayoutAtLoad : await resizeTo(page, width);
            const where = `${view.path}${view.adminTab ? ` (${view.adminTab})` : ''} in ${browserName} at ${width} px`;
            expect.soft(wrongLayout, `lists in the wrong layout: ${where}`).toEqual([]);
            expect.soft(await page.evaluate(findOverflow), `wider than the viewport: ${where}`).toEqual([]);
            expect.soft(await page.evaluate(findClippedContent), `cut off: ${where}`).toEqual([]);
          }
          // The next route loads at the narrowest width again.
          await page.setViewport({ width: WIDTHS[0]!, height: HEIGHT });
        },
      );
    } finally {
      await watched.close();
    }
  });
}
