import type { Page } from 'puppeteer-core';
import { ADMIN_ACCOUNT, newsletterBaseURL } from '../../../playwright.config';
import {
  byRole,
  eachBrowserAndSize,
  expect,
  keepScreen,
  runJourney,
  SESSION_CHECK_401,
  signInInPage,
  SIZES,
  tap,
  test,
  waitForAddress,
  waitForText,
} from '../helpers/cross-browser';

// The editors' guard against lost work, in Firefox ESR and Chromium at desktop and phone sizes:
// with unsaved changes, a link away asks first; staying keeps the typing, leaving goes; the page
// asks the browser to confirm closing it. The newsletter composer keeps a typed issue (asked
// about, or already saved as a draft); a save that meets someone else's newer one says so where the
// admin is, and takes focus.

/** Signs in on the newsletter's server, opens a new issue in the composer and types its subject and body. */
async function typeNewIssue(page: Page, subject: string, body: string): Promise<void> {
  await page.goto(`${newsletterBaseURL}/login`);
  await signInInPage(page, newsletterBaseURL, ADMIN_ACCOUNT);
  await page.goto(`${newsletterBaseURL}/admin?section=newsletter`);
  await tap(page, byRole('button', 'New issue'));
  await page.locator('#issue-subject').fill(subject);
  await tap(page, '#issue-body');
  await page.waitForFunction(() => document.activeElement?.closest('#issue-body') !== null);
  await page.keyboard.type(body);
}

eachBrowserAndSize((browserName, size) => {
  test.describe(`${browserName} at ${size} size`, () => {
    test('an admin with unsaved changes is asked before leaving the post editor', async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      const title = `Guarded in ${browserName} ${size} ${Date.now()}`;
      await runJourney(
        browser,
        SIZES[size],
        testInfo,
        async (page) => {
          // A page of the site first (a text file would make the browser ask for /favicon.ico).
          await page.goto(`${baseURL}/login`);
          await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
          const id = await page.evaluate(async (t) => {
            const res = await fetch('/api/admin/blogs', {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json' },
              // Published: its changes wait for Update post (a draft's would save themselves).
              body: JSON.stringify({
                title: t,
                content: '<p>Words.</p>',
                category: 'Tests',
                published: true,
              }),
            });
            return ((await res.json()) as { id: number }).id;
          }, title);
          await page.goto(`${baseURL}/admin`);
          await waitForText(page, `Welcome, ${ADMIN_ACCOUNT.name}`);
          await tap(page, byRole('link', title));
          await page.waitForFunction(
            (t) => (document.querySelector('#post-title') as HTMLInputElement | null)?.value === t,
            {},
            title,
          );
          await page.locator('#post-excerpt').fill('Not saved yet.');

          // The header's Blog link (the phone's is in its menu).
          const blogLink =
            size === 'phone'
              ? `nav[aria-label="Mobile"] ${byRole('link', 'Blog')}`
              : `nav[aria-label="Main"] ${byRole('link', 'Blog')}`;
          if (size === 'phone') await tap(page, byRole('button', 'Open menu'));
          await tap(page, blogLink);
          await waitForText(page, 'Leave without saving?');
          await keepScreen(page, testInfo, 'leave-question');
          await tap(page, byRole('button', 'Keep editing'));
          await page.waitForFunction(
            () => (document.querySelector('#post-excerpt') as HTMLTextAreaElement).value === 'Not saved yet.',
          );
          // Still the editor's own address.
          if (!page.url().endsWith(`/admin?section=blog&post=${id}`))
            throw new Error(`left the editor for ${page.url()}`);

          // The page asks the browser to confirm closing or reloading it.
          const asks = await page.evaluate(() => {
            const event = new Event('beforeunload', { cancelable: true });
            window.dispatchEvent(event);
            return event.defaultPrevented;
          });
          if (!asks) throw new Error('closing the page would not ask');

          if (size === 'phone' && !(await page.$(blogLink))) await tap(page, byRole('button', 'Open menu'));
          await tap(page, blogLink);
          await tap(page, byRole('button', 'Leave without saving'));
          await waitForAddress(page, `${baseURL}/blog`);

          await page.evaluate(
            (postId) => fetch(`/api/admin/blogs/${postId}`, { method: 'DELETE', credentials: 'include' }),
            id,
          );
        },
        SESSION_CHECK_401,
      );
    });

    test('a newsletter issue typed in the composer survives "All issues"', async ({ launched }, testInfo) => {
      const browser = await launched(browserName);
      const subject = `Kept issue ${browserName} ${size} ${Date.now()}`;
      await runJourney(
        browser,
        SIZES[size],
        testInfo,
        async (page) => {
          await typeNewIssue(page, subject, 'Twelve gardens open on Sunday.');
          await tap(page, byRole('button', 'All issues'));
          // Asked (the draft had not saved itself yet): stay, and it saves itself.
          const asked = await page
            .waitForFunction(() => document.body.innerText.includes('Leave without saving?'), {
              timeout: 3000,
              polling: 100,
            })
            .then(() => true)
            .catch(() => false);
          if (asked) {
            await keepScreen(page, testInfo, 'composer-leave-question');
            await tap(page, byRole('button', 'Keep editing'));
            await waitForText(page, 'Draft saved automatically at');
            await tap(page, byRole('button', 'All issues'));
          }
          await page.waitForFunction(
            (s) =>
              [...document.querySelectorAll('[data-testid="issue-row"]')].some((row) =>
                (row as HTMLElement).innerText.includes(s),
              ),
            { polling: 100 },
            subject,
          );
        },
        SESSION_CHECK_401,
      );
    });

    test("the e-mail preview shows the e-mail's whole width, opening at the phone's on a phone", async ({
      launched,
    }, testInfo) => {
      const browser = await launched(browserName);
      await runJourney(
        browser,
        SIZES[size],
        testInfo,
        async (page) => {
          await typeNewIssue(
            page,
            `Previewed ${browserName} ${size}`,
            'The market moves to the square for December.',
          );
          await tap(page, byRole('button', 'Preview'));
          const frame = '[data-testid="email-preview"]';
          await page.waitForSelector(frame);
          /** The frame's width as laid out, and how far it reaches past its stage on either side. */
          const shown = () =>
            page.evaluate((selector) => {
              const element = document.querySelector(selector)!;
              const stage = element.parentElement!.parentElement!.getBoundingClientRect();
              const box = element.getBoundingClientRect();
              return {
                width: element.getAttribute('data-width'),
                past: Math.max(0, stage.left - box.left, box.right - stage.right),
              };
            }, frame);
          const first = await shown();
          expect(first.width).toBe(size === 'phone' ? '375' : '600');
          expect(first.past).toBeLessThanOrEqual(1);
          await tap(page, byRole('button', size === 'phone' ? 'Desktop' : 'Phone'));
          await page.waitForFunction(
            (selector: string, width: string) =>
              document.querySelector(selector)?.getAttribute('data-width') === width,
            { polling: 100 },
            frame,
            size === 'phone' ? '600' : '375',
          );
          expect((await shown()).past).toBeLessThanOrEqual(1);
        },
        SESSION_CHECK_401,
      );
    });

    test('a save that meets a newer one shows the notice where the admin is, focused, naming who and when', async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      const title = `Conflict in ${browserName} ${size} ${Date.now()}`;
      await runJourney(
        browser,
        SIZES[size],
        testInfo,
        async (page) => {
          await page.goto(`${baseURL}/login`);
          await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
          const call = (method: string, path: string, body?: object) =>
            page.evaluate(
              async (m, p, b) => {
                const res = await fetch(p, {
                  method: m,
                  credentials: 'include',
                  headers: b ? { 'content-type': 'application/json' } : {},
                  body: b,
                });
                return (await res.json().catch(() => ({}))) as { id: number };
              },
              method,
              path,
              body ? JSON.stringify(body) : undefined,
            );
          const { id } = await call('POST', '/api/admin/blogs', {
            title,
            content: '<p>Words.</p>',
            category: 'Tests',
            published: true,
          });
          await page.goto(`${baseURL}/admin`);
          await waitForText(page, `Welcome, ${ADMIN_ACCOUNT.name}`);
          await tap(page, byRole('link', title));
          await page.waitForFunction(
            (t) => (document.querySelector('#post-title') as HTMLInputElement | null)?.value === t,
            {},
            title,
          );
          // The same admin saves it in another tab.
          await call('PATCH', `/api/admin/blogs/${id}`, { excerpt: 'From the other tab' });
          await page.locator('#post-excerpt').fill('From this tab');
          await tap(page, byRole('button', 'Update post'));
          await page.waitForFunction(
            () => document.activeElement?.getAttribute('data-testid') === 'conflict-notice',
            { polling: 100 },
          );
          const seen = await page.$eval('[data-testid="conflict-notice"]', (el) => {
            const box = el.getBoundingClientRect();
            return {
              inSight: box.top >= 0 && box.bottom <= window.innerHeight,
              text: (el as HTMLElement).innerText,
            };
          });
          await keepScreen(page, testInfo, 'conflict-notice');
          expect(seen.inSight).toBe(true);
          expect(seen.text).toMatch(
            /You saved this post in another tab or window at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
          );
          await tap(page, byRole('button', 'Load their version'));
          await page.waitForFunction(
            () =>
              (document.querySelector('#post-excerpt') as HTMLTextAreaElement).value === 'From the other tab',
          );
          await call('DELETE', `/api/admin/blogs/${id}`);
        },
        [...SESSION_CHECK_401, /^409 .*\/(trpc\/blog\.update|api\/admin\/blogs\/\d+)\b/],
      );
    });
  });
});
