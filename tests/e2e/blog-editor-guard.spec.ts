import { expect, test } from './helpers/sign-in';

// The post editor never loses typing without asking: a link or a section of the admin, another
// post's Edit, Cancel editing, and closing or reloading the page all ask first.

test('leaving the post editor with unsaved changes asks first; without changes it does not', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  const title = `Guarded post ${Date.now()}`;
  const created = await request.post('/api/admin/blogs', {
    headers: adminAuth,
    data: { title, content: '<p>Words.</p>', category: 'Tests' },
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
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await page.getByLabel('Excerpt').fill('Not saved yet.');

    const dialog = page.getByRole('alertdialog');
    // A link of the site's header.
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // Another section of the admin.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('button', { name: 'Subscribers' })
      .click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Not saved yet.');

    // The editor's own Cancel editing.
    await page.getByRole('button', { name: 'Cancel editing' }).click();
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
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
