import type { ElementHandle, Page } from 'puppeteer-core';
import fs from 'node:fs';
import sharp from 'sharp';
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
  waitForAddress,
  waitForText,
} from '../helpers/cross-browser';

// The staff's roles as each person meets them, in Firefox ESR and Chromium at desktop and phone
// sizes: the owner invites a contributor, who joins from the e-mailed link; the contributor's admin
// is their posts and tags, with drafts they save and no Publish; they submit a draft for review, an
// editor returns it with a note, and the contributor reads it; a sales person's admin shows the
// sections their work needs and no others; the contributor adds a picture and submits again, and
// says who they are on their profile; the editor finds it in the review queue and approves it for
// Friday at 9:00; it goes out with the contributor's byline, which leads to their author page; the
// owner, in the Staff section, makes the contributor an author (who then gets Publish) and removes
// the editor, whose open session stops at once.

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

/** A PNG of one colour, for an upload. */
async function pngFile(file: string, colour: string) {
  fs.writeFileSync(
    file,
    await sharp({ create: { width: 64, height: 36, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return file;
}

/** Next Friday's date (after today), yyyy-mm-dd. */
function nextFriday(): string {
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 5);
  return day.toISOString().slice(0, 10);
}

/** Sets a date or time field as a person's choice does (its own picker differs in each browser). */
async function setInput(page: Page, selector: string, value: string) {
  await page.$eval(
    selector,
    (el, v) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    value,
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
    test.setTimeout(180_000);
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
        expect(await sectionsShown(page)).toEqual(['blog', 'tags', 'profile']);
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
          'profile',
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

        // The contributor reads the note, adds a picture and where to park, and submits it again;
        // and says who they are on their profile.
        await openAdminAs(page, baseURL!, contributor);
        await page.goto(`${baseURL}/admin?section=blog&post=${postId}`);
        await waitForText(page, 'An editor returned this draft with a note');
        await waitForText(page, 'Lovely. Say where to park.');
        await keepScreen(page, testInfo, 'contributor-returned');
        await ((await page.$('#post-image')) as ElementHandle<HTMLInputElement>).uploadFile(
          await pngFile(testInfo.outputPath('lea.png'), '#1d6fa5'),
        );
        await page.waitForSelector('img[alt="Featured image preview"][src^="/objects/uploads/"]');
        await tap(page, '#post-content');
        await page.waitForFunction(() => document.activeElement?.closest('#post-content') !== null);
        await page.keyboard.press('End');
        await page.keyboard.type(' Park at Rye Meads.');
        await tap(page, byRole('button', 'Update post'));
        await waitForText(page, 'Blog post updated');
        await tap(page, byRole('link', title));
        await tap(page, byRole('button', 'Submit for review'));
        await waitForText(page, 'Submitted for review: an editor will publish or schedule it');
        await page.goto(`${baseURL}/admin?section=profile`);
        await page.waitForSelector(byRole('textbox', 'Short bio'));
        await page.locator(byRole('textbox', 'Short bio')).fill('Walks the Lea valley before breakfast.');
        await keepScreen(page, testInfo, 'contributor-profile');
        await tap(page, byRole('button', 'Save profile'));
        await waitForText(page, 'Your profile is saved.');
        const contributorSlug = (await api(page, 'GET', '/api/admin/profile')).body.slug as string;

        // The editor finds it in the review queue and approves it for Friday at 9:00.
        await openAdminAs(page, baseURL!, editor);
        await page.waitForSelector('[data-testid="review-badge"]');
        await tap(page, '[data-testid="review-queue"]');
        await page.waitForSelector(byRole('link', 'All posts'));
        await keepScreen(page, testInfo, 'editor-queue');
        await tap(page, byRole('link', title));
        await waitForText(page, `Submitted for review by ${contributor.name}`);
        await tap(page, byRole('button', 'Publish...'));
        await page.waitForSelector('[role="dialog"]');
        await tap(page, byRole('radio', 'At a date and time'));
        await setInput(page, '[role="dialog"] input[type="date"]', nextFriday());
        await setInput(page, '[role="dialog"] input[type="time"]', '09:00');
        await tap(page, byRole('button', 'Continue'));
        const summary = await page.$eval(
          '[data-testid="publish-summary"]',
          (el) => (el as HTMLElement).innerText,
        );
        expect(summary).toMatch(/goes on the blog on Friday \d+ \w+ \d{4} at 09:00 \(UK time\)/);
        await keepScreen(page, testInfo, 'editor-approve');
        await tap(page, byRole('button', 'Schedule'));
        await waitForText(page, 'Post scheduled');

        // Friday comes (the owner brings its time to a moment from now): the post goes out with
        // the contributor's byline, which leads to their page.
        await signInInPage(page, baseURL!, ADMIN_ACCOUNT);
        const soon = new Date(Date.now() + 2_000).toISOString();
        const moved = await api(page, 'PATCH', `/api/admin/blogs/${postId}`, {
          status: 'scheduled',
          publishAt: soon,
        });
        expect(moved.status).toBe(200);
        const slug = moved.body.slug as string;
        // Asked from the test, not the page: the 404s before its time are expected, not the page's.
        await expect
          .poll(async () => (await fetch(`${baseURL}/api/blog/by-slug/${slug}`)).status, {
            timeout: 20_000,
          })
          .toBe(200);
        await page.goto(`${baseURL}/blog/${slug}`);
        await page.waitForSelector('html[data-hydrated]');
        await waitForText(page, `By ${contributor.name}`);
        await keepScreen(page, testInfo, 'post-byline');
        await tap(page, `[data-testid="byline"] ${byRole('link', contributor.name)}`);
        await waitForAddress(page, `${baseURL}/author/${contributorSlug}`);
        await waitForText(page, 'Walks the Lea valley before breakfast.');
        await waitForText(page, '1 post');
        await page.waitForSelector(`a[href="/blog/${slug}"]`);
        await keepScreen(page, testInfo, 'author-page');

        // The owner, in the Staff section, makes the contributor an author and removes the editor,
        // whose open session stops at once.
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
        await page.goto(`${baseURL}/admin?section=admins`);
        await page.waitForSelector('html[data-hydrated]');
        const roleOfContributor = `select[aria-label="Role of ${contributor.name}"]`;
        await page.waitForSelector(roleOfContributor);
        await page.select(roleOfContributor, 'author');
        await waitForText(page, `${contributor.name} is now author.`);
        await tap(page, byRole('button', `Remove ${editor.name}`));
        await page.waitForSelector('[role="alertdialog"]');
        await tap(page, `[role="alertdialog"] ${byRole('button', 'Remove')}`);
        await waitForText(page, `${editor.name} can no longer sign in.`);
        await keepScreen(page, testInfo, 'owner-changes');
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
