import sharp from 'sharp';
import { ADMIN_ACCOUNT } from '../../playwright.config';
import { BUSINESS_DETAILS_SEED } from '../../src/shared/business';
import { ukDateLabel, ukDateTime } from '../../src/shared/uk-time';
import { dayOfNextMonth, fillWorkshopForm, openAdminSection } from './helpers/admin-data';
import { expect, test } from './helpers/sign-in';

// The owner's own content, in the browser: the owner changes a service's title, adds a testimonial
// with a photo, changes the phone number and creates a workshop session next month, and sees each
// on the public pages without a restart (a reload); a visitor then reserves a place and the places
// left drop. The same server runs the other specs, so what this one changes is put back after.

const NEW_TITLE = 'Newsletter Adverts That Get Read';
const PHONE = '01992 555 010';
const CUSTOMER = 'Grace Whitfield';

/** The 8th of next month (workshop-sessions.spec.ts uses the 15th). */
const SESSION_DATE = dayOfNextMonth(8);
const SESSION_LABEL = ukDateLabel(ukDateTime(SESSION_DATE, '10:00'));

test.afterAll(async ({ request }) => {
  const auth = await request.post('/api/admin/login', {
    data: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
  });
  const headers = { Authorization: `Bearer ${((await auth.json()) as { authToken: string }).authToken}` };
  await request.put('/api/admin/business', { headers, data: BUSINESS_DETAILS_SEED });
  const services = (await (await request.get('/api/admin/advertising-services', { headers })).json()) as {
    items: Array<{ id: number; title: string }>;
  };
  const renamed = services.items.find((s) => s.title === NEW_TITLE);
  if (renamed)
    await request.patch(`/api/admin/advertising-services/${renamed.id}`, {
      headers,
      data: { title: 'Newsletter Advertising' },
    });
  const quotes = (await (await request.get('/api/admin/testimonials', { headers })).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  for (const added of quotes.items.filter((q) => q.name === CUSTOMER))
    await request.delete(`/api/admin/testimonials/${added.id}`, { headers });
  // The session goes, so the other specs find the academy page with no date set.
  const sessions = (await (
    await request.get('/api/admin/academy/sessions?pageSize=100', { headers })
  ).json()) as {
    items: Array<{ id: number; cancelledAt: string | null }>;
  };
  for (const session of sessions.items.filter((s) => !s.cancelledAt))
    await request.post(`/api/admin/academy/sessions/${session.id}/cancel`, { headers });
});

test('the owner edits the site in the admin and visitors see it at once', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn();

  // A service's title, in the Site content tab's dialog.
  await openAdminSection(page, 'Site content', 'Advertising services');
  await page.getByRole('button', { name: 'Edit Newsletter Advertising' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service' });
  await dialog.getByLabel('Title').fill(NEW_TITLE);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The service has been saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('services-editor').getByText(NEW_TITLE)).toBeVisible();

  // A testimonial with a photo, uploaded through the signed upload link.
  await page.getByRole('button', { name: 'Add testimonial' }).click();
  const add = page.getByRole('dialog', { name: 'Add testimonial' });
  await add.getByLabel('Name').fill(CUSTOMER);
  await add.getByLabel('Business or place').fill('Owner, Whitfield Florists, Ware');
  await add
    .getByLabel('Quote')
    .fill('Our Mothering Sunday orders doubled after one advert in the newsletter.');
  const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2f7d4a' } })
    .png()
    .toBuffer();
  await add.getByLabel('Photo').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('Image uploaded successfully', { exact: true })).toBeVisible();
  await expect(add.getByRole('img', { name: `Photo of ${CUSTOMER}` })).toBeVisible();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('The testimonial has been added', { exact: true })).toBeVisible();

  // The phone number, in Business details.
  await openAdminSection(page, 'Business details', 'Business details');
  await expect(page.getByLabel('Phone')).toHaveValue(BUSINESS_DETAILS_SEED.phone);
  await page.getByLabel('Phone').fill(PHONE);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Business details saved', { exact: true })).toBeVisible();

  // The public pages, loaded afresh from the same running server.
  await page.goto('/');
  await page.reload();
  await expect(page.locator('#advertising').getByRole('heading', { name: NEW_TITLE })).toBeVisible();
  const quote = page.getByTestId('testimonial').filter({ hasText: CUSTOMER });
  await expect(quote).toContainText('Our Mothering Sunday orders doubled');
  const img = quote.locator('img');
  await expect(img).toHaveAttribute('src', /^\/objects\/uploads\/[a-z2-7]{32}$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
  const phone = page.locator('#contact').getByRole('link', { name: PHONE });
  await expect(phone).toHaveAttribute('href', 'tel:01992555010');
  // The server-rendered HTML already has them (no flash), and so do the search engines' details.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(NEW_TITLE);
  expect(html).toContain(CUSTOMER);
  expect(html).toContain(`"telephone":"${PHONE}"`);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('main')).toContainText(`by phone on ${PHONE}`);

  // A workshop session next month, in the Academy tab; the academy page offers it at once.
  await openAdminSection(page, 'Academy', 'Free workshop sessions');
  await page.getByRole('button', { name: 'Add a session' }).click();
  const session = page.getByRole('dialog', { name: 'New workshop session' });
  await session.getByLabel('Date').fill(SESSION_DATE);
  await session.getByLabel('Starts').fill('10:00');
  await session.getByLabel('Ends').fill('11:30');
  await session.getByRole('button', { name: 'Create session' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Session created' })).toBeVisible();
  await page.goto('/sparkai-academy#free-workshop');
  await expect(page.getByTestId('workshop-session')).toContainText(SESSION_LABEL);
  await expect(page.getByTestId('workshop-places')).toContainText('15 of 15 places left');

  // A visitor (not signed in) reserves a place, and the places left drop.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/sparkai-academy#free-workshop');
  const form = await fillWorkshopForm(visitor, {
    parent: 'Nadia Okafor',
    email: `nadia.okafor.${Date.now()}@example.co.uk`,
    mobile: '07700 900456',
    child: 'Tobi',
    age: '11',
  });
  await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Workshop Reserved!' })).toBeVisible();
  await expect(visitor.getByTestId('workshop-places')).toContainText('14 of 15 places left');
  await page.reload();
  await expect(page.getByTestId('workshop-places')).toContainText('14 of 15 places left');
  await visitorContext.close();
});

test('the lists reorder and hide with buttons a keyboard reaches', async ({ page, signIn }) => {
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Site content', 'Advertising services');
  const up = page.getByRole('button', { name: 'Move Sponsored Editorials up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Service moved up', { exact: true })).toBeVisible();
  await page.goto('/');
  const titles = page.locator('#advertising h3');
  await expect(titles.first()).toHaveText('Sponsored Editorials');

  await openAdminSection(page, 'Site content', 'Advertising services');
  await page.getByRole('button', { name: 'Hide Sponsored Editorials' }).click();
  await expect(page.getByText('Service hidden from the site', { exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('#advertising')).not.toContainText('Sponsored Editorials');

  // Put back as it was for the specs after this one.
  await openAdminSection(page, 'Site content', 'Advertising services');
  await page.getByRole('button', { name: 'Show Sponsored Editorials' }).click();
  await expect(page.getByText('Service shown on the site', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Move Sponsored Editorials down' }).click();
  await expect(page.getByText('Service moved down', { exact: true })).toBeVisible();
  await page.goto('/');
  await expect(titles.first()).not.toHaveText('Sponsored Editorials');
});
