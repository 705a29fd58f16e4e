import { expect, test } from './helpers/test';
import { openInBrowser } from './helpers/navigation';

test('the home page shows skeletons, then the four advertising services', async ({ page }) => {
  // Hold the list back so the loading state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/**', async (route) => {
    if (route.request().url().includes('content.advertisingServices')) await held;
    await route.continue();
  });
  await openInBrowser(page, '/');
  await expect(page.getByTestId('advertising-skeleton')).toHaveCount(4);
  release();

  const cards = page.getByTestId('advertising-service');
  await expect(cards).toHaveCount(4);
  await expect(page.getByTestId('advertising-skeleton')).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Popular' })).toHaveCount(1);
  await expect(cards.first().getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '#contact');
  await expect(page.getByRole('link', { name: 'Contact Our Team' })).toHaveAttribute('href', '#contact');
});

test('a failed load of the services shows no cards and no error', async ({ page }) => {
  await page.route('**/trpc/**', (route) =>
    route.request().url().includes('content.advertisingServices') ? route.abort() : route.continue(),
  );
  await openInBrowser(page, '/');
  await expect(page.getByTestId('advertising-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('advertising-service')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact Our Team' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the mobile menu toggles and closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await menu.getByRole('link', { name: 'Advertising' }).click();
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveURL(/\/#advertising$/);
  await expect(page.locator('#advertising')).toBeInViewport();
});
