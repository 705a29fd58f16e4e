import { request as playwrightRequest } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { ADMIN_ACCOUNT, newsletterBaseURL } from '../../../playwright.config';
import {
  byRole,
  eachBrowserAndSize,
  expect,
  runJourney,
  signInInPage,
  SIZES,
  tap,
  test,
  waitForText,
} from '../helpers/cross-browser';
import { confirmedSubscriber } from '../helpers/newsletter-mail';

// The admin's newsletter journey in Firefox ESR and Chromium, at desktop and phone sizes: compose an
// issue, preview it at both widths, send it, watch it finish, and find it in the public archive. On
// the newsletter server (playwright.config.ts), whose mail goes to a local fake SMTP server.

const stamp = Date.now();

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: newsletterBaseURL });
  for (let i = 0; i < 3; i += 1) await confirmedSubscriber(request, `journey-${i}-${stamp}@example.co.uk`);
  await request.dispose();
});

/** The preview frame's chosen width, its drawn width, and whether its e-mail holds the text. */
const previewFrame = (page: Page, text: string) =>
  page.$eval(
    '[data-testid="email-preview"]',
    (frame, t) => ({
      width: frame.getAttribute('data-width'),
      drawn: Math.round(frame.getBoundingClientRect().width),
      sandbox: frame.getAttribute('sandbox'),
      holds: (frame as HTMLIFrameElement).srcdoc.includes(t),
    }),
    text,
  );

const textOf = (page: Page, testId: string) =>
  page.$eval(`[data-testid="${testId}"]`, (el) => (el as HTMLElement).innerText.trim());

eachBrowserAndSize((browserName, size) => {
  test(`${browserName} at ${size} size: an admin composes, previews, sends and watches an issue, which the archive then shows`, async ({
    launched,
  }, testInfo) => {
    const browser = await launched(browserName);
    const subject = `Ware riverside market (${browserName}, ${size}) ${stamp}`;
    const body = `Forty stalls by the river on Sunday (${browserName}).`;
    await runJourney(browser, SIZES[size], testInfo, async (page) => {
      // Signed in from a page of the site (a text file would make the browser ask for /favicon.ico).
      await page.goto(`${newsletterBaseURL}/login`);
      await signInInPage(page, newsletterBaseURL, ADMIN_ACCOUNT);
      await page.goto(`${newsletterBaseURL}/admin?section=newsletter`);
      await tap(page, byRole('button', 'New issue'));
      await page.locator('#issue-subject').fill(subject);
      await page.locator('#issue-preheader').fill('Stalls, food and music');
      await tap(page, '#issue-body');
      await page.waitForFunction(() => document.activeElement?.closest('#issue-body') !== null);
      await page.keyboard.type(body);
      await tap(page, byRole('button', 'Save draft'));
      await waitForText(page, 'Draft saved');
      await page.waitForSelector(byRole('button', 'Send now') + ':not([disabled])');

      await tap(page, byRole('button', 'Preview'));
      // A phone opens the preview at the phone's width; a frame wider than the screen is shrunk to fit.
      const [first, second] = size === 'phone' ? ['375', '600'] : ['600', '375'];
      for (const width of [first, second]) {
        if (width === second) await tap(page, byRole('button', width === '600' ? 'Desktop' : 'Phone'));
        await page.waitForSelector(`[data-testid="email-preview"][data-width="${width}"]`);
        const shown = await previewFrame(page, body);
        expect(shown).toMatchObject({ width, sandbox: '', holds: true });
        if (size === 'desktop') expect(shown.drawn).toBe(Number(width));
        else expect(shown.drawn).toBeLessThanOrEqual(Number(width));
      }
      await tap(page, `[role="dialog"] ${byRole('button', 'Close')}`);

      await tap(page, byRole('button', 'Send now'));
      const confirm = await page.waitForSelector('[role="alertdialog"] [data-testid="confirm-send"]');
      expect(await confirm!.evaluate((b) => (b as HTMLElement).innerText)).toMatch(
        /^Send to \d+ subscribers$/,
      );
      await tap(page, '[role="alertdialog"] [data-testid="confirm-send"]');
      await waitForText(page, 'Sending started');
      await page.waitForSelector('[data-testid="send-progress"] [role="progressbar"]');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="send-progress"] [data-testid="issue-status"]')
            ?.textContent === 'Sent',
        { timeout: 45_000, polling: 250 },
      );
      expect(await textOf(page, 'progress-remaining')).toBe('0');
      expect(await textOf(page, 'progress-failed')).toBe('0');

      await page.goto(`${newsletterBaseURL}/newsletter`);
      await waitForText(page, subject);
      await tap(page, byRole('link', subject));
      await page.waitForFunction((s) => document.querySelector('h1')?.textContent === s, {}, subject);
      await waitForText(page, body);
    });
  });
});
