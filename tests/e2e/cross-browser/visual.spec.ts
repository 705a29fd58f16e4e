import { request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_ACCOUNT, visualBaseURL } from '../../../playwright.config';
import { addLongRows } from '../helpers/admin-data';
import {
  BROWSERS,
  expect,
  openWatchedPage,
  signInInPage,
  SIZES,
  test,
  waitForText,
  type SizeName,
} from '../helpers/cross-browser';
import {
  findBrokenImages,
  findOverflow,
  findSqueezedIcons,
  settleForScreenshot,
  findListsInTheWrongLayout,
} from '../helpers/page-checks';
import { allViews, SEEDED_POST_TITLE } from '../helpers/views';

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
const EXPECTED_4XX = [/^401 .*\/(trpc\/auth\.user|api\/admin\/user)\b/, /^404 .*\/no-such-(page|issue)$/];

test.use({ baseURL: visualBaseURL });

let postId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: visualBaseURL });
  const posts = (await (await api.get('/api/blog')).json()) as Array<{ id: number; title: string }>;
  postId = posts.find((p) => p.title === SEEDED_POST_TITLE)!.id;
  // The admin lists get the same rows on every run (once: a restarted worker finds them there).
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

/**
 * Screenshots as small PNGs, since the baselines live in git: a palette of up to 256 colours chosen
 * for each picture (no dithering, near-lossless for flat UI), then maximum compression. Baseline
 * and new screenshot go through the same step, so they compare like with like.
 */
const compress = (png: Uint8Array) =>
  sharp(png).png({ palette: true, quality: 90, dither: 0, effort: 10, compressionLevel: 9 }).toBuffer();

for (const browserName of BROWSERS) {
  for (const size of Object.keys(SIZES) as SizeName[]) {
    test(`${browserName} at ${SIZES[size].width} px: every route looks like its baseline`, async ({
      launched,
    }) => {
      test.setTimeout(180_000);
      const browser = await launched(browserName, { reducedMotion: true });
      const watched = await openWatchedPage(browser, SIZES[size]);
      const { page } = watched;
      try {
        // Public pages first, then the admin sections once signed in.
        const views = allViews(postId)
          .filter((v) => !v.noScreenshot)
          .sort((a, b) => Number(Boolean(a.signedIn)) - Number(Boolean(b.signedIn)));
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
            // Every list (or, in a section of settings, the form) has loaded.
            await page.waitForFunction(
              () =>
                document.querySelector('[data-layout], main form') &&
                !document.querySelector('[data-layout][aria-busy="true"], form[aria-busy="true"]'),
            );
          }
          await waitForText(page, view.ready);
          const where = `${view.path} in ${browserName} at ${SIZES[size].width} px`;
          // Hydrated first: the pinned texts must not be changed under React's feet.
          await page.waitForSelector('html[data-hydrated]');
          await page.evaluate(settleForScreenshot);
          // An admin list re-chooses cards or table once a resize has lasted 300 ms: give every list
          // up to 2 s to agree with its width, then check that it does.
          let wrongLayout = await page.evaluate(findListsInTheWrongLayout);
          for (let i = 0; i < 20 && wrongLayout.length > 0; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            wrongLayout = await page.evaluate(findListsInTheWrongLayout);
          }
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
        }
        expect(watched.problems(EXPECTED_4XX)).toEqual([]);
      } finally {
        await watched.close();
      }
    });
  }
}
