import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './helpers/test';
import { openInBrowser } from './helpers/navigation';
import { countRequestsTo } from './helpers/requests';
import { e2eDataDir } from '../../playwright.config';

const SECTION_ORDER = [
  'home',
  'about',
  'advertising',
  'newsletters',
  'free-websites',
  'why-advertise',
  'statistics',
  'sponsored-editorials',
  'podcasts',
  'testimonials',
  'newsletter-signup',
  'partners',
  'contact',
];

/** Solves the contact form's sum from its visible question. */
async function solveCaptcha(page: Page, wrong = false) {
  // The numbers are the server's challenge, shown once it has arrived.
  await expect(page.locator('label[for="contact-captcha"]')).toHaveText(/\d+ \+ \d+/);
  const label = await page.locator('label[for="contact-captcha"]').innerText();
  const match = /what is (\d+) \+ (\d+)\?/.exec(label);
  expect(match, label).not.toBeNull();
  const sum = Number(match![1]) + Number(match![2]);
  await page.getByLabel(/Quick check/).fill(String(wrong ? sum + 1 : sum));
}

/** The enquiry the tests that must send nothing start from. */
const RATE_CARD_ENQUIRY = {
  name: 'Grace Hopper',
  email: 'grace@example.co.uk',
  type: 'advertising',
  message: 'Please send me your rate card.',
};

/** Opens the contact form and fills in its four required fields (the sum is left to solveCaptcha). */
async function fillEnquiry(
  page: Page,
  enquiry: { name: string; email: string; type: string; message: string },
) {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').fill(enquiry.name);
  await form.getByLabel('Email *').fill(enquiry.email);
  await form.getByLabel('Service type *').selectOption(enquiry.type);
  await form.getByLabel('Message *').fill(enquiry.message);
  return form;
}

/** Every .eml the server wrote (no SMTP_URL in e2e), decoded from quoted-printable, newest last. */
function outbox(): string[] {
  const dir = path.join(e2eDataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** Rewrites one procedure's answer inside a (possibly batched) tRPC GET: new data, or a failure. */
async function rewriteProcedure(route: Route, procedure: string, data: unknown, fail = false) {
  const url = new URL(route.request().url());
  const names = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
  const index = names.indexOf(procedure);
  if (index < 0) return route.continue();
  const response = await route.fetch();
  const body = (await response.json()) as unknown[];
  body[index] = fail
    ? {
        error: {
          message: 'Service unavailable',
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: procedure },
        },
      }
    : { result: { data } };
  return route.fulfill({ response, status: fail ? 207 : response.status(), json: body });
}

test('the sections come in the order of the spec, and no request leaves our origin', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  await page.goto('/');
  await expect(page.getByTestId('newsletter-card')).toHaveCount(3);
  const ids = await page
    .locator('main section[id]')
    .evaluateAll((els) =>
      els.filter((el) => el.parentElement?.closest('section[id]') === null).map((el) => el.id),
    );
  expect(ids).toEqual(SECTION_ORDER);
  await expect(page.locator('footer')).toBeVisible();
  // Scroll through the whole page so lazy images load too.
  for (const id of SECTION_ORDER) await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('partner-logo')).toHaveCount(8);
  for (const logo of await page.getByTestId('partner-logo').all()) {
    await expect(logo).toHaveAttribute('src', /^\/images\/partners\//);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  expect(foreign).toEqual([]);
});

test('the hero, free-website and newsletter-building links go where the spec says', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('#home');
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [section, name, href] of [
    ['#home', 'Get Started Today', '#contact'],
    ['#home', 'Free Website - 100% Free', '#free-websites'],
    ['#free-websites', 'Get Your Free Website', '#contact'],
    ['#free-websites', 'Start Your Free Website Today', '#contact'],
    ['#newsletters', 'Get Started Today', '#contact'],
  ] as const) {
    await expect(page.locator(section).getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(hero).toContainText('580+');
  await expect(hero).toContainText('100%');
  await expect(hero).toContainText('10,000+');
  const free = page.locator('#free-websites');
  await expect(free).toContainText('Hertfordshire residents and businesses only');
  await expect(free).toContainText('No setup fees and no monthly costs');

  await hero.getByRole('link', { name: 'Get Started Today' }).click();
  await expect(page.locator('#contact')).toBeInViewport();
});

test('a section anchor in the address is scrolled to', async ({ page }) => {
  await page.goto('/#testimonials');
  await expect(page.locator('#testimonials')).toBeInViewport();
  await expect(page.getByTestId('testimonial')).toHaveCount(3);
  await expect(page.getByTestId('testimonial').first()).toContainText('Sarah Mitchell');
});

test('the counters start at 0 and count up to their targets once visible', async ({ page }) => {
  await page.goto('/');
  const values = page.getByTestId('stat-value');
  await expect(values).toHaveText(['0%', '0+', '0', '0.0M']);
  await page.waitForTimeout(500);
  // Not yet scrolled to: still nothing counted.
  await expect(values).toHaveText(['0%', '0+', '0', '0.0M']);
  await page.locator('#statistics').scrollIntoViewIfNeeded();
  await page.getByTestId('stat-value').first().scrollIntoViewIfNeeded();
  // Part-way through the 2000 ms the figures are moving, not final.
  await page.waitForTimeout(400);
  const midway = await values.allInnerTexts();
  expect(midway).not.toEqual(['100%', '580+', '10', '1.2M']);
  await expect(values).toHaveText(['100%', '580+', '10', '1.2M'], { timeout: 4000 });
  const bars = page.getByRole('progressbar');
  await expect(bars).toHaveCount(4);
  expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('aria-valuenow')))).toEqual([
    '90',
    '70',
    '80',
    '60',
  ]);
  await expect(page.locator('#statistics')).toContainText('Advertising Solutions');
  await expect(page.locator('#statistics')).toContainText('Community Campaigns');
});

test('with reduced motion the counters and bars show their final figures at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByTestId('stat-value')).toHaveText(['100%', '580+', '10', '1.2M']);
  // Filled to their figures, not left as the server drew them (empty).
  await page.locator('#statistics').scrollIntoViewIfNeeded();
  const widths = () =>
    page
      .getByTestId('progress-fill')
      .evaluateAll((els) => els.map((el) => Math.round((el as HTMLElement).getBoundingClientRect().width)));
  const tracks = await page
    .getByRole('progressbar')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
  await expect.poll(widths).toEqual([0.9, 0.7, 0.8, 0.6].map((share, i) => Math.round(share * tracks[i]!)));
});

test('newsletters: skeletons while loading, then cards with their own links', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/**', async (route) => {
    if (route.request().url().includes('content.newsletters')) await held;
    await route.continue();
  });
  await openInBrowser(page, '/');
  await expect(page.getByTestId('newsletter-skeleton')).toHaveCount(3);
  release();
  const cards = page.getByTestId('newsletter-card');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId('newsletter-skeleton')).toHaveCount(0);
  for (const name of ['Broxtown', 'Hertstown', 'Fieldtown']) {
    const card = cards.filter({ hasText: name });
    await expect(card).toHaveAttribute('data-tone', name.toLowerCase());
    const link = card.getByRole('link', { name: new RegExp(`Subscribe to ${name}`) });
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(card.locator('img')).toHaveAttribute('src', `/images/newsletters/${name.toLowerCase()}.svg`);
  }
  // The three title colours differ from each other and from the default red.
  const colours = await cards.locator('h3').evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
  expect(new Set(colours).size).toBe(3);

  await page.getByRole('button', { name: 'View All Publications' }).click();
  const dialog = page.getByRole('dialog', { name: 'All our publications' });
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a newsletter with no special presentation gets the default look and our signup link', async ({
  page,
}) => {
  await page.route('**/trpc/**', (route) =>
    rewriteProcedure(route, 'content.newsletters', [
      { id: 1, name: 'Broxtown', description: 'Broxtown news.', location: 'Broxtown' },
      { id: 99, name: 'Ashwell Echo', description: 'News from Ashwell.', location: 'Ashwell' },
    ]),
  );
  await openInBrowser(page, '/');
  const card = page.getByTestId('newsletter-card').filter({ hasText: 'Ashwell Echo' });
  await expect(card).toHaveAttribute('data-tone', 'default');
  const link = card.getByRole('link', { name: /Subscribe to Ashwell Echo/ });
  await expect(link).toHaveAttribute('href', '#newsletter-signup');
  await expect(link).not.toHaveAttribute('target', /.+/);
  await expect(card.locator('img')).toHaveAttribute('src', '/images/newsletters/community.svg');
  const [broxtown, other] = await page
    .getByTestId('newsletter-card')
    .locator('h3')
    .evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
  expect(other).toBe('rgb(179, 18, 46)');
  expect(broxtown).not.toBe(other);
});

test('every advertising card spaces its bullet points alike, however short its text', async ({ page }) => {
  // Four cards to a row: the short card is stretched to its row's height.
  await page.setViewportSize({ width: 1366, height: 800 });
  await openInBrowser(page, '/');
  await expect(page.getByTestId('advertising-service')).toHaveCount(4);
  // The space between one bullet's text and the next one's, per card (the text, not its list item:
  // a stretched item is taller than its words).
  const gaps = await page.getByTestId('advertising-service').evaluateAll((cards) =>
    cards.map((card) => {
      const items = Array.from(card.querySelectorAll('li > span')).map((text) =>
        text.getBoundingClientRect(),
      );
      return items.slice(1).map((item, i) => Math.round(item.top - items[i]!.bottom));
    }),
  );
  const all = gaps.flat();
  expect(all.length).toBeGreaterThan(4);
  expect(new Set(all).size, JSON.stringify(gaps)).toBe(1);
});

test('a failed newsletters load shows no cards and no error', async ({ page }) => {
  await page.route('**/trpc/**', (route) => rewriteProcedure(route, 'content.newsletters', null, true));
  await openInBrowser(page, '/');
  await expect(page.getByTestId('advertising-service')).toHaveCount(4);
  await expect(page.getByTestId('newsletter-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('newsletter-card')).toHaveCount(0);
});

test('contact form: a wrong sum and missing fields get the exact messages and send nothing', async ({
  page,
}) => {
  const posted = countRequestsTo(page, 'contact.send');
  const form = await fillEnquiry(page, RATE_CARD_ENQUIRY);
  await solveCaptcha(page, true);
  await form.getByRole('button', { name: 'Send Message' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Verification Failed' });
  await expect(toast).toContainText('Please solve the math problem correctly.');

  await form.getByLabel('Message *').fill('');
  await solveCaptcha(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Missing Information' })).toContainText(
    'Please fill in all required fields including service type.',
  );
  await expect(page.getByText('Verification Failed')).toHaveCount(0);
  await expect(form.getByLabel('Message *')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Message *').fill(RATE_CARD_ENQUIRY.message);
  await form.getByLabel('Service type *').selectOption('');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Missing Information' })).toBeVisible();
  expect(posted()).toBe(0);
});

test("contact form: an address the server's schema refuses is named beside its field, and nothing is sent", async ({
  page,
}) => {
  const posted = countRequestsTo(page, 'contact.send');
  // A list of two recipients is one thing the mailbox rule refuses.
  const form = await fillEnquiry(page, {
    ...RATE_CARD_ENQUIRY,
    email: 'grace@example.co.uk;other@example.co.uk',
  });
  await solveCaptcha(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  const email = form.getByLabel('Email *');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText(
    'Please enter a valid email address, like name@example.co.uk.',
  );
  await email.fill(RATE_CARD_ENQUIRY.email);
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(posted()).toBe(0);
});

test('contact form: a message is sent, the business is e-mailed, the form and the sum reset', async ({
  page,
}) => {
  const form = await fillEnquiry(page, {
    name: 'Ada Lovelace',
    email: 'ada@lovelace-bakery.co.uk',
    type: 'editorial',
    message: 'We would love a feature about our new bakery in Ware.',
  });
  await solveCaptcha(page);
  const before = outbox().length;
  await form.getByRole('button', { name: 'Send Message' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Message Sent!' });
  await expect(toast).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");
  await expect(form.getByLabel('Name *')).toHaveValue('');
  await expect(form.getByLabel(/Quick check/)).toHaveValue('');
  await expect.poll(() => outbox().length).toBe(before + 1);
  const mail = outbox().at(-1)!;
  expect(mail).toContain('We would love a feature about our new bakery in Ware.');
  expect(mail).toMatch(/Reply-To: .*ada@lovelace-bakery\.co\.uk/);
  // The empty subject became the type.
  expect(mail).toMatch(/Subject: .*editorial/);
});

test('contact form: a failed send shows the error toast', async ({ page }) => {
  await page.route('**/trpc/contact.send**', (route) =>
    route.fulfill({ status: 500, json: { error: { message: 'x' } } }),
  );
  const form = await fillEnquiry(page, {
    name: 'Ada Lovelace',
    email: 'ada@example.co.uk',
    type: 'other',
    message: 'Hello',
  });
  await solveCaptcha(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText(
    'Failed to send message. Please try again.',
  );
  await expect(form.getByLabel('Name *')).toHaveValue('Ada Lovelace');
});

test('contact form: sending again after a dropped connection stores and e-mails the enquiry once (Idempotency-Key)', async ({
  page,
}) => {
  const text = `Retry test ${Date.now()}: a quarter-page advert, please.`;
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/trpc/contact.send**', async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    // The server gets the enquiry and answers, but the answer never reaches the browser.
    await route.fetch();
    await route.abort('connectionreset');
  });
  const form = await fillEnquiry(page, {
    name: 'Rhys Retry',
    email: 'rhys@retry-signs.co.uk',
    type: 'advertising',
    message: text,
  });
  await solveCaptcha(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText(
    'Failed to send message. Please try again.',
  );
  // The form, the question and its answer are kept: the person just sends again.
  await expect(form.getByLabel('Message *')).toHaveValue(text);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await expect.poll(() => outbox().filter((m) => m.includes(text)).length).toBe(1);
  // The worker sends every second: a second enquiry's e-mail would have arrived by now.
  await page.waitForTimeout(2500);
  expect(outbox().filter((m) => m.includes(text))).toHaveLength(1);
});

test('newsletter signup: toast, confirmation e-mail, confirm link and unsubscribe link', async ({ page }) => {
  await page.goto('/#newsletter-signup');
  const form = page.getByRole('form', { name: 'Newsletter signup' });
  const email = `reader-${Date.now()}@example.co.uk`;
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully subscribed!' })).toContainText(
    "Thank you for joining our newsletter. We'll be in touch soon.",
  );
  await expect(form.getByLabel('Email address')).toHaveValue('');

  let mail = '';
  await expect.poll(() => (mail = outbox().find((m) => m.includes(`To: ${email}`)) ?? '')).not.toBe('');
  const confirm = /(http:\/\/[^\s"<>]+\?newsletter=confirm&token=[\w%-]+)/.exec(mail)![1]!;
  const unsubscribe = /(http:\/\/[^\s"<>]+\?newsletter=unsubscribe&token=[\w%-]+)/.exec(mail)![1]!;

  // Each link's page asks for a press of its button first (newsletter-links.spec.ts).
  const notice = page.getByTestId('newsletter-link-notice');
  await page.goto(confirm);
  await notice.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(notice).toContainText('Subscription confirmed');
  await expect(page).not.toHaveURL(/token=/);

  await page.goto(unsubscribe);
  await notice.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(notice).toContainText('You have been unsubscribed');
  await page.goto(unsubscribe);
  await notice.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(notice).toContainText('We could not unsubscribe you');
});

test('newsletter signup: the browser requires an e-mail, and a failure shows the server message', async ({
  page,
}) => {
  await page.goto('/#newsletter-signup');
  const form = page.getByRole('form', { name: 'Newsletter signup' });
  const input = form.getByLabel('Email address');
  await expect(input).toHaveAttribute('type', 'email');
  await expect(input).toHaveAttribute('required', '');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  expect(await input.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

  await page.route('**/trpc/newsletter.subscribe**', (route) => route.abort());
  await input.fill('someone@example.co.uk');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Subscription failed' })).toContainText(
    'Please try again later.',
  );
});

test('the mobile menu at 390x844 opens, closes after a choice and scrolls to the section', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Newsletters' }).click();
  await expect(menu).toHaveCount(0);
  await expect(page.locator('#newsletters')).toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.locator('#contact')).toBeInViewport();
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the legal pages have their texts and a last-updated date', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/Last updated: /)).toBeVisible();
  await expect(page.locator('main')).toContainText('UK GDPR');
  await expect(page.locator('main')).toContainText('Information Commissioner');
  await expect(page.locator('main')).toContainText('session');
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page.getByText(/Last updated: /)).toBeVisible();
  await expect(page.locator('main')).toContainText('England and Wales');
});

test("contact form: the sum shown is the server's challenge, and a new one comes after each send", async ({
  page,
}) => {
  const challenges: string[] = [];
  page.on('response', async (res) => {
    if (res.url().includes('/trpc/contact.challenge')) challenges.push(JSON.stringify(await res.json()));
  });
  await page.goto('/#contact');
  const label = page.locator('label[for="contact-captcha"]');
  await expect(label).toHaveText(/\d+ \+ \d+/);
  // The listener records after reading the body, which can finish just after the label shows it.
  await expect.poll(() => challenges.length).toBe(1);
  const served = JSON.parse(challenges[0]!) as Array<{ result: { data: { a: number; b: number } } }>;
  const { a, b } = served[0]!.result.data;
  await expect(label).toContainText(`what is ${a} + ${b}?`);

  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').fill('Grace Hopper');
  await form.getByLabel('Email *').fill('grace@example.co.uk');
  await form.getByLabel('Service type *').selectOption('website');
  await form.getByLabel('Message *').fill('A free website for our village hall, please.');
  await solveCaptcha(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible();
  await expect.poll(() => challenges.length).toBe(2);
});
