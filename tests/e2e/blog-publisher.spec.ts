import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/sign-in';

// The blog as a publisher runs it, in the browser: the editor's slug, tags, publishing, search and
// sharing fields, autosave, the guard against lost work, two admins at once, revisions; the tags
// section; and what visitors see: slug addresses, reading time, related posts, tag pages, search.

type Auth = { Authorization: string };

interface CreatedPost {
  id: number;
  slug: string;
  version: number;
}

/** A unique word, so each test finds its own posts among everything else on the server. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createPost(
  request: APIRequestContext,
  auth: Auth,
  fields: Record<string, unknown>,
): Promise<CreatedPost> {
  const res = await request.post('/api/admin/blogs', {
    headers: auth,
    data: { content: '<p>Words about Hertfordshire.</p>', category: 'Local News', ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CreatedPost;
}

async function openEditor(page: Page, title: string) {
  await page.goto('/admin');
  await page
    .getByTestId('admin-post')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
}

async function typeContent(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await expect(editor).toBeFocused();
  await page.keyboard.type(text);
}

test.describe('the editor', () => {
  test('the slug follows the title, is checked as it is typed, and a taken one offers another', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const word = unique('hitchin');
    await createPost(request, adminAuth, { title: `Taken ${word}`, slug: `taken-${word}` });
    await signIn({ by: 'api' });
    await page.goto('/admin');
    await page.getByLabel('Title', { exact: true }).fill(`Market Day in ${word}!`);
    const slug = page.getByLabel('Address (slug)');
    await expect(slug).toHaveValue(`market-day-in-${word}`);
    await expect(page.getByText('This address is free.')).toBeVisible();

    await slug.fill(`taken-${word}`);
    await expect(page.getByText('Another post already uses this address.')).toBeVisible();
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    const suggestion = page.getByRole('button', { name: /^Use taken-/ });
    await suggestion.click();
    await expect(slug).not.toHaveValue(`taken-${word}`);
    await expect(page.getByText('This address is free.')).toBeVisible();
  });

  test('tags are added with Enter, offered from the tags in use with their counts, and removed', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const word = unique('Orchard');
    await createPost(request, adminAuth, {
      title: `Apples ${word}`,
      tags: [`${word} Walks`],
      status: 'published',
    });
    await signIn({ by: 'api' });
    await page.goto('/admin');
    const input = page.getByRole('combobox', { name: 'Tags' });
    await input.fill(word.slice(0, -2));
    const option = page.getByRole('option', { name: new RegExp(`${word} Walks`) });
    await expect(option).toContainText('1 post');
    await option.click();
    await input.fill('Events');
    await input.press('Enter');
    const chips = page.getByTestId('post-tag');
    await expect(chips).toHaveText([`${word} Walks`, 'Events']);
    await page.getByRole('button', { name: 'Remove tag Events' }).click();
    await expect(chips).toHaveText([`${word} Walks`]);
  });

  test('the search and sharing panel counts characters live and previews the search result', async ({
    page,
    signIn,
  }) => {
    await signIn({ by: 'api' });
    await page.goto('/admin');
    await page.getByLabel('Title', { exact: true }).fill('Stevenage cycle routes');
    await page.getByText('Search and sharing').click();
    const preview = page.getByTestId('search-preview');
    // Empty fields fall back to the post's own title.
    await expect(preview).toContainText('Stevenage cycle routes');
    await expect(preview).toContainText('blog › stevenage-cycle-routes');
    await page.getByLabel('Meta title').fill('Cycle routes around Stevenage');
    await expect(page.getByText('29 of 60 characters')).toBeVisible();
    await expect(preview).toContainText('Cycle routes around Stevenage');
    await page.getByLabel('Meta description').fill('x'.repeat(170));
    await expect(page.getByText('170 of 160 characters - search engines will cut it short')).toBeVisible();
    await page.getByLabel('Hide from search engines').check();
    await expect(preview).toContainText('Hidden from search engines.');
  });

  test('a post scheduled for a UK date and time is listed as Scheduled with when it goes out, and the filter finds it', async ({
    page,
    signIn,
  }) => {
    await signIn({ by: 'api' });
    await page.goto('/admin');
    const title = unique('Scheduled fete ');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await typeContent(page, 'Bunting, cakes and a tombola.');
    await page.getByRole('radio', { name: 'Scheduled' }).check();
    const year = new Date().getUTCFullYear() + 1;
    await page.getByLabel('Date', { exact: true }).fill(`${year}-07-04`);
    await page.getByLabel('Time (UK)').fill('09:30');
    await expect(page.getByTestId('goes-out')).toHaveText(
      new RegExp(`Goes out on \\w+day 4 July ${year} at 09:30 \\(UK time\\)\\.`),
    );
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByText('Blog post created successfully!', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
    const row = page.getByTestId('admin-post').filter({ hasText: title });
    await expect(row).toContainText('Scheduled');
    // 09:30 in July is British Summer Time: the list shows the same UK wall-clock time.
    await expect(row).toContainText(`Goes out 4 Jul ${year}, 09:30`);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
    await expect(page.getByTestId('admin-post').filter({ hasText: title })).toHaveCount(0);

    // Not on the blog before its time.
    const search = await page.request.get(`/api/blog?limit=50`);
    expect(JSON.stringify(await search.json())).not.toContain(title);
  });

  test('a draft saves itself a few seconds after typing stops, and reloading shows what was typed', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const title = unique('Autosaved draft ');
    await createPost(request, adminAuth, { title });
    await signIn({ by: 'api' });
    await openEditor(page, title);
    await page.getByLabel('Excerpt').fill('Typed, then left alone.');
    await expect(page.getByTestId('autosave-status')).toHaveText('Unsaved changes');
    await expect(page.getByTestId('autosave-status')).toContainText('Draft saved automatically at', {
      timeout: 15_000,
    });
    await page.reload();
    await openEditor(page, title);
    await expect(page.getByLabel('Excerpt')).toHaveValue('Typed, then left alone.');
  });

  test('leaving with unsaved changes asks first, in the app and when the page is closed', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const title = unique('Guarded post ');
    await createPost(request, adminAuth, { title, status: 'published' });
    await signIn({ by: 'api' });
    await openEditor(page, title);
    // A published post does not save itself: its changes wait for Update post.
    await page.getByLabel('Excerpt').fill('Not saved yet.');

    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // Its own Cancel editing asks too.
    await page.getByRole('button', { name: 'Cancel editing' }).click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();

    // Closing or reloading: the page asks the browser for its own question (a dismissed reload
    // never finishes navigating, so the event is sent as the browser would).
    const asks = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asks).toBe(true);
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('when another admin saved the post first, saving says so; the admin reloads theirs or overwrites knowingly', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const title = unique('Shared post ');
    const post = await createPost(request, adminAuth, { title, status: 'published' });
    await signIn({ by: 'api' });
    await openEditor(page, title);

    // Someone else saves it meanwhile.
    const other = await request.patch(`/api/admin/blogs/${post.id}`, {
      headers: adminAuth,
      data: { excerpt: 'Their excerpt' },
    });
    expect(other.status(), await other.text()).toBe(200);

    await page.getByLabel('Excerpt').fill('My excerpt');
    await page.getByRole('button', { name: 'Update post' }).click();
    const notice = page.getByTestId('conflict-notice');
    await expect(notice).toContainText('Someone else has changed this post');
    await notice.getByRole('button', { name: 'Load their version' }).click();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Their excerpt');
    await expect(notice).toHaveCount(0);

    // Again, and this time overwrite.
    const again = await request.patch(`/api/admin/blogs/${post.id}`, {
      headers: adminAuth,
      data: { excerpt: 'Their second excerpt' },
    });
    expect(again.status()).toBe(200);
    await page.getByLabel('Excerpt').fill('Mine after all');
    await page.getByRole('button', { name: 'Update post' }).click();
    await notice.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(page.getByText('Blog post updated successfully!', { exact: true })).toBeVisible();
    const saved = await request.get(`/api/admin/blogs/${post.id}`, { headers: adminAuth });
    expect(((await saved.json()) as { excerpt: string }).excerpt).toBe('Mine after all');
  });

  test('each save keeps a revision; the editor shows a word-level diff and restores one as a new revision', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const title = unique('Revised post ');
    await createPost(request, adminAuth, {
      title,
      status: 'published',
      content: '<p>The market opens at nine.</p>',
    });
    await signIn({ by: 'api' });
    await openEditor(page, title);
    await page.getByLabel('Title', { exact: true }).fill(`${title} updated`);
    await page.getByRole('button', { name: 'Update post' }).click();
    await expect(page.getByText('Blog post updated successfully!', { exact: true })).toBeVisible();

    await openEditor(page, `${title} updated`);
    await page.getByTestId('revisions').locator('summary').click();
    const revisions = page.getByTestId('revision');
    await expect(revisions).toHaveCount(2);
    // The older one: the title as it was.
    await revisions
      .last()
      .getByRole('button', { name: /^Compare/ })
      .click();
    const titleDiff = page.getByTestId('revision-diff').first();
    await expect(titleDiff.locator('ins')).toContainText('updated');
    await page.getByRole('button', { name: 'Restore this revision' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Revision restored', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(revisions).toHaveCount(3);
  });
});

test.describe('the tags section', () => {
  test('shows each tag with its posts, renames, merges and deletes', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const word = unique('Tagx');
    await createPost(request, adminAuth, {
      title: `${word} one`,
      tags: [`${word} Alpha`],
      status: 'published',
    });
    await createPost(request, adminAuth, {
      title: `${word} two`,
      tags: [`${word} Alpha`, `${word} Beta`],
      status: 'published',
    });
    await signIn({ by: 'api' });
    await page.goto('/admin');
    const section = page.getByTestId('tags-section');
    await section.getByLabel('Search tags').fill(word);
    const alpha = section.getByTestId('admin-tag').filter({ hasText: `${word} Alpha` });
    await expect(alpha).toContainText('2 posts');

    await alpha.getByRole('button', { name: `Rename ${word} Alpha` }).click();
    await page.getByLabel('New name').fill(`${word} Gamma`);
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Tag renamed', { exact: true })).toBeVisible();
    const gamma = section.getByTestId('admin-tag').filter({ hasText: `${word} Gamma` });
    await expect(gamma).toContainText('2 posts');

    const beta = section.getByTestId('admin-tag').filter({ hasText: `${word} Beta` });
    await beta.getByRole('button', { name: `Merge ${word} Beta` }).click();
    await page.getByLabel('Find the tag to keep').fill(`${word} Gam`);
    await page.getByRole('radio', { name: new RegExp(`${word} Gamma`) }).check();
    await page.getByRole('button', { name: `Merge into ${word} Gamma` }).click();
    await expect(page.getByText(`Merged ${word} Beta into ${word} Gamma`, { exact: true })).toBeVisible();
    await expect(beta).toHaveCount(0);
    await expect(gamma).toContainText('2 posts');

    await gamma.getByRole('button', { name: `Delete tag ${word} Gamma` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tag deleted', { exact: true })).toBeVisible();
    await expect(section.getByText('No tags match this search.')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin writes, tags, schedules and saves a post at 390 px without sideways scrolling', async ({
    page,
    signIn,
  }) => {
    await signIn({ by: 'api' });
    await page.goto('/admin');
    const title = unique('Phone post ');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await typeContent(page, 'Written on a phone.');
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('Mobile');
    await tags.press('Enter');
    await page.getByRole('radio', { name: 'Scheduled' }).check();
    await page.getByLabel('Date', { exact: true }).fill(`${new Date().getUTCFullYear() + 1}-01-15`);
    await page.getByLabel('Time (UK)').fill('08:00');
    await page.getByText('Search and sharing').click();
    await page.getByLabel('Meta title').fill('On the go');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByText('Blog post created successfully!', { exact: true })).toBeVisible();
    await expect(page.getByTestId('admin-post').filter({ hasText: title })).toContainText('Scheduled');
  });
});
