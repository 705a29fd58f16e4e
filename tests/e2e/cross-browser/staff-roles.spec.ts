import type { Page } from 'puppeteer-core';
import path from 'node:path';
import { ADMIN_ACCOUNT, e2eDataDir } from '../../../playwright.config';
import { acceptedMail } from '../helpers/newsletter-mail';
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
  waitForText,
} from '../helpers/cross-browser';

// The staff's roles as each person meets them, in Firefox ESR and Chromium at desktop and phone
// sizes: the owner invites a contributor, who joins from the e-mailed link; the contributor's admin
// is their posts and tags, with drafts they save and no Publish; they submit a draft for review, an
// editor returns it with a note, and the contributor reads it; a sales person's admin shows the
// sections their work needs and no others; the owner makes the contributor an author (who then
// gets Publish), and removes the editor, whose open session stops at once.

const PASSWORD = 'Cassiobury-Park-Swan-19';

/** A call to the API from the page, with its session cookie: the answer's status and body. */
function api(page: Page, method: string, url: string, body?: object) {
  return page.evaluate(
    async (m, u, b) => {
      const res = await fetch(u, {
        method: m,
        credentials: 'include',
        // No content type without a body: an empty JSON body is refused.
        ...(b ? { body: b, headers: { 'content-type': 'application/json' } } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    method,
    url,
    body ? JSON.stringify(body) : null,
  );
}

/** The admin's sections as the navigation lists them. */
const sectionsShown = (page: Page) =>
  page.$$eval('nav[aria-label="Admin sections"] [data-section]', (tabs) =>
    tabs.map((tab) => tab.getAttribute('data-section')),
  );

async function openAdminAs(page: Page, baseURL: string, person: { name: string; email: string }) {
  await signInInPage(page, baseURL, { email: person.email, password: PASSWORD });
  await page.goto(`${baseURL}/admin`);
  await waitForText(page, `Welcome, ${person.name}`);
  await page.waitForSelector('html[data-hydrated]');
}

eachBrowserAndSize((browserName, size) => {
  test(`${browserName} at ${size} size: each role sees the admin its work needs`, async ({
    launched,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const browser = await launched(browserName);
    // Short names, as people have: the run is in the addresses.
    const run = `${browserName}-${size}-${Date.now().toString(36)}`;
    const tag = `${browserName[0]}${size[0]}${Date.now().toString(36).slice(-4)}`.toUpperCase();
    const contributor = { name: `Cara ${tag}`, email: `cara.${run}@hertslocalmedia.co.uk` };
    const editor = { name: 'Eddie Editor', email: `eddie.${run}@hertslocalmedia.co.uk` };
    const sales = { name: 'Sam Sales', email: `sam.${run}@hertslocalmedia.co.uk` };
    await runJourney(
      browser,
      SIZES[size],
      testInfo,
      async (page) => {
        await page.goto(`${baseURL}/login`);
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        for (const [person, role] of [
          [editor, 'editor'],
          [sales, 'sales'],
        ] as const) {
          const made = await api(page, 'POST', '/api/admin/register', {
            ...person,
            password: PASSWORD,
            role,
          });
          expect(made.status).toBe(200);
        }

        // The owner invites the contributor from the Staff section.
        await page.goto(`${baseURL}/admin?section=admins`);
        await waitForText(page, 'Invite someone');
        await page.waitForSelector('html[data-hydrated]');
        const [inviteEmail] = await page.$$('form input[type="email"]');
        await inviteEmail!.type(contributor.email);
        await page.select('form select', 'contributor');
        await tap(page, byRole('button', 'Send invitation'));
        await waitForText(page, 'Invitation sent');
        await page.waitForSelector(byRole('button', `Revoke the invitation of ${contributor.email}`));
        await keepScreen(page, testInfo, 'owner-staff');

        // The contributor opens the e-mailed link, chooses a name and password, and is in.
        let link = '';
        await expect
          .poll(
            () =>
              (link =
                acceptedMail(path.join(e2eDataDir, 'outbox'))
                  .filter((m) => m.includes(`To: ${contributor.email}`))
                  .map((m) => /\/join\?token=[a-z2-7]+/.exec(m)?.[0] ?? '')
                  .at(-1) ?? ''),
            { timeout: 20_000 },
          )
          .not.toBe('');
        await page.goto(`${baseURL}${link}`);
        await waitForText(page, 'Join the Herts Local Media team');
        await page.waitForSelector('html[data-hydrated]');
        await waitForText(page, `invited ${contributor.email} as a contributor`);
        await page.locator(byRole('textbox', 'Your name')).fill(contributor.name);
        const [password, confirm] = await page.$$('input[autocomplete="new-password"]');
        await password!.type(PASSWORD);
        await confirm!.type(PASSWORD);
        await keepScreen(page, testInfo, 'contributor-join');
        await tap(page, byRole('button', 'Join the team'));
        await waitForText(page, `Welcome, ${contributor.name}`);

        // The contributor: their posts and the tags, a draft saved, nothing to publish with.
        expect(await sectionsShown(page)).toEqual(['blog', 'tags']);
        await keepScreen(page, testInfo, 'contributor-home');
        await page.goto(`${baseURL}/admin?section=blog&post=new`);
        await page.waitForSelector('#post-title');
        await page.waitForSelector('[data-testid="drafts-only"]');
        expect(await page.$(byRole('button', 'Publish...'))).toBeNull();
        await page.locator('#post-title').fill(`Cara's first draft ${tag}`);
        await tap(page, '#post-content');
        await page.waitForFunction(() => document.activeElement?.closest('#post-content') !== null);
        await page.keyboard.type('A walk along the Lea at dawn.');
        await keepScreen(page, testInfo, 'contributor-editor');
        await tap(page, byRole('button', 'Create post'));
        // Back in their list: the draft, which they may delete, and nothing that publishes it.
        await page.waitForSelector(byRole('button', `Delete Cara's first draft ${tag}`));
        expect(await page.$(byRole('button', `Publish Cara's first draft ${tag}`))).toBeNull();
        await keepScreen(page, testInfo, 'contributor-list');

        // The contributor submits the draft for review; the list says it waits.
        const title = `Cara's first draft ${tag}`;
        await tap(page, byRole('link', title));
        await tap(page, byRole('button', 'Submit for review'));
        await waitForText(page, 'Submitted for review: an editor will publish or schedule it');
        const postId = Number(new URL(page.url()).searchParams.get('post'));

        // An editor: content, newsletters and figures; no people's records, no staff.
        await openAdminAs(page, baseURL!, editor);
        expect(await sectionsShown(page)).toEqual([
          'blog',
          'tags',
          'newsletter',
          'content',
          'podcasts',
          'analytics',
        ]);
        await page.waitForSelector('[data-testid="review-chip"]');
        await keepScreen(page, testInfo, 'editor-home');
        // The editor returns it with a note.
        await page.goto(`${baseURL}/admin?section=blog&post=${postId}`);
        await waitForText(page, `Submitted for review by ${contributor.name}`);
        await tap(page, byRole('button', 'Return with a note'));
        await page.locator('[role="dialog"] textarea').fill('Lovely. Say where to park.');
        await keepScreen(page, testInfo, 'editor-return');
        await tap(page, byRole('button', 'Return'));
        await waitForText(page, 'Returned to the writer');

        // The contributor reads the note.
        await openAdminAs(page, baseURL!, contributor);
        await page.goto(`${baseURL}/admin?section=blog&post=${postId}`);
        await waitForText(page, 'An editor returned this draft with a note');
        await waitForText(page, 'Lovely. Say where to park.');
        await keepScreen(page, testInfo, 'contributor-returned');

        // Sales: enquiries, the academy and the figures; no blog.
        await openAdminAs(page, baseURL!, sales);
        expect(await sectionsShown(page)).toEqual(['enquiries', 'academy', 'analytics']);
        await keepScreen(page, testInfo, 'sales-home');

        // The owner makes the contributor an author and removes the editor, at once for both.
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        const people = (await api(page, 'GET', '/api/admin/users?pageSize=100')).body.items as Array<{
          id: number;
          email: string;
        }>;
        const idOf = (email: string) => people.find((p) => p.email === email)!.id;
        expect(
          (await api(page, 'PATCH', `/api/admin/users/${idOf(contributor.email)}`, { role: 'author' }))
            .status,
        ).toBe(200);
        // The editor's open session (a token from their sign-in), then their removal.
        const signedIn = await api(page, 'POST', '/api/admin/login', {
          email: editor.email,
          password: PASSWORD,
        });
        const editorsToken = signedIn.body.authToken as string;
        const asEditor = () =>
          page.evaluate(
            async (token) =>
              (await fetch('/api/admin/user', { headers: { authorization: `Bearer ${token}` } })).status,
            editorsToken,
          );
        expect(await asEditor()).toBe(200);
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        expect((await api(page, 'DELETE', `/api/admin/users/${idOf(editor.email)}`)).status).toBe(200);
        expect(await asEditor()).toBe(401);

        await openAdminAs(page, baseURL!, contributor);
        await page.goto(`${baseURL}/admin?section=blog&post=new`);
        await page.waitForSelector(byRole('button', 'Publish...'));
        expect(await page.$('[data-testid="drafts-only"]')).toBeNull();
      },
      SESSION_CHECK_401,
    );
  });
});
