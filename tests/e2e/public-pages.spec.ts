import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers/test';

// Every public page: no accessibility violations that axe can find, landmarks and a single h1,
// and not one request to another host (fonts, scripts, images, analytics).
const PAGES = [
  '/',
  '/blog',
  'first-post',
  '/sparkai-academy',
  '/privacy-policy',
  '/terms-conditions',
  '/subscription-success?plan=innovator',
  '/no-such-page',
];

for (const entry of PAGES) {
  test(`${entry}: accessible, and everything from our own origin`, async ({ page, request, baseURL }) => {
    let path = entry;
    if (entry === 'first-post') {
      const posts = (await (await request.get('/api/blog')).json()) as Array<{ id: number }>;
      path = `/blog/${posts[0]!.id}`;
    }
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL!).origin)
        foreign.push(req.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // Axe's rule for WCAG 2.5.3 (a control's name contains its visible words, so a voice user can
      // say what they see) is marked experimental and off unless asked for; Lighthouse runs it.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary).toEqual([]);

    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveCount(1);
    // Headings never skip a level on the way down.
    const levels = await page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    // Images have alt text (empty for decoration) and their size, so nothing jumps as they load.
    const images = await page.locator('img').evaluateAll((els) =>
      els.map((e) => ({
        alt: e.getAttribute('alt'),
        width: e.getAttribute('width'),
        height: e.getAttribute('height'),
        src: e.getAttribute('src'),
      })),
    );
    for (const img of images) {
      expect(img.alt, `alt on ${img.src}`).not.toBeNull();
      expect(img.width && img.height, `width and height on ${img.src}`).toBeTruthy();
    }
    expect(foreign).toEqual([]);
  });
}

test('the site can be used by keyboard: skip link, then the main navigation', async ({ page }) => {
  await page.goto('/blog');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
