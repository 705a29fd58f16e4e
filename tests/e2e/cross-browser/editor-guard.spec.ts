import { ADMIN_ACCOUNT } from '../../../playwright.config';
import {
  BROWSERS,
  byRole,
  runJourney,
  signInInPage,
  SIZES,
  tap,
  test,
  waitForText,
  type SizeName,
  waitForAddress,
} from '../helpers/cross-browser';

// The post editor's guard against lost work, in Firefox ESR and Chromium at desktop and phone sizes:
// with unsaved changes, a link away asks first; staying keeps the typing, leaving goes; the page
// asks the browser to confirm closing it.

/** On /login before signing in, the app asks who is signed in: 401 is the answer. */
const SESSION_CHECK_401 = [/^401 .*\/(trpc\/auth\.user|api\/admin\/user)\b/];

for (const browserName of BROWSERS) {
  for (const size of Object.keys(SIZES) as SizeName[]) {
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
            await tap(page, byRole('button', `Edit ${title}`));
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
            await tap(page, byRole('button', 'Keep editing'));
            await page.waitForFunction(
              () =>
                (document.querySelector('#post-excerpt') as HTMLTextAreaElement).value === 'Not saved yet.',
            );
            if (!page.url().endsWith('/admin')) throw new Error(`left the editor for ${page.url()}`);

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
    });
  }
}
