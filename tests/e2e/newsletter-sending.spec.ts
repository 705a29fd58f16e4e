import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { newsletterBaseURL } from '../../playwright.config';
import { openAdminSection } from './helpers/admin-data';
import { acceptedMail, confirmedSubscriber, mailTo } from './helpers/newsletter-mail';
import { findOverflow } from './helpers/page-checks';
import { countRequestsTo } from './helpers/requests';
import type { Locator } from '@playwright/test';
import { expect, test } from './helpers/sign-in';

// Writing, previewing, testing, sending, watching and retrying a newsletter issue, and its archive
// pages, through the newsletter server: its mail goes over SMTP to a local server that refuses the
// first delivery to fail-once-... addresses for now (451) and every one to fail-always-... for good
// (550) (tests/helpers/smtp-sink-server.ts); it sends one message a second, and gives a copy up after
// one temporary refusal (playwright.config.ts).

test.use({ baseURL: newsletterBaseURL });
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const readers = [
  ...Array.from({ length: 6 }, (_, i) => `reader-${i}-${stamp}@example.co.uk`),
  `fail-once-${stamp}@example.co.uk`,
  `fail-always-${stamp}@example.co.uk`,
];
const failOnce = `fail-once-${stamp}@example.co.uk`;
const failAlways = `fail-always-${stamp}@example.co.uk`;
const subject = `Hertford Christmas lights ${stamp}`;

test.beforeAll(async ({ request }) => {
  for (const email of readers) await confirmedSubscriber(request, email);
});

test('an admin writes an issue, previews it at both widths, tests it, sends it, pauses, resumes and retries the failed', async ({
  page,
  signIn,
}) => {
  // The whole journey, a real send with a pause and a retry of the failed included: about a minute.
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Newsletter issues', 'Newsletter issues');
  await page.getByRole('button', { name: 'New issue' }).click();

  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Preview line').fill('Stalls, carols and the big switch-on');
  const editor = page.getByRole('textbox', { name: 'Body' });
  await editor.click();
  await page.keyboard.type('The lights go on along the river on Saturday at 4pm.');
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#b3122e' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'lights.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/objects\/uploads\/[a-z2-7]{32}$/);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit newsletter issue' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The server's e-mail, in a sandboxed frame, at a desktop's and then a phone's width.
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email preview' });
  const frame = dialog.getByTestId('email-preview');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('data-width', '600');
  await expect(
    page.frameLocator('[data-testid="email-preview"]').getByText('The lights go on along the river'),
  ).toBeVisible();
  expect(Math.round((await frame.boundingBox())!.width)).toBe(600);
  await dialog.getByRole('button', { name: /^Phone/ }).click();
  await expect(frame).toHaveAttribute('data-width', '375');
  expect(Math.round((await frame.boundingBox())!.width)).toBe(375);
  await expect(page.frameLocator('[data-testid="email-preview"]').getByText(subject).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A test to one address reaches that address only.
  const tester = `editor-${stamp}@example.co.uk`;
  await page.getByLabel('Test address').fill(tester);
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test sent', { exact: true })).toBeVisible();
  await expect
    .poll(() => mailTo(tester).filter((m) => m.includes(subject)).length, { timeout: 20_000 })
    .toBe(1);
  expect(mailTo(readers[0]!).filter((m) => m.includes(subject))).toHaveLength(0);

  // Sending asks first, naming how many subscribers it goes to: ours, and any other spec's on this server.
  const audience = await page.getByTestId('audience').innerText();
  const total = Number(/Goes to (\d+) confirmed subscribers/.exec(audience)?.[1]);
  expect(total, audience).toBeGreaterThanOrEqual(readers.length);
  await page.getByRole('button', { name: 'Send now' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Send this issue now?' });
  await expect(ask).toContainText(`It goes to ${total} subscribers straight away`);
  await ask.getByRole('button', { name: `Send to ${total} subscribers` }).click();
  await expect(page.getByText('Sending started', { exact: true })).toBeVisible();

  const progress = page.getByTestId('send-progress');
  // Until the first copy is queued the list is still being made: no 'Sent 0' beside everyone remaining.
  const shown = await progress.innerText();
  if (shown.includes('Making the list of recipients')) expect(shown).not.toMatch(/Sent\s*0/);
  // The issue's subject is the screen's title, larger than its panels' headings.
  const fontSize = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await fontSize(page.getByRole('heading', { level: 2, name: subject }))).toBeGreaterThan(
    await fontSize(progress.getByRole('heading', { name: 'Progress' })),
  );
  await expect(progress.getByRole('progressbar', { name: 'Sent so far' })).toBeVisible();
  await expect(progress.getByTestId('issue-status')).toHaveText('Sending');
  // Live figures: the page asks again every few seconds while it sends; pause once some have gone.
  await expect
    .poll(async () => Number(await progress.getByTestId('progress-sent').innerText()), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await progress.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByText('Send paused', { exact: true })).toBeVisible();
  await expect(progress.getByTestId('issue-status')).toHaveText('Paused');
  await expect(progress.getByTestId('progress-eta')).toHaveText(
    'Paused: nothing more is sent until you resume.',
  );
  const remaining = Number(await progress.getByTestId('progress-remaining').innerText());
  expect(remaining).toBeGreaterThan(0);
  expect(remaining).toBeLessThanOrEqual(total);

  await progress.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByText('Send resumed', { exact: true })).toBeVisible();
  // Everyone but the two refused addresses, then the figures stop moving.
  await expect(progress.getByTestId('issue-status')).toHaveText('Sent', { timeout: 30_000 });
  await expect(progress.getByTestId('progress-failed')).toHaveText('2');
  await expect(progress.getByTestId('progress-remaining')).toHaveText('0');
  await expect(progress.getByTestId('progress-sent')).toHaveText(String(total - 2));
  for (const email of readers.slice(0, -2))
    expect(mailTo(email).filter((m) => m.includes(subject))).toHaveLength(1);

  // The recipients by state, with the mail server's reasons.
  const recipients = page.getByTestId('recipient-row');
  await page.getByLabel('Status', { exact: true }).selectOption('failed');
  await expect(recipients).toHaveCount(1);
  await expect(recipients.first()).toContainText(failOnce);
  await expect(recipients.first()).toContainText('451');
  await page.getByLabel('Status', { exact: true }).selectOption('bounced');
  await expect(recipients).toHaveCount(1);
  await expect(recipients.first()).toContainText(failAlways);
  await expect(recipients.first()).toContainText('550');

  // Retry sends to the failed address only (not the bounced one); nobody gets the issue twice.
  await page.getByRole('button', { name: 'Retry 1 failed' }).click();
  await page
    .getByRole('alertdialog', { name: 'Retry the failed addresses' })
    .getByRole('button', { name: 'Retry failed' })
    .click();
  await expect(page.getByText('Trying the failed addresses again', { exact: true })).toBeVisible();
  await expect(progress.getByTestId('progress-sent')).toHaveText(String(total - 1), { timeout: 30_000 });
  await expect(progress.getByTestId('progress-failed')).toHaveText('1');
  await expect(progress.getByTestId('issue-status')).toHaveText('Sent');
  await expect.poll(() => mailTo(failOnce).filter((m) => m.includes(subject)).length).toBe(1);
  for (const email of readers.slice(0, -1))
    expect(mailTo(email).filter((m) => m.includes(subject))).toHaveLength(1);
  expect(mailTo(failAlways).filter((m) => m.includes(subject))).toHaveLength(0);

  // The list of issues shows it with its figures.
  await page.getByRole('button', { name: 'All issues' }).click();
  const row = page.getByTestId('issue-row').filter({ hasText: subject });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(`${total - 1} of ${total}`);

  // The address that bounced is marked in the subscribers list; the others are not.
  await openAdminSection(page, 'Subscribers', 'Newsletter subscribers');
  await page.getByLabel('Search').fill(String(stamp));
  const subscribers = page.getByTestId('subscriber-row');
  await expect(subscribers).toHaveCount(readers.length);
  await expect(subscribers.filter({ hasText: failAlways }).getByTestId('subscriber-bouncing')).toHaveText(
    'Bouncing',
  );
  await expect(page.getByTestId('subscriber-bouncing')).toHaveCount(1);
});

test('the sent issue has a server-rendered archive page, listed in the archive', async ({
  page,
  request,
}) => {
  const list = await request.get('/newsletter');
  expect(list.status()).toBe(200);
  const listHtml = await list.text();
  expect(listHtml).toContain(subject);
  const href = /href="(\/newsletter\/[^"]+)"/.exec(listHtml.slice(listHtml.indexOf('Past issues')))?.[1];
  expect(href).toBeTruthy();
  const one = await request.get(href!);
  expect(one.status()).toBe(200);
  const oneHtml = await one.text();
  expect(oneHtml).toContain(`<h1`);
  expect(oneHtml).toContain(subject);
  expect(oneHtml).toContain('The lights go on along the river');
  expect((await request.get('/newsletter/no-such-issue')).status()).toBe(404);

  // Hydration uses the data the server rendered with; the pages pass axe's WCAG A/AA checks.
  const archiveCalls = countRequestsTo(page, 'newsletter.archive');
  await page.goto(href!);
  const title = page.getByRole('heading', { level: 1, name: subject });
  await expect(title).toBeVisible();
  // The page's parts line up: the back link on a line of its own, on the title's left edge; the
  // preview line clear of the rule above the body; links in the body in the brand's red.
  const back = page.getByRole('link', { name: 'All past issues' });
  const [backBox, titleBox, dateBox] = await Promise.all([
    back.boundingBox(),
    title.boundingBox(),
    page.locator('article > time').boundingBox(),
  ]);
  expect(Math.abs(backBox!.x - titleBox!.x)).toBeLessThanOrEqual(1);
  expect(backBox!.y + backBox!.height).toBeLessThanOrEqual(dateBox!.y);
  const lead = page.getByText('Stalls, carols and the big switch-on');
  const body = page.locator('article > div').filter({ hasText: 'The lights go on along the river' });
  expect(
    (await body.boundingBox())!.y - ((await lead.boundingBox())!.y + (await lead.boundingBox())!.height),
  ).toBeGreaterThanOrEqual(8);
  const colours = await body.evaluate((el) => {
    const a = el.appendChild(document.createElement('a'));
    a.href = '/blog';
    a.textContent = 'a link in the body';
    const seen = getComputedStyle(a).color;
    a.remove();
    return { body: seen, brand: getComputedStyle(document.querySelector('aside a')!).color };
  });
  expect(colours.body).toBe(colours.brand);
  await page.goto('/newsletter');
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  expect(archiveCalls()).toBe(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.goto('/#newsletter-signup');
  await page.getByRole('link', { name: 'Read past issues' }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('The lights go on along the river')).toBeVisible();
  const axeIssue = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axeIssue.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Newsletter archive' }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
});

test('on a phone: a published post becomes an issue, which is scheduled for a UK time and the schedule cancelled', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Blog Posts', 'Blog posts');
  // The last published post on the page: the list is scrolled down to reach it.
  const post = page.getByTestId('admin-post').filter({ hasText: 'Published' }).last();
  const title = (await post.getByRole('heading').innerText()).trim();
  await post.getByRole('button', { name: /^Send .* as a newsletter$/ }).click();
  await expect(page.getByText('Newsletter draft created', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit newsletter issue' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue(title);
  // The composer opens at the page's top with its subject in sight, not where the list was
  // scrolled to (over a thousand pixels down). A late layout may leave a few pixels' scroll (CI
  // saw 1 and 16), which still shows the subject.
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(100);
  await expect(page.getByLabel('Subject')).toBeInViewport();
  expect(await page.evaluate(findOverflow)).toEqual([]);

  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email preview' });
  await dialog.getByRole('button', { name: /^Phone/ }).click();
  await expect(dialog.getByTestId('email-preview')).toHaveAttribute('data-width', '375');
  await expect(page.frameLocator('[data-testid="email-preview"]').getByText(title).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule this issue' });
  await expect(schedule).toContainText('Times are UK time (London)');
  const next = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await schedule.getByLabel('Date').fill(next);
  await schedule.getByLabel('Time (UK)').fill('09:30');
  await schedule.getByRole('button', { name: /^Schedule for \d+ subscribers$/ }).click();
  await expect(page.getByText('Issue scheduled', { exact: true })).toBeVisible();
  await expect(page.getByTestId('scheduled-for')).toContainText('09:30');
  expect(await page.evaluate(findOverflow)).toEqual([]);

  await page.getByRole('button', { name: 'Cancel schedule' }).click();
  await expect(page.getByText('Schedule cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send now' })).toBeEnabled();
  expect(acceptedMail().filter((m) => m.includes(`Subject: ${title}`))).toHaveLength(0);
});

test('“Send as newsletter” is offered on published posts only, and opens the post’s unsent issue again instead of a copy', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const scheduledTitle = `Ware regatta preview ${stamp}`;
  const created = await request.post('/api/admin/blogs', {
    headers: { ...adminAuth, 'Idempotency-Key': `regatta-${stamp}` },
    data: {
      title: scheduledTitle,
      content: '<p>Boats on the Lea.</p>',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const scheduledId = ((await created.json()) as { id: number }).id;
  try {
    await signIn({ by: 'api' });
    await openAdminSection(page, 'Blog Posts', 'Blog posts');
    const scheduled = page.getByTestId('admin-post').filter({ hasText: scheduledTitle });
    await expect(scheduled).toContainText('Scheduled');
    await expect(scheduled.getByRole('button', { name: /as a newsletter$/ })).toHaveCount(0);

    // The published post the phone test made an issue of, or another: the first press may make it.
    const post = page.getByTestId('admin-post').filter({ hasText: 'Published' }).first();
    const title = (await post.getByRole('heading').innerText()).trim();
    await post.getByRole('button', { name: `Send ${title} as a newsletter` }).click();
    await expect(page.getByRole('heading', { name: 'Edit newsletter issue' })).toBeVisible();
    const issueId = /[?&]issue=(\d+)/.exec(page.url())?.[1];
    expect(issueId).toBeTruthy();

    await openAdminSection(page, 'Blog Posts', 'Blog posts');
    await page
      .getByTestId('admin-post')
      .filter({ hasText: title })
      .getByRole('button', { name: `Send ${title} as a newsletter` })
      .click();
    await expect(page.getByText('Newsletter draft opened', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Edit newsletter issue' })).toBeVisible();
    expect(/[?&]issue=(\d+)/.exec(page.url())?.[1]).toBe(issueId);
    await page.getByRole('button', { name: 'All issues' }).click();
    await expect(page.getByTestId('issue-row').filter({ hasText: title })).toHaveCount(1);
  } finally {
    await request.delete(`/api/admin/blogs/${scheduledId}`, { headers: adminAuth });
  }
});

test('one flow publishes a post and e-mails it, or e-mails a draft alone later: a summary first, naming how many subscribers', async ({
  page,
  request,
  signIn,
  adminAuth,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ by: 'api' });
  const title = `Hitchin lavender harvest ${stamp}`;
  await page.goto('/admin?section=blog&post=new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('The fields at Ickleford are purple again this week.');

  await page.getByRole('button', { name: 'Publish...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this post' });
  const axeOf = async () =>
    (
      await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await axeOf()).toEqual([]);
  await dialog.getByRole('radio', { name: /^Publish and e-mail/ }).check();
  await dialog.getByRole('radio', { name: 'Now' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('dialog', { name: 'Ready to go?' });
  const audience = (await (
    await request.get('/api/admin/newsletter/audience', { headers: adminAuth })
  ).json()) as {
    recipients: number;
  };
  await expect(summary.getByTestId('publish-summary')).toHaveText(
    `“${title}” goes on the blog now, and is e-mailed to ${audience.recipients} subscribers.`,
  );
  expect(await axeOf()).toEqual([]);
  await summary.getByRole('button', { name: 'Publish and e-mail now' }).click();
  await expect(page.getByText('Published, and the e-mail is on its way', { exact: true })).toBeVisible();
  // The send's page, and the post on the blog.
  await expect(page).toHaveURL(/[?&]issue=\d+/);
  const blog = (await (await request.get('/api/blog?limit=50')).json()) as Array<{ title: string }>;
  expect(blog.map((p) => p.title)).toContain(title);
  await expect
    .poll(() => mailTo(readers[0]!).filter((m) => m.includes(`Subject: ${title}`)).length, {
      timeout: 60_000,
    })
    .toBe(1);
  expect(mailTo(readers[0]!).find((m) => m.includes(`Subject: ${title}`))).toContain(
    'Read it on our website',
  );

  // E-mail only, on Friday week: the post stays a draft, the issue waits for its time.
  const draftTitle = `Members' walk to Wilbury Hill ${stamp}`;
  await page.goto('/admin?section=blog&post=new');
  await page.getByLabel('Title', { exact: true }).fill(draftTitle);
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Meet at the Three Moorhens at ten.');
  await page.getByRole('button', { name: 'Publish...' }).click();
  await dialog.getByRole('radio', { name: /^E-mail only/ }).check();
  await dialog.getByRole('radio', { name: 'At a date and time' }).check();
  const day = new Date(Date.now() + 9 * 24 * 3600_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Date', { exact: true }).fill(day);
  await dialog.getByLabel('Time (UK)').fill('07:30');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(summary.getByTestId('publish-summary')).toContainText('at 07:30 (UK time)');
  await expect(summary.getByTestId('publish-summary')).toContainText('It stays a draft, off the blog.');
  await summary.getByRole('button', { name: 'Schedule e-mail' }).click();
  await expect(page.getByText('E-mail scheduled', { exact: true })).toBeVisible();
  const posts = (await (
    await request.get(`/api/admin/blogs?q=${encodeURIComponent('Wilbury Hill')}`, { headers: adminAuth })
  ).json()) as Array<{ title: string; publishedAt: string | null }>;
  // A draft: found by the admin's search, with no time it went out.
  expect(posts.find((p) => p.title === draftTitle)).toMatchObject({ publishedAt: null });
  const issues = (await (
    await request.get('/api/admin/newsletter/issues?status=scheduled&pageSize=100', { headers: adminAuth })
  ).json()) as { items: Array<{ subject: string }> };
  expect(issues.items.map((i) => i.subject)).toContain(draftTitle);
});

test('the composer keeps unsaved work: leaving asks first, and a draft saves itself once typing stops', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn({ by: 'api' });
  await openAdminSection(page, 'Newsletter issues', 'Newsletter issues');
  await page.getByRole('button', { name: 'New issue' }).click();
  const kept = `Letchworth garden trail ${stamp}`;
  await page.getByLabel('Subject').fill(kept);
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Twelve gardens open on Sunday.');

  // Straight away, before it could save itself: "All issues" asks.
  const dialog = page.getByRole('alertdialog');
  await page.getByRole('button', { name: 'All issues' }).click();
  await expect(dialog).toContainText('Leave without saving?');
  await expect(dialog).toContainText('This issue has changes that are not saved yet.');
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue(kept);
  await expect(page.getByRole('textbox', { name: 'Body' })).toContainText('Twelve gardens open on Sunday.');
  // Closing the tab asks the browser's question.
  const asks = await page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(asks).toBe(true);

  // Once typing has paused it is saved as a draft issue, and leaving no longer asks.
  await expect(page.getByTestId('autosave-status')).toContainText('Draft saved automatically at');
  await page.getByRole('button', { name: 'All issues' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('issue-row').filter({ hasText: kept });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Draft');
});
