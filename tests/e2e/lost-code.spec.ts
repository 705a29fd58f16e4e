import { expect, test, watchErrors } from './helpers/test';

// When a page's code does not arrive (the line drops, or a new release has replaced the files an
// open tab knew), the visitor still gets the page: src/client/lib/lazy-page.tsx and lazy-section.tsx.
// Before, the failed import was an error nothing caught, and React took the whole page down.

test('a page whose code fails to arrive on a client-side navigation is loaded whole from the server', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  const errors = watchErrors(page);
  // The blog page's own chunk fails, as a file a new release removed would, until the next
  // document is asked for (the new release's page).
  let lost = true;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) lost = false;
  });
  await page.route(/\/assets\/BlogPage-[\w-]+\.js$/, (route) => (lost ? route.abort() : route.continue()));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();

  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  const navigation = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
  );
  expect(navigation, 'the blog was loaded from the server').toBe('reload');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test("the home page's lower sections stay as the server drew them when their code fails to arrive", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.route(/\/assets\/HomePage\.more-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  // The page above them is React's (its menu works); the sections below are still on the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(async () => {
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('heading', { name: "Let's talk about your business" })).toBeAttached();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
