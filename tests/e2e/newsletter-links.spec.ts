import type { APIRequestContext } from '@playwright/test';
import { newsletterBaseURL } from '../../playwright.config';
import { mailTo } from './helpers/newsletter-mail';
import { countRequestsTo } from './helpers/requests';
import { expect, test } from './helpers/sign-in';

// The confirm and unsubscribe links of our e-mails open the home page, which asks for one press of a
// button before it changes anything: a mail scanner or a preview that opens the link and runs its
// scripts must neither confirm an address (defeating the double opt-in) nor delete it. RFC 8058's
// one-click unsubscribe is the List-Unsubscribe header's own address, a POST (newsletter-issues.test.ts).
// On the newsletter server, whose mail goes over SMTP to the fake server's .eml files.

test.use({ baseURL: newsletterBaseURL });

const linkIn = (mail: string, action: 'confirm' | 'unsubscribe') =>
  new RegExp(`(http://[^\\s"<>]+/\\?newsletter=${action}&token=[\\w%-]+)`).exec(mail)?.[1] ?? '';

/** Where the address stands, as the admin's subscribers list says. */
async function subscription(
  request: APIRequestContext,
  auth: { Authorization: string },
  email: string,
): Promise<'pending' | 'confirmed' | 'gone'> {
  const res = await request.get(`/api/admin/subscribers?q=${encodeURIComponent(email)}`, { headers: auth });
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: Array<{ email: string; confirmedAt: string | null }> };
  const row = items.find((i) => i.email === email);
  if (!row) return 'gone';
  return row.confirmedAt ? 'confirmed' : 'pending';
}

for (const width of [1366, 390]) {
  test(`at ${width} px: opening the confirm or unsubscribe link changes nothing until its button is pressed`, async ({
    page,
    request,
    adminAuth,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const email = `link-reader-${width}-${Date.now()}@example.co.uk`;
    const signUp = await request.post('/api/subscribe', { data: { email, newsletter: 'general' } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    let mail = '';
    await expect
      .poll(() => (mail = mailTo(email).join('\n')), { timeout: 20_000 })
      .toContain('newsletter=confirm');
    const confirmLink = linkIn(mail, 'confirm');
    const unsubscribeLink = linkIn(mail, 'unsubscribe');
    expect(confirmLink && unsubscribeLink).toBeTruthy();
    const notice = page.getByTestId('newsletter-link-notice');
    const steps = [
      {
        link: confirmLink,
        calls: countRequestsTo(page, 'newsletter.confirm'),
        asks: 'Confirm your subscription',
        button: 'Confirm my subscription',
        done: 'Subscription confirmed',
        outcome: "Your subscription is confirmed. Welcome aboard: you'll hear from us soon.",
        before: 'pending',
        after: 'confirmed',
      },
      {
        link: unsubscribeLink,
        calls: countRequestsTo(page, 'newsletter.unsubscribe'),
        asks: 'Unsubscribe from our newsletter',
        button: 'Unsubscribe',
        done: 'You have been unsubscribed',
        outcome: 'You have been unsubscribed and your address has been deleted.',
        before: 'confirmed',
        after: 'gone',
      },
    ] as const;
    for (const step of steps) {
      // Opened, as a scanner would: the page has run its scripts and gone quiet, and nothing was sent.
      await page.goto(step.link);
      await page.waitForLoadState('networkidle');
      expect(await subscription(request, adminAuth, email)).toBe(step.before);
      expect(step.calls()).toBe(0);
      await expect(notice).toContainText(step.asks);
      await notice.getByRole('button', { name: step.button }).click();
      await expect(notice).toContainText(step.done);
      await expect(notice).toContainText(step.outcome);
      expect(step.calls()).toBe(1);
      expect(await subscription(request, adminAuth, email)).toBe(step.after);
      // The token has done its job: it leaves the address bar.
      await expect(page).not.toHaveURL(/token=/);
    }

    // The link used once: pressing again says so, in the notice.
    await page.goto(unsubscribeLink);
    await notice.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(notice).toContainText('We could not unsubscribe you');
    await expect(notice).toContainText('This unsubscribe link has already been used');
  });
}
