import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_ACCOUNT } from '../../playwright.config';
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

/** The editor of a new post, its own view of the blog section. */
const NEW_POST = '/admin?section=blog&post=new';

/** From the posts list, the post's title opens its editor. */
async function openEditor(page: Page, title: string) {
  await page.goto('/admin');
  await page.getByTestId('admin-post').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/admin\?section=blog&post=\d+$/);
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
    await page.goto(NEW_POST);
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
    await page.goto(NEW_POST);
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
    await page.goto(NEW_POST);
    await page.getByLabel('Title', { exact: true }).fill('Stevenage cycle routes');
    await page.getByText('Search and sharing').click();
    const preview = page.getByTestId('search-preview');
    // Empty fields fall back to the post's own title.
    await expect(preview).toContainText('Stevenage cycle routes');
    await expect(preview).toContainText('blog › stevenage-cycle-routes');
    await page.getByLabel('Meta title').fill('Cycle routes around Stevenage');
    await expect(page.getByText('29 of 60 characters')).toBeVisible();
    await expect(preview).toContainText('Cycle routes around Stevenage');
    // A long title is one line, cut with an ellipsis where the width runs out, as a search engine does.
    await page
      .getByLabel('Meta title')
      .fill('Cycle routes around Stevenage, Hitchin, Letchworth and Baldock for every family');
    const title = preview.locator('p').first();
    const line = await title.evaluate((el) => ({
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      cut: getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth,
    }));
    expect(line).toEqual({ lines: 1, cut: true });
    // Past the length shown, the counter says by how much; the box grows to show the whole text.
    const description = page.getByLabel('Meta description');
    await description.fill('x'.repeat(170));
    await expect(page.getByText('170 characters: 10 over the 160 a search engine shows')).toBeVisible();
    expect(await description.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    // The address is the site's public one (the server's configured address, in the page's head).
    const site = await page.evaluate(() => {
      const feed = document.querySelector<HTMLLinkElement>('link[type="application/rss+xml"]')!;
      feed.href = 'https://www.hertslocalmedia.co.uk/rss.xml';
      return new URL(feed.href).host;
    });
    await page.getByLabel('Meta title').fill('Cycle routes near Stevenage');
    await expect(preview).toContainText(`${site} › blog › stevenage-cycle-routes`);
    // 'No image chosen' once (the field's own words), and the post as X and Facebook show a shared link.
    const panel = page.locator('details').filter({ hasText: 'Search and sharing' });
    await expect(panel.getByText(/No image chosen|None chosen/)).toHaveCount(1);
    await expect(page.getByTestId('x-card')).toContainText('Cycle routes near Stevenage');
    await expect(page.getByTestId('facebook-card')).toContainText(site);
    await expect(page.getByTestId('facebook-card')).toContainText('x'.repeat(20));
    await page.getByLabel('Hide from search engines').check();
    await expect(preview).toContainText('Hidden from search engines.');
  });

  test('a post scheduled for a UK date and time is listed as Scheduled with when it goes out, and the filter finds it', async ({
    page,
    signIn,
  }) => {
    await signIn({ by: 'api' });
    await page.goto(NEW_POST);
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
    await expect(page).toHaveURL(/\/admin\?section=blog&post=\d+$/);
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // Its own way back to the posts asks too.
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
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
    // The same admin saved it elsewhere (the API's answer came from their token): it says so.
    await expect(notice).toContainText('This post was changed in another tab');
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

  test('the save state stays in sight at the foot of the form; a conflict there takes focus where the admin is and says who saved, and when', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const title = unique('Conflict in sight ');
    const post = await createPost(request, adminAuth, { title, status: 'published' });
    await signIn({ by: 'api' });
    await openEditor(page, title);
    const status = page.getByTestId('autosave-status');
    const update = page.getByRole('button', { name: 'Update post' });
    const notice = page.getByTestId('conflict-notice');
    const ukTime = /at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/;

    // The same admin, in another tab, saves first.
    const mine = await request.patch(`/api/admin/blogs/${post.id}`, {
      headers: adminAuth,
      data: { excerpt: 'From my other tab' },
    });
    expect(mine.status(), await mine.text()).toBe(200);
    await page.getByLabel('Excerpt').fill('From this tab');
    await update.scrollIntoViewIfNeeded();
    await expect(status).toHaveText('Unsaved changes');
    await expect(status).toBeInViewport();
    await update.click();
    await expect(notice).toBeInViewport();
    await expect(notice).toBeFocused();
    await expect(notice).toContainText('You saved this post in another tab or window');
    await expect(notice).toContainText(ukTime);
    await expect(status).toContainText('Not saved: changed elsewhere');
    await expect(status).toBeInViewport();
    await notice.getByRole('button', { name: 'Load their version' }).click();
    await expect(page.getByLabel('Excerpt')).toHaveValue('From my other tab');

    // Another admin saves it.
    const email = `${unique('second-admin-')}@example.co.uk`.toLowerCase();
    const made = await request.post('/api/admin/register', {
      headers: adminAuth,
      data: { name: 'Priya Other', email, password: 'Harpenden-hedgerow-2026' },
    });
    expect(made.status(), await made.text()).toBe(200);
    const other = await request.post('/api/admin/login', {
      data: { email, password: 'Harpenden-hedgerow-2026' },
    });
    const otherAuth = {
      Authorization: `Bearer ${((await other.json()) as { authToken: string }).authToken}`,
    };
    const theirs = await request.patch(`/api/admin/blogs/${post.id}`, {
      headers: otherAuth,
      data: { excerpt: 'From Priya' },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);
    await page.getByLabel('Excerpt').fill('Mine again');
    await update.scrollIntoViewIfNeeded();
    await update.click();
    await expect(notice).toBeInViewport();
    await expect(notice).toBeFocused();
    await expect(notice).toContainText('Priya Other saved this post');
    await expect(notice).toContainText(ukTime);
  });

  test('each save keeps a revision; the editor shows the content rendered with the changes marked in place, and restores one as a new revision', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    const title = unique('Revised post ');
    const post = await createPost(request, adminAuth, {
      title,
      status: 'published',
      content: '<h2>Opening times</h2><p>The market opens at nine.</p><ul><li>Stalls by the river</li></ul>',
    });
    await signIn({ by: 'api' });
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page, title);
    await page.getByLabel('Title', { exact: true }).fill(`${title} updated`);
    await page.getByRole('button', { name: 'Update post' }).click();
    await expect(page.getByText('Blog post updated successfully!', { exact: true })).toBeVisible();
    const revised = await request.patch(`/api/admin/blogs/${post.id}`, {
      headers: adminAuth,
      data: {
        content:
          '<h2>Opening times</h2><p>The market opens at ten.</p><ul><li>Stalls by the river</li><li>Carols at seven</li></ul>',
      },
    });
    expect(revised.status(), await revised.text()).toBe(200);

    await openEditor(page, `${title} updated`);
    await page.getByTestId('revisions').locator('summary').click();
    const revisions = page.getByTestId('revision');
    await expect(revisions).toHaveCount(3);
    // Each to the second, UK style; the newest is the version the site has now; one page, no pager.
    await expect(revisions.first()).toContainText(/\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} Current/);
    await expect(revisions.first().getByTestId('revision-current')).toHaveText('Current');
    await expect(page.getByTestId('revision-current')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Pages of revisions' })).toHaveCount(0);
    // The oldest: the title and the content as they were.
    await revisions
      .last()
      .getByRole('button', { name: /^Compare/ })
      .click();
    const diffs = page.getByTestId('revision-diff');
    await expect(diffs.first().locator('ins')).toContainText('updated');
    // The content reads as the post does, its heading and list kept, each change where it stands.
    const content = diffs.filter({ hasText: 'Opening times' });
    await expect(content.getByRole('heading', { level: 2, name: 'Opening times' })).toBeVisible();
    await expect(content.getByRole('listitem')).toHaveCount(2);
    await expect(content.locator('p del')).toContainText('nine');
    await expect(content.locator('p ins')).toContainText('ten');
    await expect(content.getByRole('listitem').last().locator('ins')).toContainText('Carols at seven');
    // On a phone it lies in the page: no box of its own that scrolls and cuts it off.
    const clipped = await content.evaluate((el) => {
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement)
        if (a.scrollHeight > a.clientHeight + 1 && getComputedStyle(a).overflowY !== 'visible') return true;
      return false;
    });
    expect(clipped).toBe(false);
    await page.getByRole('button', { name: 'Restore this revision' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Revision restored', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(revisions).toHaveCount(4);
  });
});

test.describe('the posts list, the editor and the tags as views of their own', () => {
  test('the Tags section is in the navigation; a count opens the posts filtered by its tag, filtered again by status; a post opens full width with its settings panel and is scheduled there', async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const word = unique('Lanes');
    const tag = `${word} Lanes`;
    await createPost(request, adminAuth, { title: `${word} out now`, tags: [tag], status: 'published' });
    const draftTitle = `${word} in the works`;
    await createPost(request, adminAuth, { title: draftTitle, tags: [tag, 'Walks'] });
    await createPost(request, adminAuth, { title: `${word} elsewhere`, tags: [`${word} Fields`] });
    await signIn({ by: 'api' });
    await page.goto('/admin');

    // Tags: an entry of the navigation, a dense table whose count links to the posts.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('button', { name: /^Tags/ })
      .click();
    await expect(page).toHaveURL(/\/admin\?section=tags$/);
    const tags = page.getByTestId('tags-section');
    await tags.getByLabel('Search tags').fill(word);
    const row = tags.getByTestId('admin-tag').filter({ hasText: tag });
    await expect(row).toContainText(`/blog/tag/${word.toLowerCase()}-lanes`);
    await row.getByRole('link', { name: `Posts tagged ${tag}: 1 published, 1 not out yet` }).click();

    // The posts carrying the tag, whatever their status; the filter shows it.
    await expect(page).toHaveURL(new RegExp(`section=blog&tag=${word.toLowerCase()}-lanes$`));
    const rows = page.getByTestId('admin-post');
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue(`${word.toLowerCase()}-lanes`);
    const draftRow = rows.filter({ hasText: draftTitle });
    await expect(draftRow).toContainText(`${tag}, Walks`);
    await expect(draftRow).toContainText(/Created \d{1,2} [A-Z][a-z]{2} \d{4}/);
    // Delete is a small quiet button, not a red bar across the row.
    const remove = draftRow.getByRole('button', { name: `Delete ${draftTitle}` });
    expect((await remove.boundingBox())!.width).toBeLessThan(60);

    // Filtered again by status, still by the tag.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
    await expect(page).toHaveURL(/status=draft&tag=/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(draftTitle);

    // The post opens in its own view across the width, its settings in a panel at the right.
    await draftRow.getByRole('link', { name: draftTitle }).click();
    await expect(page).toHaveURL(/section=blog&post=\d+&status=draft&tag=/);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(draftTitle);
    const panel = page.getByRole('complementary', { name: 'Post settings' });
    const toggle = page.getByRole('button', { name: 'Post settings' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    const titleBox = (await page.getByLabel('Title', { exact: true }).boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThan(titleBox.x + titleBox.width);
    expect(titleBox.width).toBeGreaterThan(panelBox.width);
    // Toggled away the text takes the whole width; toggled back it returns.
    await toggle.click();
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect((await page.getByLabel('Title', { exact: true }).boundingBox())!.width).toBeGreaterThan(
      titleBox.width,
    );
    await toggle.click();
    await expect(panel).toBeVisible();

    // Scheduled from the panel.
    const year = new Date().getUTCFullYear() + 1;
    await panel.getByRole('radio', { name: 'Scheduled' }).check();
    await panel.getByLabel('Date', { exact: true }).fill(`${year}-06-20`);
    await panel.getByLabel('Time (UK)').fill('09:00');
    await page.getByRole('button', { name: 'Update post' }).click();
    await expect(page.getByText('Blog post updated successfully!', { exact: true })).toBeVisible();

    // Back in the list it came from; scheduled, it is no longer a draft.
    await expect(page).toHaveURL(/section=blog&status=draft&tag=/);
    await expect(rows).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
    const scheduled = rows.filter({ hasText: draftTitle });
    await expect(scheduled).toContainText('Scheduled');
    await expect(scheduled).toContainText(`Goes out 20 Jun ${year}, 09:00`);
    // Not out yet: it goes back to being a draft; there is nothing to unpublish.
    await expect(scheduled.getByRole('button', { name: `Unpublish ${draftTitle}` })).toHaveCount(0);
    await scheduled.getByRole('button', { name: `Back to draft ${draftTitle}` }).click();
    await expect(page.getByText('Blog post moved back to drafts', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
  });

  test("the text's toolbar stays in view under the save bar while a long post scrolls", async ({
    page,
    request,
    signIn,
    adminAuth,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const title = unique('Long read ');
    await createPost(request, adminAuth, {
      title,
      content: Array.from({ length: 80 }, (_, i) => `<p>Paragraph ${i + 1} about Hertford.</p>`).join(''),
    });
    await signIn({ by: 'api' });
    await openEditor(page, title);
    await page.getByText('Paragraph 60 about Hertford.').scrollIntoViewIfNeeded();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeInViewport();
    const bar = await page
      .getByTestId('autosave-status')
      .evaluate((el) => el.parentElement!.parentElement!.getBoundingClientRect().bottom);
    const top = (await toolbar.boundingBox())!.y;
    // Under the save bar, not hidden behind it.
    expect(top).toBeGreaterThanOrEqual(Math.floor(bar) - 1);
  });
});

test.describe('the tags section', () => {
  test('shows each tag with its posts, edits, merges and deletes', async ({
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
    await page.goto('/admin?section=tags');
    const section = page.getByTestId('tags-section');
    await section.getByLabel('Search tags').fill(word);
    const alpha = section.getByTestId('admin-tag').filter({ hasText: `${word} Alpha` });
    await expect(alpha).toContainText('2 published');

    await alpha.getByRole('button', { name: `Edit ${word} Alpha` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(`${word} Gamma`);
    await dialog.getByLabel('Description', { exact: true }).fill('Walks and talks around the county.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tag saved', { exact: true })).toBeVisible();
    const gamma = section.getByTestId('admin-tag').filter({ hasText: `${word} Gamma` });
    await expect(gamma).toContainText('2 published');

    const beta = section.getByTestId('admin-tag').filter({ hasText: `${word} Beta` });
    await beta.getByRole('button', { name: `Merge ${word} Beta` }).click();
    await page.getByLabel('Find the tag to keep').fill(`${word} Gam`);
    await page.getByRole('radio', { name: new RegExp(`${word} Gamma`) }).check();
    await page.getByRole('button', { name: `Merge into ${word} Gamma` }).click();
    await expect(page.getByText(`Merged ${word} Beta into ${word} Gamma`, { exact: true })).toBeVisible();
    await expect(beta).toHaveCount(0);
    await expect(gamma).toContainText('2 published');

    await gamma.getByRole('button', { name: `Delete tag ${word} Gamma` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'It is taken off the 2 posts that have it; the posts stay.',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tag deleted', { exact: true })).toBeVisible();
    await expect(section.getByText('No tags match this search.')).toBeVisible();
  });
});

test.describe('what visitors see', () => {
  test('posts live at their slug, /blog/<id> moves there, with reading time, tags and three related posts', async ({
    page,
    request,
    adminAuth,
  }) => {
    const word = unique('Walk');
    const tag = `${word} Trails`;
    const main = await createPost(request, adminAuth, {
      title: `${word} along the Lea`,
      tags: [tag],
      status: 'published',
      content: `<p>${'word '.repeat(460)}</p>`,
    });
    for (const n of [1, 2, 3, 4])
      await createPost(request, adminAuth, {
        title: `${word} related ${n}`,
        tags: [tag],
        status: 'published',
      });

    await page.goto(`/blog/${main.id}`);
    await expect(page).toHaveURL(new RegExp(`/blog/${main.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} along the Lea`);
    await expect(page.locator('article').first()).toContainText('3 min read');
    const related = page.getByTestId('related-posts');
    await expect(related.getByTestId('blog-card')).toHaveCount(3);
    await expect(related).not.toContainText(`${word} along the Lea`);

    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged ${tag}`);
    await expect(page.getByTestId('blog-card')).toHaveCount(5);
    await page
      .getByTestId('blog-card')
      .filter({ hasText: `${word} along the Lea` })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(new RegExp(`/blog/${main.slug}$`));
  });

  test('a scheduled post appears at its time on the blog, its tag page, search and its own address', async ({
    page,
    request,
    adminAuth,
  }) => {
    const word = unique('Soon');
    const tag = `${word} Dawn`;
    // A few seconds ahead: the test waits for the moment rather than moving any clock.
    const publishAt = new Date(Date.now() + 8000).toISOString();
    const post = await createPost(request, adminAuth, {
      title: `${word} sunrise swim`,
      tags: [tag],
      status: 'scheduled',
      publishAt,
    });
    const listed = async () => JSON.stringify(await (await request.get('/api/blog?limit=50')).json());
    expect(await listed()).not.toContain(`${word} sunrise swim`);
    expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);

    await expect.poll(listed, { timeout: 30_000 }).toContain(`${word} sunrise swim`);
    await page.goto('/blog');
    await expect(page.getByTestId('blog-card').filter({ hasText: `${word} sunrise swim` })).toBeVisible();
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} sunrise swim`);
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag }).click();
    await expect(page.getByTestId('blog-card')).toHaveCount(1);
    await page.goto(`/search?q=${word}`);
    await expect(page.getByTestId('search-result')).toHaveCount(1);
  });

  test('a tag page is paged like /blog', async ({ page, request, adminAuth }) => {
    const word = unique('Paged');
    const tag = `${word} Many`;
    let slug = '';
    for (let i = 1; i <= 13; i++) {
      const made = await createPost(request, adminAuth, {
        title: `${word} post ${i}`,
        tags: [tag],
        status: 'published',
      });
      slug = (made as unknown as { tags: Array<{ slug: string }> }).tags[0]!.slug;
    }
    await page.goto(`/blog/tag/${slug}`);
    await expect(page.getByTestId('blog-card')).toHaveCount(12);
    await page.getByRole('link', { name: 'Older posts' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/tag/${slug}\\?page=2$`));
    await expect(page.getByTestId('blog-card')).toHaveCount(1);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
  });

  test('search from /blog finds a post by a misspelt word, title matches first, the words marked', async ({
    page,
    request,
    adminAuth,
  }) => {
    const word = unique('zq');
    await createPost(request, adminAuth, {
      title: `Pumpkin carving in Baldock ${word}`,
      status: 'published',
      content: '<p>Bring a spoon.</p>',
    });
    await createPost(request, adminAuth, {
      title: `Autumn in Royston ${word}`,
      status: 'published',
      content: '<p>The pumpkin festival returns with music and food.</p>',
    });
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search the blog' }).fill(`pumpkn ${word}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=/);
    const results = page.getByTestId('search-result');
    await expect(results).toHaveCount(2);
    await expect(results.first().getByRole('heading')).toContainText('Pumpkin carving in Baldock');
    await expect(results.first().locator('mark').first()).toHaveText(/pumpkin/i);
    await expect(results.nth(1).locator('p mark').first()).toHaveText(/pumpkin/i);
    // Dates in the UK style ('29 Nov 2026'); only the blog's cards keep the specification's 'Nov 29, 2026'.
    await expect(results.first().locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await results.first().getByRole('link').click();
    await expect(page.getByRole('article').locator('time').first()).toHaveText(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    await page.goto('/blog');
    await expect(page.getByTestId('blog-card').first().locator('time')).toHaveText(
      /^[A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    await page.goto(`/search?q=pumpkin+${word}`);

    // Nothing matched: said in words.
    await page.getByRole('searchbox', { name: 'Search the blog' }).fill('xylophonequartz');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await page.getByRole('link', { name: 'browse all posts on the blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('search results never run what a post says as HTML', async ({ page, request, adminAuth }) => {
    const word = unique('safe');
    await createPost(request, adminAuth, {
      title: `<img src=x onerror="window.__hacked=1"> ${word}`,
      status: 'published',
    });
    await page.goto(`/search?q=${word}`);
    await expect(page.getByTestId('search-result')).toHaveCount(1);
    await expect(page.getByTestId('search-result').getByRole('heading')).toContainText('<img src=x');
    expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
  });
});

test.describe('addresses and what search engines are told', () => {
  test('a renamed post and its number answer 301 to its words address, keeping the query', async ({
    request,
    adminAuth,
  }) => {
    const word = unique('moved');
    const post = await createPost(request, adminAuth, { title: `${word} first name`, status: 'published' });
    const byId = await request.get(`/blog/${post.id}?utm_source=print`, { maxRedirects: 0 });
    expect(byId.status()).toBe(301);
    expect(byId.headers()['location']).toBe(`/blog/${post.slug}?utm_source=print`);

    const renamed = await request.patch(`/api/admin/blogs/${post.id}`, {
      headers: adminAuth,
      data: { slug: `${word}-new-name`, expectedVersion: post.version },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    const old = await request.get(`/blog/${post.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe(`/blog/${word}-new-name`);
    expect((await request.get(`/blog/${word}-new-name`)).status()).toBe(200);
    // A draft's number is nobody's address yet.
    const draft = await createPost(request, adminAuth, { title: `${word} draft`, status: 'draft' });
    expect((await request.get(`/blog/${draft.id}`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test('a post page carries its search and sharing fields, with defaults when none are set', async ({
    request,
    adminAuth,
  }) => {
    const word = unique('seo');
    const plain = await createPost(request, adminAuth, {
      title: `${word} plain post`,
      excerpt: 'An excerpt for the cards.',
      tags: [`${word} Town`, 'Markets'],
      status: 'published',
    });
    const html = await (await request.get(`/blog/${plain.slug}`)).text();
    expect(html).toContain(`<title>${word} plain post | Herts Local Media</title>`);
    expect(html).toContain('<meta name="description" content="An excerpt for the cards." />');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/blog/${plain.slug}" />`));
    expect(html).toContain('<meta property="og:description" content="An excerpt for the cards." />');
    expect(html).not.toContain('content="noindex"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)![1]!) as Record<
      string,
      unknown
    >;
    expect(ld).toMatchObject({ '@type': 'BlogPosting', keywords: `${word} Town, Markets` });
    expect(ld.dateModified).toEqual(expect.any(String));
    // By its maker, with their author page.
    expect(ld.author).toEqual([
      expect.objectContaining({
        '@type': 'Person',
        name: ADMIN_ACCOUNT.name,
        url: expect.stringMatching(/\/author\/edith-admin$/),
      }),
    ]);

    const tuned = await createPost(request, adminAuth, {
      title: `${word} tuned post`,
      status: 'published',
      metaTitle: `${word} meta title`,
      metaDescription: 'What a search result should say.',
      socialDescription: 'What a shared card should say.',
      socialImageUrl: 'https://cdn.example.org/card.jpg',
      canonicalUrl: 'https://example.org/first-printed-here',
      noIndex: true,
    });
    const tunedHtml = await (await request.get(`/blog/${tuned.slug}`)).text();
    expect(tunedHtml).toContain(`<title>${word} meta title | Herts Local Media</title>`);
    expect(tunedHtml).toContain('<meta name="description" content="What a search result should say." />');
    expect(tunedHtml).toContain('<link rel="canonical" href="https://example.org/first-printed-here" />');
    expect(tunedHtml).toContain('<meta name="robots" content="noindex" />');
    expect(tunedHtml).toContain(
      '<meta property="og:description" content="What a shared card should say." />',
    );
    expect(tunedHtml).toContain('<meta property="og:image" content="https://cdn.example.org/card.jpg" />');
    expect(tunedHtml).toContain('<meta name="twitter:title" content="' + word + ' meta title" />');
    // Hidden from search engines: not in the sitemap either.
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/blog/${tuned.slug}<`);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin writes, tags, schedules and saves a post at 390 px without sideways scrolling', async ({
    page,
    signIn,
  }) => {
    await signIn({ by: 'api' });
    await page.goto(NEW_POST);
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

test('long text has a rhythm, the same in the editor as on the post page: spaced paragraphs, headings nearer what follows, lists, quotes and tags apart', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const title = unique('Rhythm ');
  const post = await createPost(request, adminAuth, {
    title,
    status: 'published',
    tags: [unique('Rhythm tag ')],
    content:
      '<p>First paragraph.</p><p>Second paragraph.</p><h2>A heading</h2><p>After the heading.</p>' +
      '<ul><li>One</li><li>Two</li></ul><blockquote><p>Quoted.</p></blockquote><p>Last line.</p>',
  });
  /** Gaps in em of the text's size: above and below the heading, between paragraphs, around the list and quote. */
  const rhythm = () =>
    page.evaluate(() => {
      const first = [...document.querySelectorAll('p')].find((p) => p.textContent === 'First paragraph.')!;
      const box = first.parentElement!;
      const el = (css: string) => box.querySelector(css)!.getBoundingClientRect();
      const em = parseFloat(getComputedStyle(box.querySelector('p')!).fontSize);
      const gap = (a: DOMRect, b: DOMRect) => Math.round(((b.top - a.bottom) / em) * 100) / 100;
      const ps = [...box.querySelectorAll(':scope > p')].map((p) => p.getBoundingClientRect());
      return {
        paragraphs: gap(ps[0]!, ps[1]!),
        aboveHeading: gap(ps[1]!, el('h2')),
        belowHeading: gap(el('h2'), ps[2]!),
        aboveList: gap(ps[2]!, el('ul')),
        aboveQuote: gap(el('ul'), el('blockquote')),
        afterQuote: gap(el('blockquote'), ps[3]!),
      };
    });

  await page.goto(`/blog/${post.slug}`);
  const onPage = await rhythm();
  expect(onPage.paragraphs).toBeGreaterThanOrEqual(0.75);
  expect(onPage.aboveHeading).toBeGreaterThan(onPage.belowHeading * 2);
  expect(onPage.belowHeading).toBeGreaterThan(0.2);
  expect(onPage.aboveList).toBeGreaterThanOrEqual(0.75);
  expect(onPage.aboveQuote).toBeGreaterThanOrEqual(0.75);
  expect(onPage.afterQuote).toBeGreaterThanOrEqual(0.75);
  // The tag chips stand apart from the last line.
  const tagsGap = await page.evaluate(() => {
    const last = [...document.querySelectorAll('article p')].find((p) => p.textContent === 'Last line.')!;
    const tags = document.querySelector('article ul[aria-label="Tags"]')!;
    return tags.getBoundingClientRect().top - last.getBoundingClientRect().bottom;
  });
  expect(tagsGap).toBeGreaterThanOrEqual(24);

  await signIn({ by: 'api' });
  await openEditor(page, title);
  expect(await rhythm()).toEqual(onPage);
});
