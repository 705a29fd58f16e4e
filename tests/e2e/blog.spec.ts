import { openInBrowser } from './helpers/navigation';
import { expect, test } from './helpers/sign-in';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** From /blog, opens the first card's post and waits for its byline. */
async function openFirstPost(page: Page) {
  await page
    .getByTestId('blog-card')
    .first()
    .getByRole('link', { name: /Read More/ })
    .click();
  await expect(page.getByText('Herts Local Media Team')).toBeVisible();
}

test('/blog shows the published posts as cards, and a post page shows the whole post', async ({ page }) => {
  await page.goto('/blog');
  const cards = page.getByTestId('blog-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  const first = cards.first();
  // The reading time is the post's own, from its length.
  await expect(first).toContainText(/\d+ min read/);
  await expect(first).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
  const title = (await first.getByRole('heading').textContent())!;
  await first.getByRole('link', { name: /Read More/ }).click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Herts Local Media Team')).toBeVisible();
  await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute(
    'href',
    /facebook\.com\/sharer/,
  );
  await expect(page.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute(
    'href',
    /linkedin\.com/,
  );
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a missing post says so and links back to the blog', async ({ page }) => {
  await page.goto('/blog/999999');
  await expect(page.getByRole('heading', { name: 'Blog Post Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('an empty blog says No Blog Posts Yet', async ({ page }) => {
  await page.route('**/trpc/blog.pages**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify([
        { result: { data: { items: [], total: 0, page: 1, pageSize: 12, categories: [] } } },
      ]),
    }),
  );
  await openInBrowser(page, '/blog');
  await expect(page.getByRole('heading', { name: 'No Blog Posts Yet' })).toBeVisible();
});

test('no request leaves the site while reading the blog', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:') foreign.push(req.url());
  });
  await page.goto('/blog');
  await openFirstPost(page);
  expect(foreign).toEqual([]);
});

test('the blog, a post, and the sign-in screens have no detectable accessibility problems', async ({
  page,
}) => {
  const check = async () => {
    const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  await page.goto('/blog');
  await expect(page.getByTestId('blog-card').first()).toBeVisible();
  await check();
  await openFirstPost(page);
  await check();
  for (const path of ['/login', '/forgot-password', '/reset-password?token=abc', '/reset-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check();
  }
});

test('a post whose title and content are full of $ patterns is rendered on the server exactly as written', async ({
  page,
  request,
  adminAuth: auth,
}) => {
  // String.replace once expanded $' $` $& $1 in the page template.
  const title = "Costs $' less: $` and $& and $1";
  const code = "grep '^foo$' notes.txt && echo $1 $& $`";
  const created = await request.post('/api/admin/blogs', {
    headers: auth,
    data: {
      title,
      excerpt: "Save $' today",
      content: `<p>Try this:</p><pre><code>${code}</code></pre>`,
      category: 'Tips',
      published: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  try {
    const res = await request.get(`/blog/${id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    for (const tag of ['<head>', '</head>', '<body>', '</body>', '</html>'])
      expect(html.split(tag).length - 1, tag).toBe(1);
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')} | Herts Local Media</title>`);
    expect(html).toContain(code.replace(/&/g, '&amp;'));
    await page.goto(`/blog/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('pre code')).toHaveText(code);
    await expect(page).toHaveTitle(`${title} | Herts Local Media`);
  } finally {
    await request.delete(`/api/admin/blogs/${id}`, { headers: auth });
  }
});

test('/blog is paged on the server: 12 posts, crawlable page and category links, canonical and rel prev/next, 404 past the end', async ({
  page,
  request,
  adminAuth: auth,
}) => {
  // Category pages are paged: thirteen posts of a category of their own make two pages of it.
  const ids: number[] = [];
  try {
    for (let i = 1; i <= 13; i++) {
      const created = await request.post('/api/admin/blogs', {
        headers: auth,
        data: {
          title: `Paging walk ${i}`,
          content: `<p>Stop ${i} of the walk.</p>`,
          category: 'Walks',
          published: true,
        },
      });
      expect(created.status()).toBe(200);
      ids.push(((await created.json()) as { id: number }).id);
    }
    const total = Number((await request.get('/api/blog')).headers()['x-total-count']);
    const pages = Math.ceil(total / 12);

    const first = await (await request.get('/blog')).text();
    const root = first.split('<div id="root">')[1]!;
    expect(root.match(/data-testid="blog-card"/g)).toHaveLength(12);
    expect(first).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/blog" \/>/);
    expect(first).toMatch(/<link rel="next" href="http:\/\/[^"]+\/blog\?page=2" \/>/);
    expect(first).not.toContain('rel="prev"');
    expect(root).toContain('href="/blog?page=2"');
    expect(root).toContain('href="/blog?category=Walks"');
    expect(root).not.toContain('Stop 1 of the walk');

    const second = await request.get('/blog?page=2');
    expect(second.status()).toBe(200);
    const secondHtml = await second.text();
    expect(secondHtml).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/blog\?page=2" \/>/);
    expect(secondHtml).toMatch(/<link rel="prev" href="http:\/\/[^"]+\/blog" \/>/);

    const walks = await (await request.get('/blog?category=Walks&page=2')).text();
    expect(walks).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/blog\?category=Walks&amp;page=2" \/>/);
    expect(walks.split('<div id="root">')[1]!.match(/data-testid="blog-card"/g)).toHaveLength(1);
    expect(walks).toContain('Paging walk 1<');

    for (const path of [
      `/blog?page=${pages + 1}`,
      '/blog?page=0',
      '/blog?page=two',
      '/blog?category=Walks&page=3',
    ]) {
      const missing = await request.get(path);
      expect(missing.status(), path).toBe(404);
      const html = await missing.text();
      expect(html).toContain('404 Page Not Found');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }

    // In the browser: the category filter and the pager are links that work as people expect.
    await page.goto('/blog');
    await page
      .getByRole('navigation', { name: 'Blog categories' })
      .getByRole('link', { name: 'Walks', exact: true })
      .click();
    await expect(page).toHaveURL(/\/blog\?category=Walks$/);
    await expect(page.getByTestId('blog-card')).toHaveCount(12);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    // Older posts reads as a button to press (outlined), not as plain text beside the status.
    const older = page.getByRole('link', { name: /Older posts/ });
    expect(await older.evaluate((el) => parseFloat(getComputedStyle(el).borderTopWidth))).toBeGreaterThan(0);
    await older.click();
    await expect(page).toHaveURL(/\/blog\?category=Walks&page=2$/);
    await expect(page.getByTestId('blog-card')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Paging walk 1' })).toBeVisible();
    await page.getByRole('link', { name: /Newer posts/ }).click();
    await expect(page.getByTestId('blog-card')).toHaveCount(12);
  } finally {
    for (const id of ids) await request.delete(`/api/admin/blogs/${id}`, { headers: auth });
  }
});
