import type { Page } from 'puppeteer-core';
import { ADMIN_ACCOUNT, newsletterBaseURL } from '../../../playwright.config';
import {
  BROWSERS,
  byRole,
  expect,
  runJourney,
  SESSION_CHECK_401,
  signInInPage,
  SIZES,
  test,
  waitForText,
} from '../helpers/cross-browser';

// A publisher without a mouse, in Firefox ESR and Chromium: writes a post and schedules it through
// the publish flow, then composes an issue and sends it, with Tab, the arrow keys, Space and Enter
// alone (the dashboard's keyboard journey is in analytics.spec.ts). Runs on the newsletter's server,
// whose mail goes to the local SMTP server.

/** What a screen reader would name the focused element: its label, its text, or its field's label. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const input = el as HTMLInputElement;
    if (input.labels?.[0]) return input.labels[0].innerText.trim();
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return document.getElementById(labelledBy)?.innerText.trim() ?? '';
    return (el.innerText ?? '').trim();
  });

/** Presses Tab until the focused element's name matches (at most 120 stops). */
async function tabTo(page: Page, name: string | RegExp) {
  const wanted = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    if (wanted(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** Presses Tab until the focus is in a rich text (past its toolbar's buttons). */
async function tabIntoText(page: Page) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => (document.activeElement as HTMLElement | null)?.isContentEditable === true))
      return;
  }
  throw new Error('Tab never reached the text');
}

/** A date field's value typed digit by digit, in the order the browser's own date field takes it. */
async function typeDate(page: Page, iso: string) {
  const [year, month, day] = iso.split('-');
  // Both browsers here lay the field out in the en-US order: month, day, year.
  await page.keyboard.type(`${month}${day}${year}`);
}

for (const browserName of BROWSERS) {
  test(`${browserName}: a publisher writes and schedules a post, then composes and sends an issue, by keyboard alone`, async ({
    launched,
  }, testInfo) => {
    test.setTimeout(150_000);
    const browser = await launched(browserName);
    const stamp = Date.now().toString(36);
    const title = `Keyboard walk to Therfield Heath ${browserName} ${stamp}`;
    const subject = `Keyboard issue from Royston ${browserName} ${stamp}`;
    const next = new Date(Date.now() + 10 * 24 * 3600_000).toISOString().slice(0, 10);
    await runJourney(
      browser,
      SIZES.desktop,
      testInfo,
      async (page) => {
        await page.goto(`${newsletterBaseURL}/login`);
        await signInInPage(page, newsletterBaseURL, ADMIN_ACCOUNT);
        await page.goto(`${newsletterBaseURL}/admin?section=blog&post=new`);
        await waitForText(page, 'Create a blog post');

        // The post: its title, its text (past the toolbar), then Publish...
        await tabTo(page, 'Title');
        await page.keyboard.type(title);
        await tabIntoText(page);
        await page.keyboard.type('Chalk downland, skylarks and the long barrows above Royston.');
        await tabTo(page, /^Publish\.\.\.$/);
        await page.keyboard.press('Enter');
        await page.waitForSelector('[role="dialog"]');

        // Publish (the first choice), at a date and time: the When group's second radio.
        await tabTo(page, /^Publish/);
        await tabTo(page, 'Now');
        await page.keyboard.press('ArrowRight');
        expect(await focusedName(page)).toBe('At a date and time');
        await tabTo(page, 'Date');
        await typeDate(page, next);
        await tabTo(page, 'Time (UK)');
        await page.keyboard.type('0745');
        await tabTo(page, 'Continue');
        await page.keyboard.press('Enter');
        await page.waitForSelector('[data-testid="publish-summary"]');
        const summary = await page.$eval(
          '[data-testid="publish-summary"]',
          (el) => (el as HTMLElement).innerText,
        );
        expect(summary).toContain(`“${title}” goes on the blog on`);
        expect(summary).toContain('at 07:45 (UK time). No e-mail is sent.');
        // The confirming button has the focus: Enter does it.
        expect(await focusedName(page)).toBe('Schedule');
        await page.keyboard.press('Enter');
        await waitForText(page, 'Post scheduled');
        await page.waitForFunction(
          (t) =>
            Array.from(document.querySelectorAll('[data-testid="admin-post"]')).some(
              (row) => row.textContent?.includes(t) && row.textContent.includes('Scheduled'),
            ),
          {},
          title,
        );

        // The issue: New issue, its subject and body, Save draft, Send now, confirmed.
        await page.goto(`${newsletterBaseURL}/admin?section=newsletter`);
        await waitForText(page, 'Newsletter issues');
        await tabTo(page, /New issue/);
        await page.keyboard.press('Enter');
        await tabTo(page, 'Subject');
        await page.keyboard.type(subject);
        await tabIntoText(page);
        await page.keyboard.type('The heath walk is on Saturday; bring boots.');
        await tabTo(page, 'Save draft');
        await page.keyboard.press('Enter');
        await waitForText(page, 'Draft saved');
        await page.waitForSelector(byRole('button', 'Send now') + ':not([disabled])');
        await tabTo(page, 'Send now');
        await page.keyboard.press('Enter');
        await page.waitForSelector('[role="alertdialog"]');
        await tabTo(page, /^Send (now|to)/);
        await page.keyboard.press('Enter');
        await waitForText(page, 'Sending started');
      },
      SESSION_CHECK_401,
    );
  });
}
