import fs from 'node:fs';
import sharp from 'sharp';
import type { ElementHandle, Page } from 'puppeteer-core';
import { ADMIN_ACCOUNT } from '../../../playwright.config';
import {
  byRole,
  eachBrowserAndSize,
  expect,
  runJourney,
  SESSION_CHECK_401,
  type SizeName,
  SIZES,
  tap,
  test,
  updateThenDeletePost,
  waitForAddress,
  waitForText,
} from '../helpers/cross-browser';
import { settledScroll } from '../helpers/navigation';

// The visitor and admin journeys, in Firefox ESR and in Chromium, at desktop and phone
// sizes, with the same code (puppeteer-core drives both). Each journey fails on a page error, a
// console error (a Content-Security-Policy violation among them) or an answer of 400 and above,
// other than the 4xx answers it expects.

/** The section's top against the sticky header's bottom (0 means just below it). */
async function sectionOffset(page: Page, id: string): Promise<number> {
  await settledScroll(page);
  return page.evaluate((sectionId) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    return Math.round(document.getElementById(sectionId)!.getBoundingClientRect().top - header.bottom);
  }, id);
}

async function chooseSection(page: Page, size: SizeName, label: string) {
  if (size === 'phone') {
    await tap(page, byRole('button', 'Open menu'));
    await tap(page, `nav[aria-label="Mobile"] ${byRole('link', label)}`);
  } else {
    await tap(page, `nav[aria-label="Main"] ${byRole('link', label)}`);
  }
}

async function pngFile(path: string, colour: string) {
  fs.writeFileSync(
    path,
    await sharp({ create: { width: 64, height: 36, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return path;
}

const audio = (page: Page) =>
  page.$eval('[data-testid="podcast-audio"]', (el) => {
    const a = el as HTMLAudioElement;
    return { currentTime: a.currentTime, playbackRate: a.playbackRate, paused: a.paused };
  });

/** Waits until the podcast player says it is `state` (playing, paused). */
const waitForPlayerState = (page: Page, state: string) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="podcast-player"]')?.getAttribute('data-state') === expected,
    {},
    state,
  );

eachBrowserAndSize((browserName, size) => {
  test.describe(`${browserName} at ${size} size`, () => {
    test('a visitor navigates the home page, subscribes to the newsletter and sends an enquiry', async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      await runJourney(browser, SIZES[size], testInfo, async (page) => {
        await page.goto(`${baseURL}/`);
        await waitForText(page, 'Get Started Today');
        for (const [label, id] of [
          ['About', 'about'],
          ['Newsletters', 'newsletters'],
          ['Free Websites', 'free-websites'],
        ] as const) {
          await chooseSection(page, size, label);
          await page.waitForFunction((h) => location.hash === h, {}, `#${id}`);
          expect(Math.abs(await sectionOffset(page, id)), `#${id} below the header`).toBeLessThanOrEqual(2);
        }

        const email = `reader.${browserName}.${size}.${Date.now()}@example.co.uk`;
        await page
          .locator(`form[aria-label="Newsletter signup"] ${byRole('textbox', 'Email address')}`)
          .fill(email);
        await tap(page, `form[aria-label="Newsletter signup"] ${byRole('button', 'Subscribe')}`);
        await waitForText(page, 'Successfully subscribed!');

        const form = 'form[aria-label="Contact form"]';
        await page.locator(`${form} ${byRole('textbox', 'Name *')}`).fill('Ada Lovelace');
        await page
          .locator(`${form} ${byRole('textbox', 'Email *')}`)
          .fill(`ada.${browserName}@lovelace-bakery.co.uk`);
        await page.select(`${form} select`, 'editorial');
        await page
          .locator(`${form} ${byRole('textbox', 'Message *')}`)
          .fill(`A feature about our bakery, please (${browserName}, ${size}).`);
        // The numbers are the server's challenge, shown once it has arrived.
        await page.waitForFunction(() =>
          /\d+ \+ \d+/.test(document.querySelector('label[for="contact-captcha"]')?.textContent ?? ''),
        );
        const question = await page.$eval(
          'label[for="contact-captcha"]',
          (el) => (el as HTMLElement).innerText,
        );
        const [, a, b] = /(\d+) \+ (\d+)/.exec(question) ?? [];
        expect(a && b, question).toBeTruthy();
        await page.locator('#contact-captcha').fill(String(Number(a) + Number(b)));
        await tap(page, `${form} ${byRole('button', 'Send Message')}`);
        await waitForText(page, 'Message Sent!');
      });
    });

    test('a visitor plays a podcast, changes its speed, skips and searches the episodes', async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      await runJourney(browser, SIZES[size], testInfo, async (page) => {
        // From / (not /#podcasts: for 3 s the page keeps an anchored section in place while lists
        // load, and a click computed before such a jump lands elsewhere).
        await page.goto(`${baseURL}/`);
        await page.waitForSelector('[data-testid="podcast-body"][data-ready="true"]');
        await tap(page, '#podcasts button[aria-label^="Play "]');
        await waitForPlayerState(page, 'playing');
        await page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="podcast-audio"]') as HTMLAudioElement).currentTime > 0.2,
        );
        await tap(page, '#podcasts button[aria-label^="Pause "]');
        await waitForPlayerState(page, 'paused');

        await page.select('#podcasts select', '1.5');
        expect((await audio(page)).playbackRate).toBe(1.5);
        const before = (await audio(page)).currentTime;
        await tap(page, `#podcasts ${byRole('button', 'Skip forward 30 seconds')}`);
        await page.waitForFunction(
          (t) =>
            (document.querySelector('[data-testid="podcast-audio"]') as HTMLAudioElement).currentTime >= t,
          {},
          Math.min(before + 29, 35),
        );
        await tap(page, `#podcasts ${byRole('button', 'Skip back 10 seconds')}`);
        await page.waitForFunction(
          (t) =>
            (document.querySelector('[data-testid="podcast-audio"]') as HTMLAudioElement).currentTime <= t,
          {},
          Math.min(before + 30, 36) - 9,
        );

        await page.locator(`#podcasts ${byRole('searchbox', 'Search episodes')}`).fill('LEA VALLEY');
        await page.waitForFunction(
          () => document.querySelectorAll('#podcasts [data-testid="podcast-episode"]').length === 1,
        );
        await page.locator(`#podcasts ${byRole('searchbox', 'Search episodes')}`).fill('Watford Gap');
        await waitForText(page, 'No episodes found matching "Watford Gap"');
      });
    });

    test('a parent reserves the free workshop and opens the checkout of a plan', async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      await runJourney(browser, SIZES[size], testInfo, async (page) => {
        await page.goto(`${baseURL}/sparkai-academy`);
        await tap(page, byRole('link', 'Reserve Your Free Workshop'));
        await page.waitForFunction(() => location.hash === '#free-workshop');
        const form = '[data-testid="workshop-form"]';
        await page.locator(`${form} ${byRole('textbox', 'Parent or carer name')}`).fill('Priya Shah');
        await page
          .locator(`${form} ${byRole('textbox', 'Parent email')}`)
          .fill(`priya.${browserName}.${size}@example.co.uk`);
        await page.locator(`${form} ${byRole('textbox', 'Parent mobile')}`).fill('07700 900123');
        await page.locator(`${form} ${byRole('textbox', "Child's first name")}`).fill('Arjun');
        await page.locator(`${form} ${byRole('spinbutton', "Child's age")}`).fill('12');
        await tap(page, `${form} ${byRole('radio', 'Laptop')}`);
        await tap(page, `${form} ${byRole('button', 'Reserve My Free Place')}`);
        await waitForText(page, 'Workshop Reserved!');

        await tap(page, byRole('link', 'Choose AI Innovator'));
        await waitForText(page, 'Your checkout is ready!');
        expect(page.url()).toContain('/subscribe?plan=innovator');
        expect(
          await page.$eval(byRole('link', 'Proceed to Secure Checkout'), (a) => a.getAttribute('href')),
        ).toMatch(/^http/);
      });
    });

    test('an admin signs in, writes a post with bold text and two images, publishes, edits, deletes it and signs out', async ({
      launched,
      baseURL,
    }, testInfo) => {
      const browser = await launched(browserName);
      const featured = await pngFile(testInfo.outputPath('featured.png'), '#b3122e');
      const inline = await pngFile(testInfo.outputPath('inline.png'), '#1d4ed8');
      const title = `Hitchin lavender harvest (${browserName}, ${size}) ${Date.now()}`;
      await runJourney(
        browser,
        SIZES[size],
        testInfo,
        async (page) => {
          await page.goto(`${baseURL}/login`);
          await page.locator(byRole('textbox', 'Email')).fill(ADMIN_ACCOUNT.email);
          await page.locator('input[type="password"]').fill(ADMIN_ACCOUNT.password);
          await tap(page, byRole('button', 'Sign in'));
          await waitForText(page, `Welcome, ${ADMIN_ACCOUNT.name}`);

          await tap(page, byRole('link', 'New post'));
          await page.waitForSelector('#post-title');
          await page.locator(byRole('textbox', 'Title')).fill(title);
          await page.locator(byRole('textbox', 'Category')).fill('Events');
          await page.locator(byRole('textbox', 'Excerpt')).fill('Fields of purple above the town.');
          await tap(page, '#post-content');
          await page.waitForFunction(() => document.activeElement?.closest('#post-content') !== null);
          await page.keyboard.type('Open days ');
          await page.keyboard.down('Control');
          await page.keyboard.press('b');
          await page.keyboard.up('Control');
          await page.keyboard.type('every Saturday');
          await page.waitForFunction(
            () => document.querySelector('#post-content strong')?.textContent === 'every Saturday',
          );

          // The featured image through its file field, the inline image through the toolbar's button.
          await ((await page.$('#post-image')) as ElementHandle<HTMLInputElement>).uploadFile(featured);
          await page.waitForSelector('img[alt="Featured image preview"][src^="/objects/uploads/"]');
          const [chooser] = await Promise.all([
            page.waitForFileChooser(),
            tap(page, byRole('button', 'Insert image')),
          ]);
          await chooser.accept([inline]);
          await page.waitForSelector('#post-content img[src^="/objects/uploads/"]');

          await tap(page, byRole('button', 'Create post'));
          await waitForText(page, 'Blog post created successfully!');
          await tap(page, byRole('button', `Publish ${title}`));
          await page.waitForSelector(byRole('button', `Unpublish ${title}`));

          await page.goto(`${baseURL}/blog`);
          await waitForText(page, title);
          const href = await page.$$eval(
            '[data-testid="blog-card"]',
            (cards, t) =>
              cards
                .find((c) => c.textContent?.includes(t))
                ?.querySelector('a')
                ?.getAttribute('href'),
            title,
          );
          await page.goto(`${baseURL}${href}`);
          await page.waitForFunction(
            () => document.querySelector('article strong')?.textContent === 'every Saturday',
          );
          await page.waitForFunction(() =>
            Array.from(document.querySelectorAll('article img')).some(
              (img) => (img as HTMLImageElement).naturalWidth === 64,
            ),
          );

          await page.goto(`${baseURL}/admin`);
          await updateThenDeletePost(page, title);
          await page.waitForFunction((t) => !document.body.innerText.includes(t), {}, `${title} (updated)`);

          await tap(page, byRole('button', 'Logout'));
          await waitForText(page, 'Logged out');
          await waitForAddress(page, `${baseURL}/`);
        },
        SESSION_CHECK_401,
      );
    });
  });
});
