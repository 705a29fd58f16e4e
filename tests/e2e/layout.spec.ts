import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addLongRows, openAdminSection } from './helpers/admin-data';
import { expect, test, type SignIn } from './helpers/sign-in';
import { findListsInTheWrongLayout, findOverflow, findSqueezedIcons } from './helpers/page-checks';
import { ADMIN_TABS, allViews, SEEDED_POST_TITLE, type View } from './helpers/views';

// No route of the route table overflows at 360, 390, 768 or 1280 px, public or admin
// (signed in). Every icon inside a button or link is drawn at the size it was made.
// The admin app on a phone: cards with labelled fields, 44 px targets, tabs in sight,
// and the editor, its toolbar and the image upload at 360 px.

const WIDTHS = [360, 390, 768, 1280];

let postId = 0;
test.beforeAll(async ({ request }) => {
  const posts = (await (await request.get('/api/blog')).json()) as Array<{ id: number; title: string }>;
  postId = (posts.find((p) => p.title === SEEDED_POST_TITLE) ?? posts[0]!).id;
});

async function open(page: Page, view: View, signIn: SignIn) {
  if (view.signedIn) await signIn({ by: 'api' });
  if (view.adminTab) await openAdminSection(page, view.adminTab, view.ready);
  else {
    await page.goto(view.path);
    await expect(page.getByText(view.ready).first()).toBeVisible();
  }
}

test.describe('every route at every width', () => {
  // The admin lists get long rows first, so a narrow layout is tested against awkward content.
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await addLongRows(page, Date.now());
    await page.close();
  });

  // The list of views needs a post id, known only once the server answers: one test per view
  // name, resolved inside.
  for (const name of allViews({ postId: 0 }).map((v) => v.name)) {
    test(`${name}: nothing wider than the screen, icons at their size`, async ({ page, signIn }) => {
      const view = allViews({ postId }).find((v) => v.name === name)!;
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      await open(page, view, signIn);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // Two frames: media queries, resize observers and the re-render they cause; then every admin
        // list has chosen cards or table for its new width (once the resize has settled).
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await expect.poll(() => page.evaluate(findListsInTheWrongLayout)).toEqual([]);
        expect(await page.evaluate(findOverflow), `${view.path} at ${width}px`).toEqual([]);
        expect(await page.evaluate(findSqueezedIcons), `${view.path} at ${width}px`).toEqual([]);
      }
    });
  }

  test('the phone menu: nothing wider than the screen, icons at their size', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(await page.evaluate(findOverflow)).toEqual([]);
    expect(await page.evaluate(findSqueezedIcons)).toEqual([]);
  });
});

test.describe('the admin app on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const sections = [
    // The posts are two-line rows (title and status; date, category and tags), unlabelled.
    { tab: 'Blog Posts', ready: 'Blog posts', lists: 1, unlabelled: true },
    { tab: 'Tags', ready: 'Tags', lists: 1 },
    { tab: 'Enquiries', ready: 'Enquiries', lists: 1 },
    { tab: 'Subscribers', ready: 'Newsletter subscribers', lists: 1 },
    { tab: 'Academy', ready: 'Free workshop sessions', lists: 1 },
    { tab: 'Staff', ready: 'Invite someone', lists: 2 },
    { tab: 'Site content', ready: 'Advertising services', lists: 4 },
    { tab: 'Podcasts', ready: 'Episodes', lists: 1 },
    { tab: 'Activity', ready: 'Activity', lists: 1 },
    // The e2e server's feed refresh fails for good within seconds (playwright.config.ts).
    { tab: 'Jobs', ready: 'Failed jobs', lists: 1 },
  ];

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await addLongRows(page, `phone-${Date.now()}`);
    await page.close();
  });

  test('the sections row is worked by keyboard: each in turn, the one chosen brought into sight', async ({
    page,
    signIn,
  }) => {
    await signIn({ by: 'api' });
    await page.goto('/admin');
    const tabs = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button');
    await expect(tabs).toHaveCount(ADMIN_TABS.length);
    await tabs.first().focus();
    for (let i = 1; i < ADMIN_TABS.length; i++) await page.keyboard.press('Tab');
    const last = tabs.last();
    await expect(last).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-current', 'page');
    const box = (await last.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });

  for (const section of sections) {
    test(`${section.tab}: a card per row with labelled fields and thumb-sized actions`, async ({
      page,
      signIn,
    }, testInfo) => {
      await signIn({ by: 'api' });
      await openAdminSection(page, section.tab, section.ready);

      // The sections are one row that scrolls sideways with a cue, each a thumb's height, the
      // current one in sight: the section itself starts on the first screen.
      const nav = page.getByRole('navigation', { name: 'Admin sections' });
      const tabs = nav.getByRole('button');
      await expect(tabs).toHaveCount(ADMIN_TABS.length);
      await expect(nav).toHaveAttribute('data-scroll-cue', '');
      const row = (await nav.boundingBox())!;
      expect(row.height).toBeLessThanOrEqual(64);
      for (const box of await tabs.evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(box.top).toBeGreaterThanOrEqual(row.y);
        expect(box.bottom).toBeLessThanOrEqual(row.y + row.height);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      const current = (await nav.locator('[aria-current="page"]').boundingBox())!;
      expect(current.x).toBeGreaterThanOrEqual(0);
      expect(current.x + current.width).toBeLessThanOrEqual(390);
      const start = page.locator('main h2').first();
      expect((await start.boundingBox())!.y).toBeLessThan(844 - 200);

      // Lists are cards, never tables, and each card labels its fields.
      await expect(page.locator('main table')).toHaveCount(0);
      const lists = page.locator('[data-layout]');
      await expect(lists.first()).toBeVisible();
      for (const layout of await lists.evaluateAll((els) => els.map((el) => el.getAttribute('data-layout'))))
        expect(layout).toBe('cards');
      const cards = page.locator('[data-layout="cards"] li');
      expect(await cards.count()).toBeGreaterThan(0);
      for (const card of (await cards.all()).slice(0, 5)) {
        const labels = await card.locator('dt').allInnerTexts();
        if (!('unlabelled' in section)) expect(labels.length).toBeGreaterThan(0);
        for (const label of labels) expect(label.trim()).not.toBe('');
        // Every button and link of a card can be hit with a thumb.
        for (const box of await card
          .locator('button, a')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.width).toBeGreaterThanOrEqual(44);
        }
      }

      expect(await page.evaluate(findOverflow)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`admin-${section.tab.split(' ')[0]!.toLowerCase()}-390.png`),
        fullPage: true,
      });
    });
  }

  test('the editor, its toolbar and both image uploads work at 360 px', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn({ by: 'api' });
    await openAdminSection(page, 'Blog Posts', 'Blog posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await expect(page.getByRole('heading', { name: 'Create a blog post' })).toBeVisible();

    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    for (const box of await toolbar
      .getByRole('button')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(editor).toBeFocused();
    await page.keyboard.type('Market day');
    await expect(editor.locator('strong')).toHaveText('Market day');

    const png = await sharp({ create: { width: 48, height: 27, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Featured image')
      .setInputFiles({ name: 'market.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByAltText('Featured image preview')).toHaveAttribute('src', /^\/objects\/uploads\//);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'stall.png', mimeType: 'image/png', buffer: png });
    await expect(editor.locator('img')).toHaveAttribute('src', /^\/objects\/uploads\//);

    expect(await page.evaluate(findOverflow)).toEqual([]);
  });
});

test('an admin list keeps its rows through a resize that lasts a moment, and follows one that stays', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Site content', 'Advertising services');
  const lists = page.locator('[data-cards-below]');
  await expect(lists.first()).toHaveAttribute('data-layout', 'table');
  // Every swap between table and cards, from here on.
  await page.evaluate(() => {
    const swaps: string[] = [];
    (window as unknown as { swaps: string[] }).swaps = swaps;
    new MutationObserver((records) => {
      for (const r of records) swaps.push((r.target as HTMLElement).dataset.layout ?? '');
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-layout'] });
  });
  const swaps = () => page.evaluate(() => (window as unknown as { swaps: string[] }).swaps);
  // A phone's width for a few frames, as a browser capturing the whole page or a dragged window
  // edge gives: the rows stay a table.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(500);
  expect(await swaps()).toEqual([]);
  // A phone's width that stays: cards, then a table again at the desktop's.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(lists.first()).toHaveAttribute('data-layout', 'cards');
  await expect.poll(() => page.evaluate(findListsInTheWrongLayout)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(lists.first()).toHaveAttribute('data-layout', 'table');
  await expect.poll(() => page.evaluate(findListsInTheWrongLayout)).toEqual([]);
});

test('at 1366 and 1920 px a testimonial row keeps its three buttons side by side', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Site content', 'Testimonials');
  const rows = page.getByTestId('testimonials-editor-row');
  await expect(rows.first()).toBeVisible();
  // The tops of a row's Edit, Hide (or Show) and Delete, in whole pixels.
  const buttonTops = () =>
    rows.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td:last-child button')).map((b) =>
          Math.round(b.getBoundingClientRect().top),
        ),
      ),
    );
  for (const width of [1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator('[data-testid="testimonials-editor"] [data-layout]')).toHaveAttribute(
      'data-layout',
      'table',
    );
    // Each row whose buttons are not three on one line, by their tops: none.
    await expect
      .poll(async () => (await buttonTops()).filter((tops) => tops.length !== 3 || new Set(tops).size !== 1))
      .toEqual([]);
  }
});
