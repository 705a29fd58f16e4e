import { expect, test } from './helpers/sign-in';

// The post editor never loses typing: a draft saves itself a few seconds after typing stops, and
// with changes not saved a link or a section of the admin, the editor's way back to the posts, and
// closing or reloading the page all ask first.

test('leaving the post editor with unsaved changes asks first; without changes it does not', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  const title = `Guarded post ${Date.now()}`;
  const created = await request.post('/api/admin/blogs', {
    headers: adminAuth,
    // Published: its changes wait for Update post (a draft's would save themselves).
    data: { title, content: '<p>Words.</p>', category: 'Tests', published: true },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  try {
    await signIn({ by: 'api' });
    await page.goto('/admin');
    // Nothing typed: a link just goes.
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await expect(page).toHaveURL(/\/blog$/);

    await page.goto('/admin');
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await page.getByLabel('Excerpt').fill('Not saved yet.');

    const dialog = page.getByRole('alertdialog');
    // A link of the site's header.
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?section=blog&post=${id}$`));
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // Another section of the admin.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('button', { name: 'Subscribers' })
      .click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // The editor's own way back to the posts.
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // Closing the tab: the browser's own question; dismissed, the page stays with the typing.
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const asked = await question;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // Leaving on purpose.
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  } finally {
    await request.delete(`/api/admin/blogs/${id}`, { headers: adminAuth });
  }
});

test('a new post saves itself as a draft once typing stops, and an open draft saves its changes', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  await signIn({ by: 'api' });
  await page.goto('/admin');
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/admin\?section=blog&post=new$/);
  const title = `Autosaved post ${Date.now()}`;
  const status = page.getByTestId('autosave-status');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(status).toHaveText('Unsaved changes');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await expect(editor).toBeFocused();
  await page.keyboard.type('Typed, then left alone.');
  await expect(status).toContainText('Draft saved automatically at', { timeout: 15_000 });
  // Saved: back to the posts without a question, where it is a draft.
  await page.getByRole('link', { name: 'Posts', exact: true }).click();
  const row = page.getByTestId('admin-post').filter({ hasText: title });
  await expect(row).toContainText('Draft');

  // Nothing is lost on a reload, and nothing asks: it is saved.
  await page.reload();
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Typed, then left alone.');

  // An open draft: a change saves itself too.
  await page.getByLabel('Excerpt').fill('Added later.');
  await expect(status).toContainText('Draft saved automatically at', { timeout: 15_000 });
  const saved = (await (
    await request.get(`/api/admin/blogs?q=${encodeURIComponent(title)}`, { headers: adminAuth })
  ).json()) as Array<{ id: number; excerpt: string }>;
  expect(saved.map((p) => p.excerpt)).toEqual(['Added later.']);
  await request.delete(`/api/admin/blogs/${saved[0]!.id}`, { headers: adminAuth });
});

test('typing that starts before the post chosen for editing has arrived waits for it, and is saved', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  const title = `Slow to open ${Date.now()}`;
  const created = await request.post('/api/admin/blogs', {
    headers: adminAuth,
    data: { title, content: '<p>Words.</p>', category: 'Tests', published: true },
  });
  expect(created.status()).toBe(200);
  await signIn({ by: 'api' });
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  // The post arrives a second and a half after it is opened, as on a busy server: the form must not take
  // typing meanwhile that the arriving post then overwrites.
  await page.route('**/trpc/blog.adminGet*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill(`${title} (updated)`);
  await page.getByRole('button', { name: 'Update post' }).click();
  await expect(page.getByText('Blog post updated successfully!', { exact: true })).toBeVisible();
  // The saved title is the one typed: its row's Delete asks its question.
  await page.getByRole('button', { name: `Delete ${title} (updated)` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete blog post');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Blog post deleted successfully!', { exact: true })).toBeVisible();
});

test("the text's toolbar is one stop of the Tab key, its tools reached with the arrow keys", async ({
  page,
  signIn,
}) => {
  await signIn({ by: 'api' });
  await page.goto('/admin?section=blog&post=new');
  const title = page.getByLabel('Title', { exact: true });
  await title.focus();
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.isContentEditable ? 'the text' : (el?.getAttribute('aria-label') ?? el?.id ?? '');
    });

  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Heading');
  await page.keyboard.press('ArrowRight');
  await expect.poll(focused).toBe('Subheading');
  await page.keyboard.press('End');
  await expect.poll(focused).toBe('Redo');
  await page.keyboard.press('ArrowRight');
  await expect.poll(focused).toBe('Heading');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(focused).toBe('Redo');
  // One Tab from any tool reaches the text; back, the tool last used.
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('the text');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focused).toBe('Redo');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focused).toBe('post-title');
});
