import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// Putting rows into the admin's lists the way visitors do (the contact form, the workshop form,
// the newsletter signup), for the specs that look at the admin app (signing in: sign-in.ts).

/** A day of next month, as a date field takes it (2025-07-15): a workshop session's date that is always ahead. */
export function dayOfNextMonth(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}

/** Opens /admin (signed in) at a section tab, once its lists have loaded; `heading` is the section's first heading. */
export async function openAdminSection(page: Page, tab: string, heading: string): Promise<void> {
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: new RegExp(`^${tab}`) })
    .click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  // Every list (or form) of the section has loaded; a section of settings has no list.
  await expect(page.locator('[data-layout], form').first()).toBeVisible();
  await expect(page.locator('[data-layout][aria-busy="true"], form[aria-busy="true"]')).toHaveCount(0);
}

export interface WorkshopParent {
  parent: string;
  email: string;
  mobile: string;
  child: string;
  age: string;
}

export async function sendEnquiry(
  page: Page,
  enquiry: { name: string; email: string; type: string; subject: string; message: string },
) {
  // goto waits for React to have the page (helpers/test.ts, for every page of the fixtures and of
  // browser.newPage/newContext): typed before that, the words would be the page's, not the form's.
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').fill(enquiry.name);
  await form.getByLabel('Email *').fill(enquiry.email);
  await form.getByLabel('Service type *').selectOption(enquiry.type);
  await form.getByLabel(/^Subject/).fill(enquiry.subject);
  await form.getByLabel('Message *').fill(enquiry.message);
  // The numbers are the server's challenge, shown once it has arrived.
  await expect(page.locator('label[for="contact-captcha"]')).toHaveText(/\d+ \+ \d+/);
  const question = await page.locator('label[for="contact-captcha"]').innerText();
  const [, a, b] = /(\d+) \+ (\d+)/.exec(question) ?? [];
  expect(a && b, question).toBeTruthy();
  await page.getByLabel(/Quick check/).fill(String(Number(a) + Number(b)));
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible();
}

/** A parent's details in the academy's workshop form, on a laptop; returns the form (not sent). */
export async function fillWorkshopForm(page: Page, r: WorkshopParent): Promise<Locator> {
  const form = page.getByTestId('workshop-form');
  await form.getByLabel('Parent or carer name').fill(r.parent);
  await form.getByLabel('Parent email').fill(r.email);
  await form.getByLabel('Parent mobile').fill(r.mobile);
  await form.getByLabel("Child's first name").fill(r.child);
  await form.getByLabel("Child's age").fill(r.age);
  await form.getByRole('radio', { name: 'Laptop' }).check();
  return form;
}

export async function reserveWorkshop(page: Page, r: WorkshopParent) {
  await page.goto('/sparkai-academy#free-workshop');
  const form = await fillWorkshopForm(page, r);
  await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Workshop Reserved!' })).toBeVisible();
}

export async function subscribeToNewsletter(request: APIRequestContext, email: string) {
  const res = await request.post('/api/subscribe', { data: { email, newsletter: 'general' } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A long enquiry, a workshop reservation and a subscriber with a long address: rows that test a narrow layout. */
export async function addLongRows(page: Page, stamp: string | number) {
  await sendEnquiry(page, {
    name: 'Bartholomew Featherstonehaugh-Wolstenholme',
    email: `bartholomew.featherstonehaugh-wolstenholme.${stamp}@a-very-long-company-name.co.uk`,
    type: 'partnership',
    subject: `A partnership across the Hertfordshire market towns, from Bishop's Stortford to Berkhamsted ${stamp}`,
    message:
      'Hello,\nWe would like to talk about a partnership covering every market town in the county.\nThanks',
  });
  await reserveWorkshop(page, {
    parent: 'Priya Shah',
    email: `priya.${stamp}@example.co.uk`,
    mobile: '07700 900123',
    child: 'Arjun',
    age: '12',
  });
  await subscribeToNewsletter(
    page.request,
    `a.remarkably.long.newsletter.reader.${stamp}@some-hertfordshire-village.org.uk`,
  );
}
