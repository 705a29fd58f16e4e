import { ADMIN_ACCOUNT as ADMIN } from '../../playwright.config';
import { expect, test } from './helpers/sign-in';
import { adminSectionIds, adminSectionSettled, loadFailures } from './helpers/admin-sections';

// Every admin section opened at its own address (/admin?section=<id>, a link or a reload) loads:
// its first batch of queries names the most procedures, and was once refused 414 for its length.
// The sections come from the navigation, so a new one is covered without editing this file.

const SIZES = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } };

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test('every admin section opened at its own address loads, with no request refused', async ({
      page,
      signIn,
    }) => {
      await signIn({ by: 'api' });
      await page.goto('/admin');
      await expect(page.getByText(`Welcome, ${ADMIN.name}`)).toBeVisible();
      const sections = await page.evaluate(adminSectionIds);
      expect(sections.length).toBeGreaterThanOrEqual(12);

      const refused: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
      });
      for (const id of sections) {
        await page.goto(`/admin?section=${id}`);
        const settled = await page.waitForFunction(adminSectionSettled, id, { timeout: 20_000 }).then(
          () => true,
          () => false,
        );
        expect(refused, `answers refused opening ${id}`).toEqual([]);
        expect(await page.evaluate(loadFailures), id).toEqual([]);
        expect(settled, `${id} was still loading after 20 s`).toBe(true);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      }
    });
  });
}

test('the Analytics section opened at its own address shows its figures and the live visitors', async ({
  page,
  signIn,
}) => {
  await signIn({ by: 'api' });
  await page.goto('/admin?section=analytics');
  await expect(page.getByTestId('analytics-live')).toContainText('in the last 30 minutes');
  await expect(page.getByTestId('analytics-visitors')).toBeVisible();
  await expect(page.getByTestId('analytics-pages')).not.toContainText(/could not load/i);
});

test('a list that could not be loaded offers Try again, which loads it', async ({ page, signIn }) => {
  await signIn({ by: 'api' });
  await page.goto('/admin');
  await expect(page.getByText(`Welcome, ${ADMIN.name}`)).toBeVisible();
  // The admins' list is asked for once the section opens; the first ask never reaches the server.
  let refusedOnce = false;
  await page.route('**/trpc/*admin.users*', async (route) => {
    if (refusedOnce) return route.continue();
    refusedOnce = true;
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  // The staff and the invitations are asked for together (one batch): both lists say so.
  await expect(page.getByRole('alert').filter({ hasText: 'The staff' })).toHaveText(
    'The staff could not be loaded. Please refresh the page.',
  );
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(async () => {
    if ((await retry.count()) > 0) await retry.first().click({ timeout: 2000 });
    expect(await retry.count()).toBe(0);
  }).toPass();
  await expect(page.getByTestId('admin-row').filter({ hasText: ADMIN.email })).toBeVisible();
});

test('the activity log shows one person’s entries, each with their role at the time', async ({
  page,
  signIn,
}) => {
  await signIn({ by: 'api' });
  await page.goto('/admin?section=activity');
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  await page.getByLabel('Person').selectOption({ label: ADMIN.name });
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toContainText(ADMIN.email);
  for (const row of (await rows.all()).slice(0, 10)) {
    await expect(row).toContainText(ADMIN.email);
    await expect(row).toContainText('as owner');
  }
});
