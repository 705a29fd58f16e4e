import { openAdminSection, subscribeToNewsletter } from './helpers/admin-data';
import { expect, test } from './helpers/sign-in';

// Issue 47.4: the admin pager reads Next after the last row shown and Previous before the first
// (the list's cursors), and the pages are the ones the numbers name: 51 subscribers of this run,
// found by a search, are three pages of 25, 25 and 1, newest first.

const stamp = Date.now();
const SUBSCRIBERS = 51;
const address = (i: number) => `pager-${String(i).padStart(2, '0')}-${stamp}@example.co.uk`;

test.beforeAll(async ({ request }) => {
  for (let i = 0; i < SUBSCRIBERS; i++) await subscribeToNewsletter(request, address(i));
});

test('Next and Previous page through the subscribers by cursor', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Subscribers', 'Newsletter subscribers');
  await page.getByLabel('Search').fill(String(stamp));
  const rows = page.getByTestId('subscriber-row');
  const pager = page.getByRole('navigation', { name: 'Pages of subscribers' });
  const reads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('admin.subscribers')) reads.push(decodeURIComponent(req.url()));
  });
  const next = pager.getByRole('button', { name: 'Next' });
  const previous = pager.getByRole('button', { name: 'Previous' });
  // A page is clicked through once the list has stopped reading (and laid out what it read): in two
  // CI runs a click right after a page arrived changed nothing, the pager showing the page before.
  const list = page.locator('[data-layout]');
  const settled = () => expect(list).toHaveAttribute('aria-busy', 'false');

  await expect(pager).toContainText(`Page 1 of 3 · ${SUBSCRIBERS} subscribers`);
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(address(50));

  await settled();
  await next.click();
  await expect(pager).toContainText('Page 2 of 3');
  await expect(rows.first()).toContainText(address(25));
  await expect(rows.last()).toContainText(address(1));
  await settled();
  await next.click();
  await expect(pager).toContainText('Page 3 of 3');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(address(0));
  await expect(next).toBeDisabled();
  // Pages 2 and 3 were read after a row, not by skipping the rows before them.
  expect(reads.filter((url) => url.includes('"after"')).length).toBeGreaterThanOrEqual(2);

  await settled();
  await previous.click();
  await expect(pager).toContainText('Page 2 of 3');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(address(25));
  expect(reads.filter((url) => url.includes('"before"')).length).toBeGreaterThanOrEqual(1);
  await settled();
  await previous.click();
  await expect(pager).toContainText('Page 1 of 3');
  await expect(rows.first()).toContainText(address(50));
  await expect(previous).toBeDisabled();

  // Where it can go is an outlined button; where it cannot is muted, with no fill (a grey filled
  // Previous beside a plain-text Next read the wrong way round).
  const look = (button: typeof next) =>
    button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { fill: s.backgroundColor, border: s.borderTopColor, colour: s.color };
    });
  const [gone, ahead] = [await look(previous), await look(next)];
  expect(gone.fill).toBe('rgba(0, 0, 0, 0)');
  expect(ahead.fill).toBe('rgba(0, 0, 0, 0)');
  expect(ahead.border).not.toBe('rgba(0, 0, 0, 0)');
  expect(ahead.border).not.toBe(gone.border);
  expect(ahead.colour).not.toBe(gone.colour);

  // A search that finds one page of them has no pager at all.
  await page.getByLabel('Search').fill(address(7));
  await expect(rows).toHaveCount(1);
  await expect(pager).toHaveCount(0);
});
