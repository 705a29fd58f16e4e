import type { APIRequestContext } from '@playwright/test';
import { openAdminSection } from './helpers/admin-data';
import { expect, test } from './helpers/sign-in';

// The owner's own visits are left out of the figures, as Plausible leaves them out: not counted while
// signed in (the server sees the session cookie), and, once the Analytics section's box is ticked, not
// from that browser when signed out either (a flag in its local storage that the pages read).

/** Headless Chromium names itself HeadlessChrome, which the bot list rightly leaves out: a reader's Chrome here. */
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: CHROME_UA });

/** The utm_campaign values counted today, through the admin API. */
async function countedCampaigns(request: APIRequestContext, auth: { Authorization: string }) {
  const res = await request.get(
    '/api/admin/analytics/breakdown?period=today&dimension=campaign&pageSize=100',
    {
      headers: auth,
    },
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Array<{ value: string }> }).items.map((r) => r.value);
}

test('the owner is not counted signed in, leaves this browser out signed out, and can count it again', async ({
  page,
  browser,
  signIn,
  adminAuth,
  request,
}) => {
  const run = Date.now();
  const campaign = (what: string) => `own-${what}-${run}`;
  const box = page.getByLabel("Don't count my visits from this browser");

  await signIn({ by: 'api' });
  await page.goto(`/?utm_campaign=${campaign('signed-in')}`);

  await openAdminSection(page, 'Analytics', 'Analytics');
  await expect(page.getByTestId('analytics-own-visits')).toContainText(
    'Your own visits are not counted while you are signed in.',
  );
  await expect(box).not.toBeChecked();
  await box.check();
  expect(await page.evaluate(() => localStorage.getItem('hlm:analytics-ignore'))).toBe('true');

  await page.context().clearCookies();
  await page.goto(`/blog?utm_campaign=${campaign('left-out')}`);

  await signIn({ by: 'api' });
  await openAdminSection(page, 'Analytics', 'Analytics');
  await expect(box).toBeChecked();
  await box.uncheck();
  expect(await page.evaluate(() => localStorage.getItem('hlm:analytics-ignore'))).toBeNull();
  await page.context().clearCookies();
  await page.goto(`/?utm_campaign=${campaign('counted-again')}`);

  // Another reader's browser, at the same time: counted.
  const reader = await browser.newPage({ userAgent: `${CHROME_UA} reader` });
  await reader.goto(`/?utm_campaign=${campaign('reader')}`);
  await reader.close();

  // Views are written once a second, in the order they came: once the last two are in, the first
  // two would be too, had they been counted.
  await expect
    .poll(
      async () => (await countedCampaigns(request, adminAuth)).filter((c) => c.endsWith(`-${run}`)).sort(),
      {
        timeout: 15_000,
        intervals: [500],
      },
    )
    .toEqual([campaign('counted-again'), campaign('reader')]);
});
