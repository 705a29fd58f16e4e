import type { Page, Request } from '@playwright/test';
import { expect, test, watchErrors } from './helpers/test';
import { countRequestsTo } from './helpers/requests';

// The SparkAI Academy pages against the real server, which talks to the local fake Stripe
// (playwright.config.ts starts both).

const SECTION_ORDER = [
  'academy-top',
  'features',
  'ai-entrepreneurs',
  'modules',
  'approach',
  'why-ai',
  'pricing',
  'free-workshop',
  'newsletter',
];

/** Fails the test if any page resource comes from another host. */
function watchOffsiteRequests(page: Page): string[] {
  const offsite: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') offsite.push(req.url());
  });
  return offsite;
}

const checkoutCalls = (page: Page): Array<{ plan: unknown }> => {
  const calls: Array<{ plan: unknown }> = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('academy.createSubscription')) {
      const body = req.postDataJSON() as Record<string, { plan: unknown }>;
      calls.push(body['0']!);
    }
  });
  return calls;
};

test.describe('the academy landing page', () => {
  test('shows its ten parts in the order of the spec, and stays on our own host', async ({ page }) => {
    const offsite = watchOffsiteRequests(page);
    const errors = watchErrors(page);
    const response = await page.goto('/sparkai-academy');
    // Rendered on the server: the content is in the HTML before any script runs.
    expect(await response!.text()).toContain('Building AI Entrepreneurs');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Help your child build with AI');
    const ids = await page.locator('[data-academy-section]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(SECTION_ORDER);

    const features = page.locator('#features');
    for (const title of [
      'Future Ready Skills',
      'Highly Qualified Teachers',
      'One-on-One Practical Sessions',
      'Holistic Curriculum',
    ]) {
      await expect(features.getByRole('heading', { name: title })).toBeVisible();
    }
    const pillars = page.locator('#ai-entrepreneurs');
    await expect(pillars.getByRole('heading', { name: 'Building AI Entrepreneurs' })).toBeVisible();
    for (const title of ['AI Mastery', 'Creative Innovation', 'Entrepreneurial Mindset']) {
      await expect(pillars.getByRole('heading', { name: title })).toBeVisible();
    }
    const modules = page.getByTestId('academy-module');
    await expect(modules).toHaveCount(5);
    await expect(modules.locator('h3')).toHaveText([
      'Module 1: Prompt Engineering & AI Communication',
      'Module 2: Data Literacy & Ethical AI Awareness',
      'Module 3: Creative Problem-Solving with AI Tools',
      'Module 4: No-Code AI & Automation Building',
      'Module 5: Design Thinking & Entrepreneurial Mindset',
    ]);
    for (const module of await modules.all()) {
      await expect(module.getByText('Skill focus')).toBeVisible();
      await expect(module.getByText('Why it matters')).toBeVisible();
    }
    const approach = page.locator('#approach');
    for (const title of [
      'School Partnerships',
      'Weekend Bootcamps',
      'Remote and In-Person',
      'Taught by local experts',
      'Keeping children safe',
    ]) {
      await expect(approach.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(approach).toContainText('DBS check');
    await expect(page.locator('#why-ai li')).toHaveCount(4);

    const newsletter = page.getByRole('link', { name: /Subscribe to our Newsletter/ });
    await expect(newsletter).toHaveAttribute('target', '_blank');
    await expect(newsletter).toHaveAttribute('rel', /noopener/);
    await expect(newsletter).toHaveAttribute('href', /^https:\/\//);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Back to Herts Local Media' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('img', { name: /laptop showing a friendly chatbot/ })).toBeVisible();
    await expect(page).toHaveTitle(/SparkAI Academy/);
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("the hero's buttons scroll smoothly to the workshop form and the modules", async ({ page }) => {
    await page.goto('/sparkai-academy');
    await page.getByRole('link', { name: 'Reserve Your Free Workshop' }).click();
    await expect(page.getByTestId('workshop-form')).toBeInViewport();
    await expect(page).toHaveURL(/\/sparkai-academy#free-workshop$/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page.locator('#modules-heading')).toBeInViewport();
    await expect(page).toHaveURL(/#modules$/);
  });

  test('the pricing cards show the three plans, and each button leads to its checkout', async ({ page }) => {
    await page.goto('/sparkai-academy#pricing');
    const cards = page.getByTestId('academy-plan');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText(['AI Explorer', 'AI Innovator', 'AI Entrepreneur']);
    await expect(cards.nth(0)).toContainText('£99/month');
    await expect(cards.nth(1)).toContainText('£149/month');
    await expect(cards.nth(2)).toContainText('£249/month');
    await expect(cards.filter({ hasText: 'MOST POPULAR' })).toHaveCount(1);
    await expect(cards.nth(1)).toContainText('MOST POPULAR');

    await expect(cards.nth(0).getByRole('listitem')).toHaveText([
      '1.5-hour weekly live group session',
      'Monthly mini-project',
      'Module certificates',
      'Parent progress updates',
    ]);
    await expect(cards.nth(1)).toContainText('1-hour monthly mentorship');
    await expect(cards.nth(0)).not.toContainText('mentorship');
    await expect(cards.nth(2)).toContainText('30-minute monthly one-on-one mentoring');

    const addOns = page.locator('#pricing').getByRole('heading', { name: 'Add-ons' }).locator('..');
    await expect(addOns).toContainText('Parent Learning Sessions £29 each');
    await expect(addOns).toContainText('Holiday AI Bootcamps £99-£199');
    await expect(addOns).toContainText('Sibling Pass +£49/month');

    for (const [i, id] of ['explorer', 'innovator', 'entrepreneur'].entries()) {
      await expect(cards.nth(i).getByRole('link')).toHaveAttribute('href', `/subscribe?plan=${id}`);
    }
    await page.getByRole('link', { name: 'Choose AI Innovator' }).click();
    await expect(page).toHaveURL(/\/subscribe\?plan=innovator$/);
    await expect(page.getByRole('heading', { name: 'Your checkout is ready!' })).toBeVisible();
  });
});

test.describe('the checkout page', () => {
  test('shows "Preparing your checkout...", then the plan and a link to the hosted payment page', async ({
    page,
  }) => {
    const calls = checkoutCalls(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/academy.createSubscription**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/subscribe?plan=entrepreneur');
    await expect(page.getByRole('heading', { name: 'Preparing your checkout...' })).toBeVisible();
    release();

    await expect(page.getByRole('heading', { name: 'Your checkout is ready!' })).toBeVisible();
    const plan = page.getByTestId('checkout-plan');
    await expect(plan.getByRole('heading', { name: 'AI Entrepreneur' })).toBeVisible();
    await expect(plan).toContainText('£249/month');
    await expect(plan).toContainText('30-minute monthly one-on-one mentoring');
    const proceed = page.getByRole('link', { name: 'Proceed to Secure Checkout' });
    await expect(proceed).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_\w+$/);
    expect(calls).toEqual([{ plan: 'entrepreneur' }]);

    // The link really leads to the (fake) Stripe-hosted page for this session.
    await proceed.click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  });

  test('defaults to explorer, and asks again when the plan changes', async ({ page }) => {
    const calls = checkoutCalls(page);
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Your checkout is ready!' })).toBeVisible();
    await expect(
      page.getByTestId('checkout-plan').getByRole('heading', { name: 'AI Explorer' }),
    ).toBeVisible();
    const firstLink = await page
      .getByRole('link', { name: 'Proceed to Secure Checkout' })
      .getAttribute('href');

    await page.evaluate(() => {
      history.pushState(null, '', '/subscribe?plan=innovator');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(
      page.getByTestId('checkout-plan').getByRole('heading', { name: 'AI Innovator' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Proceed to Secure Checkout' })).not.toHaveAttribute(
      'href',
      firstLink!,
    );
    expect(calls).toEqual([{ plan: 'explorer' }, { plan: 'innovator' }]);
  });

  test('an unknown plan shows no plan card; the server is still asked and its reason is shown', async ({
    page,
  }) => {
    const calls = checkoutCalls(page);
    await page.goto('/subscribe?plan=platinum');
    await expect(page.getByRole('heading', { name: 'Payment Setup Failed' })).toBeVisible();
    await expect(page.getByTestId('checkout-error')).toHaveText(
      'Unknown plan "platinum": please choose explorer, innovator, entrepreneur.',
    );
    await expect(page.getByTestId('checkout-plan')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Proceed to Secure Checkout' })).toHaveCount(0);
    expect(calls).toEqual([{ plan: 'platinum' }]);

    await page.getByRole('link', { name: 'Return to Pricing' }).click();
    await expect(page).toHaveURL(/\/sparkai-academy#pricing$/);
    await expect(page.locator('#pricing-heading')).toBeInViewport();
  });

  test('a failed request shows the fallback message; Back to Plans returns to the academy', async ({
    page,
  }) => {
    await page.route('**/trpc/academy.createSubscription**', (route) => route.abort());
    await page.goto('/subscribe?plan=innovator');
    await expect(page.getByRole('heading', { name: 'Payment Setup Failed' })).toBeVisible();
    await expect(page.getByTestId('checkout-error')).toHaveText(
      'Failed to initialize payment. Please try again.',
    );
    await page.getByRole('link', { name: 'Back to Plans' }).click();
    await expect(page).toHaveURL(/\/sparkai-academy#pricing$/);
  });
});

test.describe('the welcome page', () => {
  test('names the plan and lists what happens next', async ({ page }) => {
    const errors = watchErrors(page);
    // Without a session_id (docs/specification.md §2): the plan in the address. With one, see academy-paid-journey.spec.ts.
    await page.goto('/subscription-success?plan=innovator');
    await expect(page.getByRole('heading', { name: 'Welcome to SparkAI Academy!' })).toBeVisible();
    await expect(page.getByTestId('success-plan')).toContainText('AI Innovator');
    await expect(page.getByRole('listitem').getByRole('heading')).toHaveText([
      'Check your email for login credentials',
      'Join the community group chat',
      'Access the learning platform',
    ]);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'academy@hertslocalmedia.co.uk' }),
    ).toHaveAttribute('href', 'mailto:academy@hertslocalmedia.co.uk');
    expect(errors).toEqual([]);
    await page.getByRole('link', { name: 'Back to the Academy' }).click();
    await expect(page).toHaveURL(/\/sparkai-academy$/);
  });

  test('names no plan for an unknown one, and explorer by default', async ({ page }) => {
    await page.goto('/subscription-success?plan=gold');
    await expect(page.getByRole('heading', { name: 'Welcome to SparkAI Academy!' })).toBeVisible();
    await expect(page.getByTestId('success-plan')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(/AI (Explorer|Innovator|Entrepreneur)/);
    await page.goto('/subscription-success');
    await expect(page.getByTestId('success-plan')).toContainText('AI Explorer');
  });
});

test.describe('the free workshop form', () => {
  const fill = async (page: Page, overrides: Partial<Record<string, string>> = {}) => {
    const form = page.getByTestId('workshop-form');
    const v = {
      parent: 'Priya Shah',
      email: 'priya.shah@example.co.uk',
      mobile: '07700 900123',
      child: 'Arjun',
      age: '12',
      ...overrides,
    };
    await form.getByLabel('Parent or carer name').fill(v.parent);
    await form.getByLabel('Parent email').fill(v.email);
    await form.getByLabel('Parent mobile').fill(v.mobile);
    await form.getByLabel("Child's first name").fill(v.child);
    await form.getByLabel("Child's age").fill(v.age);
    return form;
  };

  test('reserves a place: Reserving..., the success toast, and an empty form', async ({ page }) => {
    await page.goto('/sparkai-academy#free-workshop');
    const form = await fill(page);
    await expect(form.getByLabel('Parent mobile')).toHaveAttribute('placeholder', '07700 900123');
    await expect(form.getByLabel("Child's age")).toHaveAttribute('placeholder', 'Age (10-16)');
    await form.getByRole('radio', { name: 'Desktop' }).check();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/contact.send**', async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest((req: Request) => req.url().includes('contact.send'));
    await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
    const button = form.getByRole('button', { name: 'Reserving...' });
    await expect(button).toBeDisabled();

    const body = (await sent).postDataJSON()['0'] as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Priya Shah',
      email: 'priya.shah@example.co.uk',
      subject: 'Free Workshop Reservation',
      type: 'workshop_reservation',
      details: {
        parentName: 'Priya Shah',
        parentEmail: 'priya.shah@example.co.uk',
        parentMobile: '07700 900123',
        childName: 'Arjun',
        childAge: 12,
        deviceType: 'Desktop',
      },
    });
    const message = String(body.message);
    for (const line of [
      'Parent name: Priya Shah',
      'Parent email: priya.shah@example.co.uk',
      'Parent mobile: 07700 900123',
      'Child name: Arjun',
      'Child age: 12',
      'Device: Desktop',
    ]) {
      expect(message.split('\n')).toContain(line);
    }
    release();

    const toast = page.getByRole('status').filter({ hasText: 'Workshop Reserved!' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("We'll be in touch soon to confirm your free workshop slot.");
    await expect(form.getByLabel('Parent or carer name')).toHaveValue('');
    await expect(form.getByLabel("Child's age")).toHaveValue('');
    await expect(form.getByRole('radio', { name: 'Desktop' })).not.toBeChecked();
    await expect(form.getByRole('button', { name: 'Reserve My Free Place' })).toBeEnabled();
  });

  test('checks every field before sending: required, e-mail, age 10 to 16, a device', async ({ page }) => {
    const requests = countRequestsTo(page, 'contact.send');
    await page.goto('/sparkai-academy#free-workshop');
    const form = page.getByTestId('workshop-form');
    const submit = form.getByRole('button', { name: 'Reserve My Free Place' });
    const validity = (label: string) =>
      form.getByLabel(label).evaluate((el: HTMLInputElement) => ({
        valueMissing: el.validity.valueMissing,
        typeMismatch: el.validity.typeMismatch,
        rangeUnderflow: el.validity.rangeUnderflow,
        rangeOverflow: el.validity.rangeOverflow,
      }));

    await submit.click();
    await expect(form.getByLabel('Parent or carer name')).toBeFocused();
    for (const label of [
      'Parent or carer name',
      'Parent email',
      'Parent mobile',
      "Child's first name",
      "Child's age",
    ]) {
      expect((await validity(label)).valueMissing).toBe(true);
    }

    await fill(page, { email: 'priya-at-example', age: '9' });
    await submit.click();
    await expect(form.getByLabel('Parent email')).toBeFocused();
    expect((await validity('Parent email')).typeMismatch).toBe(true);
    expect((await validity("Child's age")).rangeUnderflow).toBe(true);

    await form.getByLabel('Parent email').fill('priya.shah@example.co.uk');
    await form.getByLabel("Child's age").fill('17');
    await submit.click();
    await expect(form.getByLabel("Child's age")).toBeFocused();
    expect((await validity("Child's age")).rangeOverflow).toBe(true);

    await form.getByLabel("Child's age").fill('16');
    await submit.click();
    // Still no device chosen.
    await expect(form.getByRole('radio', { name: 'Laptop' })).toBeFocused();
    expect(
      await form
        .getByRole('radio', { name: 'Laptop' })
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);

    await page.waitForTimeout(300);
    expect(requests()).toBe(0);
  });

  test("what the browser lets through but the server's schema refuses is stopped at its field, in the schema's words", async ({
    page,
  }) => {
    const requests = countRequestsTo(page, 'contact.send');
    await page.goto('/sparkai-academy#free-workshop');
    const form = await fill(page, { mobile: 'call me', child: '   ' });
    await form.getByRole('radio', { name: 'Laptop' }).check();
    const submit = form.getByRole('button', { name: 'Reserve My Free Place' });
    const message = (label: string) =>
      form.getByLabel(label).evaluate((el: HTMLInputElement) => el.validationMessage);

    await submit.click();
    await expect(form.getByLabel('Parent mobile')).toBeFocused();
    expect(await message('Parent mobile')).toBe('Please enter a valid mobile number');

    // Changing the field clears its message; the next problem is the child's name of spaces.
    await form.getByLabel('Parent mobile').fill('07700 900123');
    expect(await message('Parent mobile')).toBe('');
    await submit.click();
    await expect(form.getByLabel("Child's first name")).toBeFocused();
    expect(await message("Child's first name")).toBe("Child's name is required");

    await page.waitForTimeout(300);
    expect(requests()).toBe(0);
    await expect(page.locator('[data-variant="destructive"]')).toHaveCount(0);
  });

  test('a failed reservation shows the destructive toast and keeps what was typed', async ({ page }) => {
    await page.route('**/trpc/contact.send**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/sparkai-academy#free-workshop');
    const form = await fill(page);
    await form.getByRole('radio', { name: 'Laptop' }).check();
    await form.getByRole('button', { name: 'Reserve My Free Place' }).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Something went wrong. Please try again.');
    await expect(form.getByLabel('Parent or carer name')).toHaveValue('Priya Shah');
    await expect(form.getByRole('button', { name: 'Reserve My Free Place' })).toBeEnabled();
  });
});
