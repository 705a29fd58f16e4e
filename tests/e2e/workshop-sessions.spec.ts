import { expect, type Page } from '@playwright/test';
import { ukDateLabel, ukDateTime } from '../../src/shared/uk-time';
import { dayOfNextMonth, fillWorkshopForm, openAdminSection } from './helpers/admin-data';
import { test } from './helpers/sign-in';

// Workshop sessions in the browser: the admin creates a workshop session next month, the academy page
// shows it with its places left without a restart, a visitor reserves a place and the places left
// drop; then a full session sends the next family to its waiting list, and cancelling a booking in
// the admin gives that family the place. The session is cancelled at the end, so the other specs
// find the page as a fresh install has it (no date set).

/** The 15th of next month (owner-content.spec.ts uses the 8th). */
const DATE = dayOfNextMonth(15);
const DATE_LABEL = ukDateLabel(ukDateTime(DATE, '16:00'));
const SHOTS = process.env.WORKSHOP_SHOTS_DIR;

const fillReservation = (page: Page, n: number) =>
  fillWorkshopForm(page, {
    parent: `Parent ${n}`,
    email: `workshop.parent.${n}.${Date.now()}@example.co.uk`,
    mobile: '07700 900123',
    child: `Child ${n}`,
    age: '12',
  });

/** Screenshots for people to look at (not compared): WORKSHOP_SHOTS_DIR=/tmp/... */
async function shoot(page: Page, name: string, selector?: string) {
  if (!SHOTS) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const path = `${SHOTS}/${name}-${width}.png`;
    if (selector) await page.locator(selector).first().screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the admin creates a session next month; the page offers it and counts the places down', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await openAdminSection(page, 'Academy', 'Free workshop sessions');
  await page.getByRole('button', { name: 'Add a session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workshop session' });
  await dialog.getByLabel('Date').fill(DATE);
  await dialog.getByLabel('Starts').fill('16:00');
  await dialog.getByLabel('Ends').fill('17:00');
  await expect(dialog.getByLabel('Places')).toHaveValue('15');
  await expect(dialog.getByLabel('Delivery')).toHaveValue('video_call');
  await dialog.getByLabel('Video call link (optional)').fill('https://meet.example.com/sparkai-taster');
  await shoot(page, 'admin-session-form', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create session' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Session created' })).toBeVisible();
  const row = page.getByTestId('session-row').filter({ hasText: DATE_LABEL });
  await expect(row).toContainText('4pm-5pm');
  await expect(row.getByTestId('session-places')).toHaveText('0 of 15 booked · 15 left');

  // The public page, server-rendered: the new date and its places, with no restart.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/sparkai-academy#free-workshop');
  const facts = visitor.getByTestId('workshop-session');
  await expect(facts).toContainText(DATE_LABEL);
  await expect(facts).toContainText('4pm-5pm');
  await expect(facts).toContainText('Live video call, joined from home');
  await expect(visitor.getByTestId('workshop-places')).toContainText('15 of 15 places left');
  await expect(visitor.getByText(`Free taster: ${DATE_LABEL}, 4pm-5pm`)).toBeVisible();
  const html = await (await visitor.request.get('/sparkai-academy')).text();
  expect(html).toContain(DATE_LABEL);
  await shoot(visitor, 'academy-workshop', '#free-workshop');

  // A visitor reserves: the toast names the date, and the places left drop, on this page and after a reload.
  let form = await fillReservation(visitor, 1);
  await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
  const toast = visitor.getByRole('status').filter({ hasText: 'Workshop Reserved!' });
  await expect(toast).toContainText(`Your place is booked for ${DATE_LABEL}, 4pm-5pm.`);
  await expect(visitor.getByTestId('workshop-places')).toContainText('14 of 15 places left');
  await expect(form.getByLabel('Parent or carer name')).toHaveValue('');
  await visitor.reload();
  await expect(visitor.getByTestId('workshop-places')).toContainText('14 of 15 places left');

  // The admin makes it a session of one place: it is full now.
  await page.reload();
  await openAdminSection(page, 'Academy', 'Free workshop sessions');
  await row.getByRole('button', { name: `Change ${DATE_LABEL}` }).click();
  const change = page.getByRole('dialog', { name: 'Change the session' });
  await expect(change.getByLabel('Date')).toHaveValue(DATE);
  await change.getByLabel('Places').fill('1');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Session updated' })).toBeVisible();
  await expect(row.getByTestId('session-places')).toHaveText('1 of 1 booked · 0 left');

  // Full: the page says so, and the same form joins the waiting list.
  await visitor.reload();
  await expect(visitor.getByTestId('workshop-places')).toContainText('Full: no places left');
  await expect(visitor.getByTestId('workshop-full')).toContainText('this workshop session is full');
  form = await fillReservation(visitor, 2);
  await shoot(visitor, 'academy-workshop-full', '#free-workshop');
  await form.getByRole('button', { name: 'Join the Waiting List' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Added to the Waiting List' })).toBeVisible();

  // The admin sees the booking and the waiting list, and cancels the booking: Child 2 gets the place.
  await page.reload();
  await openAdminSection(page, 'Academy', 'Free workshop sessions');
  await expect(row).toContainText('1');
  await row.getByRole('button', { name: `Reservations for ${DATE_LABEL}` }).click();
  const reservations = page.getByRole('dialog', { name: new RegExp(DATE_LABEL) });
  await expect(reservations.getByTestId('reservation-row')).toHaveCount(2);
  await expect(reservations.getByTestId('reservation-row').filter({ hasText: 'Child 2' })).toContainText(
    'Waiting list',
  );
  await shoot(page, 'admin-session-reservations', '[role="dialog"]');
  await reservations.getByRole('button', { name: 'Cancel the reservation of Child 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel reservation' });
  await expect(confirm).toContainText('It goes to the first family on the waiting list');
  await confirm.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reservation cancelled' })).toBeVisible();
  await expect(reservations.getByTestId('reservation-row').filter({ hasText: 'Child 2' })).toContainText(
    'Booked',
  );
  await expect(reservations.getByTestId('reservation-row').filter({ hasText: 'Child 1' })).toContainText(
    'Cancelled',
  );
  await reservations.getByRole('button', { name: 'Close' }).click();
  await expect(reservations).toHaveCount(0);
  await shoot(page, 'admin-academy');

  // Cancelled, the session is no longer offered: the page says the next date is coming soon.
  await row.getByRole('button', { name: `Cancel ${DATE_LABEL}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel session' })
    .getByRole('button', { name: 'Cancel session' })
    .click();
  await expect(row).toContainText('Cancelled');
  await visitor.reload();
  await expect(visitor.getByText('Free taster: next date coming soon')).toBeVisible();
  await expect(visitor.locator('#free-workshop')).toContainText('Coming soon');
  await shoot(visitor, 'academy-workshop-coming-soon', '#free-workshop');
  await visitorContext.close();
});
