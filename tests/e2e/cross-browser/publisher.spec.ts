import type { Page } from 'puppeteer-core';
import { ADMIN_ACCOUNT } from '../../../playwright.config';
import {
  byRole,
  eachBrowserAndSize,
  keepScreen,
  runJourney,
  signInInPage,
  SIZES,
  tap,
  test,
  waitForText,
} from '../helpers/cross-browser';

// The post editor as a publisher uses it, in Firefox ESR and Chromium, at desktop and phone sizes:
// write, tag, fill the search and sharing fields, schedule for a UK date and time, revise, and
// restore an earlier revision. Fails on any page error, console error or unexpected 4xx/5xx.

/** Sets a field's value as typing would (date and time inputs have no keyboard text in every browser). */
async function setField(page: Page, selector: string, value: string) {
  await page.waitForSelector(selector, { visible: true });
  await page.$eval(
    selector,
    (el, v) => {
      const input = el as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    value,
  );
}

const valueOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLInputElement).value);

eachBrowserAndSize((browserName, size) => {
  test.describe(`${browserName} at ${size} size`, () => {
    test('an admin writes a post, tags it, sets its search fields, schedules it, revises it and restores a revision', async ({
      launched,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
      const browser = await launched(browserName);
      const stamp = Date.now().toString(36);
      const title = `Tring canal walk ${browserName} ${size} ${stamp}`;
      const year = new Date().getUTCFullYear() + 1;
      await runJourney(browser, SIZES[size], testInfo, async (page) => {
        // A page of the site first (a blank page would make the browser ask for /favicon.ico).
        await page.goto(`${baseURL}/login`);
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        await page.goto(`${baseURL}/admin?section=blog&post=new`);
        await waitForText(page, `Welcome, ${ADMIN_ACCOUNT.name}`);

        // Write: the slug follows the title and is checked.
        await page.locator(byRole('textbox', 'Title')).fill(title);
        await page.waitForFunction(
          (t) =>
            (document.querySelector('#post-slug') as HTMLInputElement | null)?.value ===
            t.toLowerCase().replace(/\s+/g, '-'),
          {},
          title,
        );
        await waitForText(page, 'This address is free.');
        await tap(page, '#post-content');
        await page.waitForFunction(() => document.activeElement?.closest('#post-content') !== null);
        await page.keyboard.type('Locks, herons and a tea room by the reservoirs.');

        // Tag.
        await tap(page, '#post-tags');
        await page.keyboard.type('Walks');
        await page.keyboard.press('Enter');
        await page.keyboard.type('Tring');
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          () =>
            Array.from(document.querySelectorAll('[data-testid="post-tag"]')).map((c) => c.textContent)
              .length === 2,
        );

        // Search and sharing.
        await tap(page, 'summary ::-p-text(Search and sharing)');
        await page.locator('#post-seo-meta-title').fill('Canal walk from Tring');
        await waitForText(page, '21 of 60 characters');
        await page.waitForFunction(() =>
          document
            .querySelector('[data-testid="search-preview"]')
            ?.textContent?.includes('Canal walk from Tring'),
        );

        // Schedule for a UK date and time.
        await tap(page, 'input[type="radio"][value="scheduled"]');
        await setField(page, '#post-publishing-date', `${year}-03-14`);
        await setField(page, '#post-publishing-time', '07:45');
        await waitForText(page, `14 March ${year} at 07:45 (UK time)`);
        await tap(page, byRole('button', 'Create post'));
        await waitForText(page, 'Blog post created successfully!');
        await page.waitForSelector(byRole('link', title));
        await waitForText(page, `Goes out 14 Mar ${year}, 07:45`);

        // Revise.
        await tap(page, byRole('link', title));
        await page.waitForFunction(
          (t) => (document.querySelector('#post-title') as HTMLInputElement).value === t,
          {},
          title,
        );
        await page.locator(byRole('textbox', 'Title')).fill(`${title} revised`);
        await tap(page, byRole('button', 'Update post'));
        await waitForText(page, 'Blog post updated successfully!');

        // Restore the first revision.
        await tap(page, byRole('link', `${title} revised`));
        await page.waitForFunction(
          (t) => (document.querySelector('#post-title') as HTMLInputElement).value === t,
          {},
          `${title} revised`,
        );
        await tap(page, '[data-testid="revisions"] summary');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="revision"]').length === 2);
        await tap(page, '[data-testid="revision"]:last-child button');
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="revision-diff"] ins')?.textContent?.includes('revised'),
        );
        await page.$eval('[data-testid="revision-diff"]', (el) => el.scrollIntoView({ block: 'center' }));
        await keepScreen(page, testInfo, 'revision-diff');
        await tap(page, byRole('button', 'Restore this revision'));
        await tap(page, `[role="alertdialog"] ${byRole('button', 'Restore')}`);
        await waitForText(page, 'Revision restored');
        await page.waitForFunction(
          (t) => (document.querySelector('#post-title') as HTMLInputElement).value === t,
          {},
          title,
        );
        if ((await valueOf(page, '#post-slug')) === '') throw new Error('the restored post lost its slug');

        // Tidy up: the post goes.
        await tap(page, byRole('link', 'Posts'));
        await tap(page, byRole('button', `Delete ${title}`));
        await tap(page, `[role="alertdialog"] ${byRole('button', 'Delete')}`);
        await waitForText(page, 'Blog post deleted successfully!');
      });
    });
  });
});
