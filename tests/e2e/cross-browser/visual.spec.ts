import sharp from 'sharp';
import { visualBaseURL } from '../../../playwright.config';
import {
  eachBrowserAndSize,
  expect,
  openWatchedPage,
  SESSION_CHECK_401,
  SIZES,
  test,
} from '../helpers/cross-browser';
import {
  findBrokenImages,
  findOverflow,
  findSqueezedIcons,
  settleForScreenshot,
} from '../helpers/page-checks';
import { allViews, prepareViews, walkViews, type PreparedViews } from '../helpers/views';
import { scaled } from '../../helpers/timeouts';

// Every route (public, and each admin section signed in) in Chromium and
// Firefox, at 1366 and 390 px wide, compared with the baselines committed beside this file
// (__screenshots__/). The pages come from a server of their own with a fresh database (the seed
// plus the rows added below), with animations off, reduced motion, and text that changes by itself
// (server dates, the year, captcha numbers: data-volatile) pinned, so a difference is a change.
// After an intended change: `npm run test:visual:update`, then look at the new PNGs.
// Every page view also fails on overflow, a squeezed icon, a page or console error, or a CSP report.

/** A small tolerance: anti-aliasing may differ by a few pixels; a squeezed icon is hundreds. */
const TOLERANCE = { maxDiffPixels: 40, threshold: 0.2 };
/** Signed out, the app's session check is answered 401; the reset form's made-up token is refused only on submit. */
const EXPECTED_4XX = [...SESSION_CHECK_401, /^404 .*\/no-such-(page|issue)$/];

test.use({ baseURL: visualBaseURL });

let prepared: PreparedViews = { postId: 0 };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // The admin lists get the same rows on every run.
  prepared = await prepareViews(visualBaseURL, browser);
});

/**
 * Screenshots as small PNGs, since the baselines live in git: a palette of up to 256 colours chosen
 * for each picture (no dithering, near-lossless for flat UI), then maximum compression. Baseline
 * and new screenshot go through the same step, so they compare like with like.
 */
const compress = (png: Uint8Array) =>
  sharp(png).png({ palette: true, quality: 90, dither: 0, effort: 10, compressionLevel: 9 }).toBuffer();

eachBrowserAndSize((browserName, size) => {
  test(`${browserName} at ${SIZES[size].width} px: every route looks like its baseline`, async ({
    launched,
  }) => {
    // The dashboard's four periods, each filtered, made the walk longer than its 3 minutes in Firefox.
    test.setTimeout(scaled(240_000));
    const browser = await launched(browserName, { reducedMotion: true });
    const watched = await openWatchedPage(browser, SIZES[size]);
    const { page } = watched;
    try {
      await walkViews(
        page,
        visualBaseURL,
        allViews(prepared).filter((v) => !v.noScreenshot),
        (p) => p.evaluate(settleForScreenshot),
        async (view, wrongLayout) => {
          const where = `${view.path} in ${browserName} at ${SIZES[size].width} px`;
          expect.soft(wrongLayout, `lists in the wrong layout: ${where}`).toEqual([]);
          expect
            .soft(await page.evaluate(findBrokenImages), `images that did not load: ${where}`)
            .toEqual([]);
          expect.soft(await page.evaluate(findOverflow), where).toEqual([]);
          expect.soft(await page.evaluate(findSqueezedIcons), where).toEqual([]);
          const name = `${browserName}-${SIZES[size].width}-${view.name}`;
          if (!view.parts) {
            const shot = await compress(await page.screenshot({ fullPage: true }));
            expect.soft(shot, where).toMatchSnapshot(`${name}.png`, TOLERANCE);
          } else {
            // A long page: the first screen, then each part clipped from the page at the top.
            expect
              .soft(await compress(await page.screenshot()), where)
              .toMatchSnapshot(`${name}.png`, TOLERANCE);
            for (const part of view.parts) {
              const clip = await page.$eval(part, (el) => {
                const r = el.getBoundingClientRect();
                return {
                  x: 0,
                  y: Math.round(r.top + window.scrollY),
                  width: document.documentElement.clientWidth,
                  height: Math.round(r.height),
                };
              });
              const shot = await compress(await page.screenshot({ clip, captureBeyondViewport: true }));
              expect
                .soft(shot, `${part} of ${where}`)
                .toMatchSnapshot(`${name}-${part.replace(/\W+/g, '')}.png`, TOLERANCE);
            }
          }
        },
      );
      expect(watched.problems(EXPECTED_4XX)).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
