import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';

// page.goto returns once React has the page, whichever way the spec got the page: the fixture's,
// another of the test's context, one in a context of its own, one straight from the browser. The
// site's code arrives 1.5 s late here, so a goto that only waited for the load event would return
// with the page still the server's HTML.
async function openedLate(page: Page): Promise<string | undefined> {
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  return page.evaluate(() => document.documentElement.dataset.hydrated);
}

test('the page fixture waits for hydration', async ({ page }) => {
  expect(await openedLate(page)).toBeDefined();
});

test("another page of the test's context waits for hydration", async ({ context }) => {
  expect(await openedLate(await context.newPage())).toBeDefined();
});

test('a page in a context of its own waits for hydration', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  try {
    expect(await openedLate(await context.newPage())).toBeDefined();
  } finally {
    await context.close();
  }
});

test('a page straight from the browser waits for hydration', async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL });
  try {
    expect(await openedLate(page)).toBeDefined();
  } finally {
    await page.close();
  }
});
