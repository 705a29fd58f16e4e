import type { Page } from '@playwright/test';
import { settledScroll } from './helpers/navigation';
import { expect, test } from './helpers/test';

// Choosing a section from the phone menu leaves that section's top just below the
// sticky header (it used to land ~465 px past it: the target was measured while the open menu
// still pushed the page down). With and without reduced motion, from / and from another route.

const SECTIONS = [
  ['About', 'about'],
  ['Newsletters', 'newsletters'],
  ['Podcasts', 'podcasts'],
  ['Free Websites', 'free-websites'],
  ['Get Started', 'contact'],
] as const;

/** Where the section's top is against the header's bottom, once scrolling has stopped. */
async function landing(page: Page, id: string) {
  await settledScroll(page);
  return page.evaluate((sectionId) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    const section = document.getElementById(sectionId)!.getBoundingClientRect();
    const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
    return { offset: Math.round(section.top - header.bottom), atEnd };
  }, id);
}

async function expectJustBelowHeader(page: Page, id: string) {
  await expect(page.locator(`#${id}`)).toBeAttached();
  const { offset, atEnd } = await landing(page, id);
  // The last sections may not reach the top when the page ends first; then they must be below it.
  if (atEnd && offset > 2) return;
  expect(Math.abs(offset), `#${id} top is ${offset}px from the header's bottom`).toBeLessThanOrEqual(2);
}

async function chooseFromMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(menu).toHaveCount(0);
}

for (const motion of ['no-preference', 'reduce'] as const) {
  test.describe(`phone menu, ${motion === 'reduce' ? 'reduced motion' : 'smooth scrolling'}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: motion });
    });

    test('from the home page each section lands just below the header', async ({ page }) => {
      await page.goto('/');
      for (const [label, id] of SECTIONS) {
        await chooseFromMenu(page, label);
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expectJustBelowHeader(page, id);
      }
    });

    test('from another route each section lands just below the header', async ({ page }) => {
      for (const [label, id] of SECTIONS.slice(0, 4)) {
        await page.goto('/blog');
        await chooseFromMenu(page, label);
        await expect(page).toHaveURL(new RegExp(`/#${id}$`));
        await expectJustBelowHeader(page, id);
      }
    });
  });
}

test.describe('the academy phone menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reaches Modules and Pricing, and closes', async ({ page }) => {
    await page.goto('/sparkai-academy');
    for (const [label, id] of [
      ['Modules', 'modules'],
      ['Pricing', 'pricing'],
    ] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Academy menu' });
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(menu).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await settledScroll(page);
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });
});
