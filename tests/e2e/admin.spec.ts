import { ADMIN_ACCOUNT as ADMIN } from '../../playwright.config';
import { expect, test } from './helpers/sign-in';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { AUTH_MESSAGES } from '../../src/shared/auth';
import { LOGOUT_WAIT_MS } from '../../src/shared/constants';

/** Signed in through the API, on the admin's dashboard. */
async function openAdminSignedIn(page: Page, signIn: (how: { by: 'api' }) => Promise<unknown>) {
  await signIn({ by: 'api' });
  await page.goto('/admin');
  await expect(page.getByText(`Welcome, ${ADMIN.name}`)).toBeVisible();
}

test('an unauthenticated visitor to /admin sees Access Denied, then the homepage', async ({ page }) => {
  await page.goto('/admin-simple');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
});

test('Logout takes the admin home once, even while the home page is slow to load: Back returns to the admin', async ({
  page,
  signIn,
}) => {
  await openAdminSignedIn(page, signIn);
  // The home page's code arrives 1.5 s late, as from a busy server.
  await page.route('**/assets/HomePage-*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Get Started Today').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
});

test('Logout whose call never answers still signs the page out and goes home, saying the server did not confirm it', async ({
  page,
  signIn,
}) => {
  await openAdminSignedIn(page, signIn);
  // The logout call reaches nothing: no answer, ever (a dropped connection, a stalled proxy).
  await page.route('**/trpc/auth.logout*', () => new Promise(() => {}));
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible({ timeout: 8000 });
  await expect(page.getByText(AUTH_MESSAGES.logoutUnconfirmed, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(LOGOUT_WAIT_MS);
});

test('a failed sign-in shows the server message', async ({ page }) => {
  await page.goto('/login');
  // Checked by the sign-in schema before anything is sent, in the form's own words for empty fields.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('whatever');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the browser keeps the admin session only in the HttpOnly cookie, never where a script can read it', async ({
  page,
  context,
  signIn,
}) => {
  // A token an earlier version stored is removed on the next visit.
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('authToken', 'left-over-token'));
  await signIn();
  const stored = await page.evaluate(() => Object.entries(localStorage).map(([k, v]) => `${k}=${v}`));
  const token = /^[a-z2-7]{24}\.[a-z2-7]{32}$/;
  expect(
    stored.filter((entry) => token.test(entry.split('=')[1] ?? '') || entry.startsWith('authToken=')),
  ).toEqual([]);
  expect(
    await page.evaluate(() =>
      Object.values(sessionStorage).some((v) => /^[a-z2-7]{24}\.[a-z2-7]{32}$/.test(v)),
    ),
  ).toBe(false);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/session=/);
  const session = (await context.cookies()).find((c) => c.name === 'session');
  expect(session?.httpOnly).toBe(true);
  // The cookie alone carries the admin's calls, reads and writes (the dashboard loaded them).
  await expect(page.getByTestId('admin-post').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
});

test('sign in, write a draft, publish it, read it on /blog, edit it, delete it and sign out', async ({
  page,
  context,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Typed with the spaces a pasted address brings: the form trims them.
  await signIn({ email: `  ${ADMIN.email}  ` });

  // Signed in: /login sends the admin straight back to /admin.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);

  // Title and content are required.
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Missing required fields', { exact: true })).toBeVisible();
  await expect(page.getByText('Title and content are required', { exact: true })).toBeVisible();

  const title = `Ware Christmas lights switch-on ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').fill('Events');
  await page.getByLabel('Excerpt').fill('Stalls, carols and the big switch-on along the river.');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  // The toolbar hands focus back to the editor; type only once it has it.
  await expect(editor).toBeFocused();
  await page.keyboard.type('What is on');
  await page.keyboard.press('Enter');
  // Bold by the keyboard shortcut: a toolbar click moves focus and can race the next keystroke.
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Saturday from 4pm');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' on the High Street.');
  await expect(editor.locator('strong')).toHaveText('Saturday from 4pm');

  // The picker is the site's own button, the same words in every browser, and says what is chosen.
  const picker = page.getByLabel('Featured image');
  await expect(picker.locator('xpath=following-sibling::*[1]')).toHaveText('Choose image');
  await expect(picker).toHaveAccessibleDescription(/^No image chosen/);

  // A renamed non-image is refused before it is sent; a real image is uploaded.
  await page
    .getByLabel('Featured image')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#b3122e' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Featured image')
    .setInputFiles({ name: 'lights.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded successfully', { exact: true })).toBeVisible();
  await expect(picker).toHaveAccessibleDescription(/^lights\.png/);
  const preview = page.getByAltText('Featured image preview');
  await expect(preview).toHaveAttribute('src', /^\/objects\/uploads\/[a-z2-7]{32}$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // An image inside the text, from the editor's toolbar.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'stall.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/objects\/uploads\/[a-z2-7]{32}$/);

  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Blog post created successfully!', { exact: true })).toBeVisible();
  const item = page.getByTestId('admin-post').filter({ hasText: title });
  await expect(item).toContainText('Draft');

  // A draft is not public.
  const publicBefore = await (await page.request.get('/api/blog')).json();
  expect(publicBefore.some((p: { title: string }) => p.title === title)).toBe(false);

  await item.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(item).toContainText('Published');

  await page.goto('/blog');
  const card = page.getByTestId('blog-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/\d+ min read/);
  await expect(card).toContainText('Events');
  await expect(card).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
  await expect(card.locator('img')).toHaveAttribute('src', /^\/objects\/uploads\//);
  await card.getByRole('link', { name: /Read More/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What is on' })).toBeVisible();
  await expect(page.locator('article').first().locator('strong')).toHaveText('Saturday from 4pm');
  await expect
    .poll(() =>
      page
        .locator('article')
        .first()
        .locator('img')
        .last()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(64);
  await expect(page.getByText('Herts Local Media Team')).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // Edit.
  await page.goto('/admin');
  await page.getByTestId('admin-post').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  const newTitle = `${title} (updated)`;
  await page.getByLabel('Title', { exact: true }).fill(newTitle);
  await page.getByRole('button', { name: 'Update post' }).click();
  await expect(page.getByText('Blog post updated successfully!', { exact: true })).toBeVisible();
  const edited = page.getByTestId('admin-post').filter({ hasText: newTitle });
  await expect(edited).toContainText('Published');

  // Delete, after the confirmation of docs/specification.md §5.
  await edited.getByRole('button', { name: `Delete ${newTitle}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this blog post?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Blog post deleted successfully!', { exact: true })).toBeVisible();
  await expect(page.getByTestId('admin-post').filter({ hasText: newTitle })).toHaveCount(0);
  await page.goto('/blog');
  await expect(page.getByTestId('blog-card').first()).toBeVisible();
  await expect(page.getByTestId('blog-card').filter({ hasText: newTitle })).toHaveCount(0);

  // Sign out.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('the posts list is paged by the server, searched and filtered Published/Draft; a title opens the post it names', async ({
  page,
  signIn,
  adminAuth: auth,
}) => {
  await signIn();
  const stamp = Date.now();
  const created: number[] = [];
  try {
    for (const [i, published] of [
      [1, true],
      [2, false],
    ] as const) {
      const res = await page.request.post('/api/admin/blogs', {
        headers: auth,
        data: {
          title: `Lantern parade ${stamp} no ${i}`,
          content: `<p>Route ${i} of the parade.</p>`,
          published,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      created.push(((await res.json()) as { id: number }).id);
    }
    await page.goto('/admin');
    const rows = page.getByTestId('admin-post');
    await expect(rows.first()).toBeVisible();
    const searches: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('blog.adminPage')) searches.push(decodeURIComponent(req.url()));
    });
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(`Lantern parade ${stamp}`);
    await expect(rows).toHaveCount(2);
    expect(searches.some((url) => url.includes(`Lantern parade ${stamp}`))).toBe(true);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Lantern parade ${stamp} no 2`);
    await expect(rows.first()).toContainText('Draft');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Lantern parade ${stamp} no 1`);
    await page.getByRole('link', { name: `Lantern parade ${stamp} no 1` }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Lantern parade ${stamp} no 1`);
    await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Route 1 of the parade.');
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(`no such post ${stamp}`);
    await expect(page.getByText('No posts match these filters.')).toBeVisible();
  } finally {
    for (const id of created) await page.request.delete(`/api/admin/blogs/${id}`, { headers: auth });
  }
});
