import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';

// WCAG 2.1 AA checks of the academy's pages in each state a visitor can see.

const check = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
};

test('the landing page has no WCAG A/AA violations, on desktop and on a phone', async ({ page }) => {
  await page.goto('/sparkai-academy');
  await expect(page.getByTestId('academy-plan')).toHaveCount(3);
  await check(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await check(page);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the checkout page, ready and failed, has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/subscribe?plan=innovator');
  await expect(page.getByRole('heading', { name: 'Your checkout is ready!' })).toBeVisible();
  await check(page);
  await page.goto('/subscribe?plan=nope');
  await expect(page.getByRole('heading', { name: 'Payment Setup Failed' })).toBeVisible();
  await check(page);
});

test('the welcome page has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/subscription-success?plan=entrepreneur');
  await expect(page.getByRole('heading', { name: 'Welcome to SparkAI Academy!' })).toBeVisible();
  await check(page);
});

test('the workshop form can be filled and sent with the keyboard alone', async ({ page }) => {
  await page.goto('/sparkai-academy#free-workshop');
  await page.getByLabel('Parent or carer name').focus();
  // Parent's name, e-mail and mobile, the child's name and age: each typed, then Tab to the next.
  for (const answer of ['Tom Baker', 'tom.baker@example.co.uk', '07700 900456', 'Ella', '14']) {
    await page.keyboard.type(answer);
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('radio', { name: 'Laptop' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Laptop' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Reserve My Free Place' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Workshop Reserved!', { exact: true })).toBeVisible();
});
