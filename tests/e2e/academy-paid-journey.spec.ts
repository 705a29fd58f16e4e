import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eDataDir, fakeStripePort } from '../../playwright.config';
import { expect, test } from './helpers/sign-in';

// The academy's paid journey in the browser, against the real server and the local Stripe
// stand-in (tests/helpers/fake-stripe.ts), which serves the hosted checkout and portal pages and
// sends its signed webhook events to the server: pricing, /subscribe, Stripe's page asking for the
// child and the mobile number, the success page naming the plan bought, the two e-mails written to
// the file outbox, the manage link opening the portal once, and the admin's Academy tab.

const outbox = path.join(e2eDataDir, 'outbox');
const stripeUrl = `http://127.0.0.1:${fakeStripePort}`;
const BUSINESS_INBOX = 'hello@hertslocalmedia.co.uk';

/** An .eml file's text parts, decoded (quoted-printable or base64), with its headers. */
function readMail(file: string): { headers: string; body: string } {
  const raw = fs.readFileSync(file, 'utf8');
  const [headers = ''] = raw.split(/\r?\n\r?\n/, 1);
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const body = parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const content = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return content;
    })
    .join('\n');
  return { headers, body };
}

/** A server-rendered page's HTML without React's text markers (<!-- -->), to read its words. */
const textOf = (html: string) => html.replace(/<!-- -->/g, '');

/** The e-mails written to the outbox that are to this address or mention it, waiting for them. */
async function mailsAbout(address: string, count: number): Promise<Array<{ headers: string; body: string }>> {
  let found: Array<{ headers: string; body: string }> = [];
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return 0;
        found = fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => readMail(path.join(outbox, f)))
          .filter((m) => m.headers.includes(address) || m.body.includes(address));
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return found;
}

/** Creates a Checkout Session straight on the stand-in, as another shop on the same Stripe account would. */
async function foreignSession(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${stripeUrl}/v1/checkout/sessions`, {
    headers: { Authorization: 'Bearer sk_test_other_shop' },
    form: {
      mode: 'subscription',
      success_url: 'https://other-shop.example/thanks',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Garden club',
      'metadata[plan]': 'innovator',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function payOnStripesPage(page: Page, parent: { email: string; child: string; age: string }) {
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await page.getByLabel('Email').fill(parent.email);
  await page.getByLabel('Phone number').fill('07700 900456');
  await page.getByLabel("Child's first name").fill(parent.child);
  await page.getByLabel("Child's age (10-16)").selectOption(parent.age);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('a parent pays, is welcomed by name of plan, gets both e-mails, and manages the subscription once', async ({
  page,
  request,
}) => {
  const email = `parent.${Date.now()}@example.co.uk`;

  await page.goto('/sparkai-academy#pricing');
  await page.getByRole('link', { name: 'Choose AI Innovator' }).click();
  await expect(page.getByRole('heading', { name: 'Your checkout is ready!' })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Secure Checkout' }).click();
  // Stripe's page asks who the plan is for: the child's first name and age, and a mobile number.
  await expect(page.getByLabel("Child's age (10-16)").locator('option')).toHaveText([
    'Select...',
    '10',
    '11',
    '12',
    '13',
    '14',
    '15',
    '16',
  ]);
  await payOnStripesPage(page, { email, child: 'Maya', age: '12' });

  await expect(page).toHaveURL(/\/subscription-success\?plan=innovator&session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { name: 'Welcome to SparkAI Academy!' })).toBeVisible();
  await expect(page.getByTestId('success-plan')).toContainText('AI Innovator');
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;

  // Rendered on the server after asking Stripe, and the session wins over the plan in the address.
  const html = textOf(
    await (await request.get(`/subscription-success?plan=explorer&session_id=${sessionId}`)).text(),
  );
  expect(html).toContain('Welcome to SparkAI Academy!');
  expect(html).toContain('AI Innovator');
  expect(html).not.toContain('AI Explorer');

  // The welcome to the parent and the notification to the business, each once.
  const mails = await mailsAbout(email, 2);
  const welcome = mails.find((m) => /^To: .*parent\./m.test(m.headers))!;
  const notice = mails.find((m) => m.headers.includes(`To: ${BUSINESS_INBOX}`))!;
  expect(welcome.headers).toContain("Subject: Welcome to SparkAI Academy: Maya's AI Innovator plan");
  expect(welcome.body).toContain('Plan: AI Innovator, £149 a month');
  expect(welcome.body).toContain('Child: Maya, age 12');
  expect(welcome.body).toContain('First session: Maya joins a 1.5-hour weekly live group session.');
  expect(welcome.body).toContain('academy@hertslocalmedia.co.uk');
  expect(notice.body).toContain('Child: Maya, age 12');
  expect(notice.body).toContain('Parent mobile: 07700 900456');
  const link = /https?:\/\/\S+\/manage-subscription\?token=[\w.%-]+/.exec(welcome.body)?.[0];
  expect(link, welcome.body).toBeTruthy();

  // The link opens a page first (mail scanners open links too); its button opens Stripe's portal.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Manage your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Open my subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Test billing portal' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Once only.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    /^mailto:academy@hertslocalmedia\.co\.uk\?subject=/,
  );
});

test.describe('the success page with a session that is not paid', () => {
  const notReceived = 'We have not received your payment yet';

  test('a checkout still open names its plan but says the payment has not arrived', async ({
    page,
    request,
  }) => {
    await page.goto('/subscribe?plan=entrepreneur');
    const href = await page.getByRole('link', { name: 'Proceed to Secure Checkout' }).getAttribute('href');
    const sessionId = /cs_test_\w+$/.exec(href!)![0];
    const url = `/subscription-success?plan=explorer&session_id=${sessionId}`;
    const html = textOf(await (await request.get(url)).text());
    expect(html).toContain(notReceived);
    expect(html).toContain('AI Entrepreneur');
    await page.goto(url);
    await expect(page.getByRole('heading', { name: notReceived })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('AI Entrepreneur');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'academy@hertslocalmedia.co.uk' }),
    ).toBeVisible();
    await expect(page.getByTestId('success-plan')).toHaveCount(0);
    await expect(page).toHaveTitle(/We have not received your payment yet/);
  });

  test('a paid checkout of another shop on the same Stripe account is not taken for ours', async ({
    page,
    request,
  }) => {
    const sessionId = await foreignSession(request);
    // Paid on Stripe's page; Stripe would send that buyer back to the other shop.
    const paid = await request.post(`${stripeUrl}/c/pay/${sessionId}`, {
      form: { email: 'someone@example.com' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    expect(paid.headers().location).toBe('https://other-shop.example/thanks');
    const url = `/subscription-success?plan=innovator&session_id=${sessionId}`;
    const html = textOf(await (await request.get(url)).text());
    expect(html).toContain(notReceived);
    expect(html).not.toContain('AI Innovator');
    await page.goto(url);
    await expect(page.getByRole('heading', { name: notReceived })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('We could not find a payment for this checkout.');
  });

  test('a made-up session id gets the same message, with the way back and the contact address', async ({
    page,
  }) => {
    await page.goto('/subscription-success?plan=innovator&session_id=cs_test_123');
    await expect(page.getByRole('heading', { name: notReceived })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/AI (Explorer|Innovator|Entrepreneur)/);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'academy@hertslocalmedia.co.uk' }),
    ).toHaveAttribute('href', 'mailto:academy@hertslocalmedia.co.uk');
    await page.getByRole('link', { name: 'Back to the Academy' }).click();
    await expect(page).toHaveURL(/\/sparkai-academy$/);
  });
});

test("the admin's Academy tab shows the family and cancels at the end of the period, through Stripe", async ({
  page,
  signIn,
}) => {
  const email = `admin.view.${Date.now()}@example.co.uk`;
  await page.goto('/subscribe?plan=explorer');
  await page.getByRole('link', { name: 'Proceed to Secure Checkout' }).click();
  await payOnStripesPage(page, { email, child: 'Noah', age: '11' });
  await expect(page.getByTestId('success-plan')).toContainText('AI Explorer');
  await mailsAbout(email, 2);

  await signIn();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Academy' })
    .click();
  const row = page.getByTestId('subscription-row').filter({ hasText: email });
  await expect(row).toContainText('Noah, 11');
  await expect(row).toContainText('07700 900456');
  await expect(row).toContainText('AI Explorer');
  await expect(row).toContainText(/Active\s*Renews/);

  await row.getByRole('button', { name: /Cancel the subscription of .* at period end/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText("End Noah's AI Explorer subscription on");
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText('Subscription set to end', { exact: true })).toBeVisible();
  await expect(row).toContainText(/Ending\s*Ends/);
  await expect(row.getByRole('button', { name: /at period end/ })).toHaveCount(0);
});
