import { ADMIN_ACCOUNT as ADMIN } from '../../playwright.config';
import { sendEnquiry } from './helpers/admin-data';
import { expect, test } from './helpers/sign-in';
import AxeBuilder from '@axe-core/playwright';

// The admin's inbox: an enquiry sent from the home page's contact form shows up in Enquiries, opens
// in full with a reply link, and is marked replied; the other sections of the admin app answer.

test('an enquiry from the home page shows up in the inbox, opens in full and is marked replied', async ({
  page,
  signIn,
}) => {
  const stamp = Date.now();
  const enquiry = {
    name: 'Gwen Harper',
    email: `gwen.${stamp}@harpers-deli.co.uk`,
    subject: `Sponsoring the Hitchin podcast ${stamp}`,
    message: `Hello,\nWe run a deli on Bancroft and would like to sponsor a few episodes.\nRef ${stamp}`,
  };
  await sendEnquiry(page, { ...enquiry, type: 'podcast' });
  await signIn();

  // The dashboard shows the number of new enquiries on the Enquiries tab.
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  const tab = nav.getByRole('button', { name: /^Enquiries \d+ new$/ });
  await expect(tab).toBeVisible();
  const badgeBefore = Number(
    await page
      .getByTestId('new-enquiries-badge')
      .innerText()
      .then((t) => t.replace(/\D/g, '')),
  );
  expect(badgeBefore).toBeGreaterThanOrEqual(1);
  await tab.click();
  await expect(page.getByRole('heading', { name: 'Enquiries', level: 2 })).toBeVisible();
  await expect(page.getByTestId('enquiries-summary')).toContainText(/new enquir(y|ies) waiting for a reply/);

  // Newest first: ours is the top row.
  const first = page.getByTestId('enquiry-row').first();
  await expect(first).toContainText(enquiry.subject);
  await expect(first).toContainText(enquiry.email);
  await expect(first).toContainText('Podcast');
  await expect(first).toContainText('New');

  // Search and filters narrow the list (on the server).
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
  await expect(page.getByTestId('enquiry-row')).toHaveCount(1);
  await page.getByLabel('Type').selectOption('advertising');
  await expect(page.getByText('No enquiries match these filters.')).toBeVisible();
  await page.getByLabel('Type').selectOption('podcast');
  await page.getByLabel('Status').selectOption('new');
  await expect(page.getByTestId('enquiry-row')).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The whole message on one click (keyboard: Enter on the subject), with a reply link.
  await page.getByRole('button', { name: enquiry.subject }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: enquiry.subject });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('enquiry-message')).toHaveText(enquiry.message);
  await expect(dialog).toContainText(`${enquiry.name} <${enquiry.email}>`);
  // Whether the business was told by e-mail (the outbox worker sends within a second or so).
  await expect(dialog.getByTestId('enquiry-notification')).toHaveText(
    /^(Sent \S.*|Queued, sending shortly)$/,
  );
  await expect(dialog.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    `mailto:${enquiry.email}?subject=${encodeURIComponent(`Re: ${enquiry.subject}`)}`,
  );

  await dialog.getByRole('button', { name: 'Mark as replied' }).click();
  await expect(page.getByText('Marked as replied', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Replied', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as new' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // It has left the 'new' filter, and the count went down.
  await expect(page.getByText('No enquiries match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('replied');
  await expect(page.getByTestId('enquiry-row')).toHaveCount(1);
  await expect(page.getByTestId('enquiry-row').first()).toContainText('Replied');
  if (badgeBefore > 1) {
    await expect(page.getByTestId('new-enquiries-badge')).toHaveText(`${badgeBefore - 1} new`);
  } else {
    await expect(page.getByTestId('new-enquiries-badge')).toHaveCount(0);
  }

  // After a reload the status is still replied (it is stored, not just shown).
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: /^Enquiries/ })
    .click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
  await expect(page.getByTestId('enquiry-row')).toHaveCount(1);
  await expect(page.getByTestId('enquiry-row').first()).toContainText('Replied');
});

test('the other sections: subscribers, academy places and adding an admin', async ({ page, signIn }) => {
  await signIn();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });

  await nav.getByRole('button', { name: 'Subscribers' }).click();
  await expect(page.getByRole('heading', { name: 'Newsletter subscribers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export confirmed (CSV)' })).toBeEnabled();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export confirmed (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);

  await nav.getByRole('button', { name: 'Academy' }).click();
  await expect(page.getByRole('heading', { name: 'Free workshop sessions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Families waiting for a date' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Academy subscriptions' })).toBeVisible();

  await nav.getByRole('button', { name: 'Staff' }).click();
  await expect(page.getByTestId('admin-row').filter({ hasText: ADMIN.email })).toContainText('(you)');
  const email = `nadia.${Date.now()}@hertslocalmedia.co.uk`;
  // The form that adds someone with a password (the one above it invites by e-mail).
  const addForm = page.getByRole('form', { name: 'Add someone with a password' });
  await addForm.getByLabel('Name').fill('Nadia Second');
  await addForm.getByLabel('Email').fill(email);
  await addForm.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText('Registration failed', { exact: true })).toBeVisible();
  await addForm.getByLabel('Password', { exact: true }).fill('Cassiobury-Park-Swan-19');
  await page.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText('User created', { exact: true })).toBeVisible();
  const row = page.getByTestId('admin-row').filter({ hasText: email });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Remove Nadia Second' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Admin removed', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
});
