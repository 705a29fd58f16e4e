import type { Page } from '@playwright/test';
import { fillWorkshopForm } from './helpers/admin-data';
import { expect, test, watchErrors } from './helpers/test';

// The home page below its first screens and the academy below its hero come as a chunk of their
// own (src/client/lib/lazy-section.tsx): the server renders them in full, and React hydrates them
// when that chunk arrives. Here the chunk is held back until the rest of the page is React's, as
// on a slow line: the page must not say it is hydrated (<html data-hydrated>, which the tests and
// the screenshot run wait for before they type or pin texts) while the sections are still the
// server's HTML, they must hydrate without a mismatch once the chunk comes, and then work. A test
// that typed or pinned a text too early made React throw the sections' HTML away (docs/decisions/0016).

/** Holds the requests for a script back until release() (routing also turns the HTTP cache off). */
async function holdScript(page: Page, file: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(file, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, wasRequested };
}

/**
 * Waits until the page above the held sections is React's: its phone menu opens (a tap before
 * hydration does nothing, so it is tried again until it does), then shuts it.
 */
async function waitForMenu(page: Page, menuName: string) {
  const menu = page.getByRole('navigation', { name: menuName });
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
}

const isMarkedHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated !== undefined);

test.use({ viewport: { width: 390, height: 844 } });

test('home: the lower sections hydrate when their chunk comes, the page is marked after them, and they work', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const chunk = await holdScript(page, /\/assets\/HomePage\.more-[\w-]+\.js$/);
  await page.goto('/', { waitUntil: 'commit' });
  await chunk.wasRequested;
  await waitForMenu(page, 'Mobile');
  expect(await isMarkedHydrated(page), 'marked hydrated with its lower sections still inert').toBe(false);

  chunk.release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);

  // The contact form is React's: what is typed stays, and the enquiry is sent.
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').fill('Ada Lovelace');
  await form.getByLabel('Email *').fill('ada.lovelace@example.co.uk');
  await form.getByLabel('Service type *').selectOption('advertising');
  await form.getByLabel('Message *').fill('Hydrated late, and still listening.');
  const label = page.locator('label[for="contact-captcha"]');
  await expect(label).toHaveText(/\d+ \+ \d+/);
  const [, a, b] = /what is (\d+) \+ (\d+)\?/.exec(await label.innerText())!;
  await page.getByLabel(/Quick check/).fill(String(Number(a) + Number(b)));
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible();

  // A play button plays.
  const podcasts = page.locator('#podcasts');
  await podcasts
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  await expect(podcasts.getByTestId('podcast-player')).toHaveAttribute('data-state', 'playing');

  expect(errors).toEqual([]);
});

test('academy: the sections below the hero hydrate when their chunk comes, the page is marked after them, and they work', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const chunk = await holdScript(page, /\/assets\/AcademyPage\.more-[\w-]+\.js$/);
  await page.goto('/sparkai-academy', { waitUntil: 'commit' });
  await chunk.wasRequested;
  await waitForMenu(page, 'Academy menu');
  expect(await isMarkedHydrated(page), 'marked hydrated with its lower sections still inert').toBe(false);

  chunk.release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);

  // The workshop form is React's: a place is reserved.
  const form = await fillWorkshopForm(page, {
    parent: 'Mary Somerville',
    email: 'mary.somerville@example.co.uk',
    mobile: '07700 900456',
    child: 'Ada',
    age: '11',
  });
  await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Workshop Reserved!' })).toBeVisible();

  expect(errors).toEqual([]);
});

test('academy: the workshop form takes nothing before it hydrates, so nothing typed is lost or sent away, and works once it has', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const chunk = await holdScript(page, /\/assets\/AcademyPage\.more-[\w-]+\.js$/);
  await page.goto('/sparkai-academy#free-workshop', { waitUntil: 'commit' });
  await chunk.wasRequested;
  await waitForMenu(page, 'Academy menu');

  // Still the server's HTML: React would wipe what was typed when it took the form over, and the
  // button would send the page's plain form (a reload, the details in the address). Nothing there
  // takes a click or a key: a tap on a field leaves it unfocused, and Enter sends nothing.
  const form = page.getByTestId('workshop-form');
  const name = form.getByLabel('Parent or carer name');
  await name.click({ force: true });
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
  await page.keyboard.type('Caroline');
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('');
  expect(new URL(page.url()).search, 'the page was not sent').toBe('');

  chunk.release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await fillWorkshopForm(page, {
    parent: 'Caroline Herschel',
    email: 'caroline.herschel@example.co.uk',
    mobile: '07700 900457',
    child: 'William',
    age: '12',
  });
  await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Workshop Reserved!' })).toBeVisible();
  expect(errors).toEqual([]);
});
