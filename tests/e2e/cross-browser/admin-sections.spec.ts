import { ADMIN_ACCOUNT } from '../../../playwright.config';
import { adminSectionIds, adminSectionSettled, loadFailures } from '../helpers/admin-sections';
import {
  eachBrowserAndSize,
  expect,
  runJourney,
  signInInPage,
  SIZES,
  test,
  waitForText,
} from '../helpers/cross-browser';

// Every admin section opened at its own address (/admin?section=<id>) loads, in Firefox ESR and
// Chromium, at desktop and phone sizes: no answer of 400 or above (runJourney fails on any), no
// 'could not be loaded', nothing left loading. The sections come from the navigation.

/** Signing in from the site's icon: the browser asks for a favicon.ico the site does not have. */
const FAVICON_404 = [/^404 .*\/favicon\.ico$/];

eachBrowserAndSize((browserName, size) => {
  test(`${browserName} at ${size} size: every admin section loads at its own address`, async ({
    launched,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const browser = await launched(browserName);
    await runJourney(
      browser,
      SIZES[size],
      testInfo,
      async (page) => {
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        await page.goto(`${baseURL}/admin`);
        await waitForText(page, `Welcome, ${ADMIN_ACCOUNT.name}`);
        const sections = await page.evaluate(adminSectionIds);
        expect(sections.length).toBeGreaterThanOrEqual(12);
        for (const id of sections) {
          await page.goto(`${baseURL}/admin?section=${id}`);
          await page.waitForFunction(adminSectionSettled, { polling: 100 }, id);
          expect(await page.evaluate(loadFailures), `${id} in ${browserName}`).toEqual([]);
        }
      },
      FAVICON_404,
    );
  });
});
