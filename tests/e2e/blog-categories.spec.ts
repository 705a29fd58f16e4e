import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/sign-in';

// Issue 46: a post's category is the editor's choice, kept apart from its tags; a tag's page says
// what the tag is about, how many posts it has and where its feed is; and /blog reads well on a
// phone (the category filters one row, card lines that do not break in the middle of a word).

type Auth = { Authorization: string };

/** A unique word, so each test finds its own posts among everything else on the server. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createPost(request: APIRequestContext, auth: Auth, fields: Record<string, unknown>) {
  const res = await request.post('/api/admin/blogs', {
    headers: auth,
    data: { content: '<p>Words about Hertfordshire.</p>', published: true, ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: number; slug: string; tags: Array<{ id: number; slug: string }> };
}

async function typeContent(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await expect(editor).toBeFocused();
  await page.keyboard.type(text);
}

/** How many lines the text `words` takes inside the element matching `selector` (of the first with it). */
function linesOf(page: Page, selector: string, words: string): Promise<number> {
  return page.evaluate(
    ([css, text]) => {
      for (const el of document.querySelectorAll(css)) {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let all = '';
        const nodes: Array<{ node: Text; start: number }> = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          nodes.push({ node: n as Text, start: all.length });
          all += n.textContent ?? '';
        }
        const at = all.indexOf(text);
        if (at < 0) continue;
        const tops = new Set<number>();
        for (let i = at; i < at + text.length; i++) {
          const holder = [...nodes].reverse().find((x) => x.start <= i)!;
          const range = document.createRange();
          range.setStart(holder.node, i - holder.start);
          range.setEnd(holder.node, i - holder.start + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return tops.size;
      }
      return -1;
    },
    [selector, words] as const,
  );
}

test('the editor keeps the category as typed and the tags apart, and /blog filters by the category', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  const word = unique('Nomansland');
  const category = `Walks and outdoors ${word}`;
  await signIn({ by: 'api' });
  await page.goto('/admin?section=blog&post=new');
  const title = `${word} common in the rain`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').fill(category);
  const tags = page.getByRole('combobox', { name: 'Tags' });
  for (const tag of [`Harpenden ${word}`, `Walks ${word}`]) {
    await tags.fill(tag);
    await tags.press('Enter');
  }
  await typeContent(page, 'Mud and skylarks.');
  await page.getByRole('radio', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Blog post created successfully!', { exact: true })).toBeVisible();
  const row = page.getByTestId('admin-post').filter({ hasText: title });
  await expect(row).toContainText(category);

  // Opened again, the editor shows the category as typed and the tags as chips.
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByLabel('Category')).toHaveValue(category);
  await expect(page.getByTestId('post-tag')).toHaveText([`Harpenden ${word}`, `Walks ${word}`]);

  // /blog offers the category as a filter, not the place; its page lists the post under it.
  const html = await (await request.get('/blog')).text();
  expect(html).toContain(`href="/blog?category=${encodeURIComponent(category).replace(/%20/g, '+')}"`);
  expect(html).not.toContain(`category=Harpenden+${word}`);
  await page.goto(`/blog?category=${encodeURIComponent(category)}`);
  const card = page.getByTestId('blog-card').filter({ hasText: title });
  await expect(card).toContainText(category);
  const created = (await (
    await request.get(`/api/blog?category=${encodeURIComponent(category)}`)
  ).json()) as Array<{
    id: number;
  }>;
  for (const post of created) await request.delete(`/api/admin/blogs/${post.id}`, { headers: adminAuth });
});

test('a tag page shows its description, post count and feed, and the admin says which posts it counts', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  const word = unique('Ashwell');
  const tag = `${word} Springs`;
  const first = await createPost(request, adminAuth, { title: `${word} spring walk`, tags: [tag] });
  await createPost(request, adminAuth, { title: `${word} cress beds`, tags: [tag] });
  await createPost(request, adminAuth, {
    title: `${word} fete next month`,
    tags: [tag],
    published: undefined,
    status: 'scheduled',
    publishAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
  });
  const slug = first.tags[0]!.slug;

  // The admin: two published (what the page lists), one not out yet; the description is set here.
  await signIn({ by: 'api' });
  await page.goto('/admin?section=tags');
  const section = page.getByTestId('tags-section');
  await section.getByLabel('Search tags').fill(word);
  const row = section.getByTestId('admin-tag').filter({ hasText: tag });
  await expect(row).toContainText('2 published, 1 not out yet');
  await row.getByRole('button', { name: `Edit ${tag}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('The springs that feed the Rhee, and the village around them.');
  await dialog.getByLabel('Meta title').fill(`Springs of ${word}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag saved', { exact: true })).toBeVisible();

  await page.goto(`/blog/tag/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged ${tag}`);
  await expect(page.getByText('The springs that feed the Rhee, and the village around them.')).toBeVisible();
  await expect(page.getByTestId('tag-post-count')).toHaveText('2 posts');
  await expect(page.getByTestId('blog-card')).toHaveCount(2);
  const feed = page.getByRole('link', { name: 'RSS feed of this tag' });
  await expect(feed).toBeVisible();
  await expect(feed).toHaveAttribute('href', `/blog/tag/${slug}/rss.xml`);
  await expect(page).toHaveTitle(`Springs of ${word} | Herts Local Media`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'The springs that feed the Rhee, and the village around them.',
  );
  expect((await request.get(`/blog/tag/${slug}/rss.xml`)).status()).toBe(200);
});

test.describe('/blog on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fifteen categories make one row, and no card line breaks inside "1 min read" or "line-up"', async ({
    page,
    request,
    adminAuth,
  }) => {
    const word = unique('Chip');
    const ids: number[] = [];
    try {
      for (let i = 1; i <= 15; i++)
        ids.push(
          (
            await createPost(request, adminAuth, {
              title: `${word} post ${i}`,
              category: `${word} section ${i}`,
            })
          ).id,
        );
      // Newest first: this card leads the page. Its long category leaves the reading time little room,
      // and its title puts "line-up" at the end of a line at 390 px.
      ids.push(
        (
          await createPost(request, adminAuth, {
            title: 'Stevenage summer festival: the full line-up',
            category: 'Community news and events across Hertfordshire',
          })
        ).id,
      );
      await page.goto('/blog');
      const filters = page.getByRole('navigation', { name: 'Blog categories' });
      await expect(filters.getByRole('link')).not.toHaveCount(0);
      const box = (await filters.boundingBox())!;
      // One row of chips (a chip is about 32 px tall), scrolled sideways, not fifteen wrapped into ~300 px.
      expect(box.height).toBeLessThan(60);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const chip = filters.getByRole('link', { name: `${word} section 15` });
      await chip.focus();
      await expect(chip).toBeInViewport();

      expect(await linesOf(page, '[data-testid="blog-card"] h2', 'line-up')).toBe(1);
      expect(await linesOf(page, '[data-testid="blog-card"]', '1 min read')).toBe(1);
    } finally {
      for (const id of ids) await request.delete(`/api/admin/blogs/${id}`, { headers: adminAuth });
    }
  });
});
