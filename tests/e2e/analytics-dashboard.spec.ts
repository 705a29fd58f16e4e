import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, test } from './helpers/sign-in';

// The dashboard as a publisher reads it (issue 46): the chart's steps follow the period in UK
// style (hours for Today, days for a week, months for a year), its figures are a table too, a row
// clicked filters every card, and axe finds nothing wrong with the whole of it filtered.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The chart table's first column: its steps as the screen names them. */
async function steps(page: Page) {
  const table = page.getByTestId('analytics-chart-table');
  if (!(await table.evaluate((d: HTMLDetailsElement) => d.open))) await table.locator('summary').click();
  return table.locator('tbody th').allInnerTexts();
}

/**
 * A reader's visit (Firefox on Linux, no session) from a source of this run's own, over the home
 * page, the blog and the Academy; the source's name.
 */
async function readerVisit(baseURL: string, prefix: string): Promise<string> {
  const source = `${prefix}-${Date.now()}`;
  const reader = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': FIREFOX } });
  for (const u of [`/?utm_source=${source}`, '/blog', '/sparkai-academy']) {
    const res = await reader.post('/api/analytics/view', {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify({ u, w: 1366 }),
    });
    expect(res.status()).toBe(202);
  }
  await reader.dispose();
  return source;
}

/**
 * Waits until the server counts the source's visit (signed in): the first views a server counts
 * wait for its day's salt and country data, which under CI's load took longer than the dashboard's
 * first read (it showed no visitors at all).
 */
async function counted(page: Page, source: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await (
            await page.request.get('/api/admin/analytics/breakdown?period=7d&dimension=source&pageSize=100')
          ).text()
        ).includes(source),
      { timeout: 60_000 },
    )
    .toBe(true);
}

test('the chart follows the period in UK style, a clicked row filters every card, and axe passes', async ({
  page,
  signIn,
  baseURL,
}) => {
  // Visits from a source of this run's own, counted as a reader's (no session).
  const source = await readerVisit(baseURL!, 'dash');
  await signIn({ by: 'api' });
  await counted(page, source);
  await page.goto('/admin?section=analytics');
  const sources = page.getByTestId('analytics-sources-card');
  await expect(sources.getByRole('button', { name: new RegExp(`^${source}`) })).toBeVisible({
    timeout: 15_000,
  });

  // A week by day: seven days, each once, as UK dates ('Sat 28 Nov 2026').
  const week = await steps(page);
  expect(week).toHaveLength(7);
  expect(new Set(week).size).toBe(7);
  for (const day of week) expect(day).toMatch(/^[A-Z][a-z]{2},? \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);

  // Today by hour on a 24-hour clock; a year by month.
  const period = page.getByTestId('analytics').locator('select');
  await period.selectOption('today');
  await expect.poll(async () => (await steps(page))[0]).toMatch(/, 00:00$/);
  await period.selectOption('12mo');
  // Waited for by what a step says, not how many there are: between 12:00 and 12:59 today has 13
  // hours, as many steps as a year has months. The 365 days ending today (UTC) touch 13 months,
  // or 12 on the day their first is the 1st (30 November in a year before no 29 February).
  await expect.poll(async () => (await steps(page))[0]).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  const today = new Date();
  const first = new Date(today.getTime() - 364 * 86_400_000);
  const months =
    today.getUTCFullYear() * 12 +
    today.getUTCMonth() -
    (first.getUTCFullYear() * 12 + first.getUTCMonth()) +
    1;
  expect(await steps(page)).toHaveLength(months);
  for (const month of await steps(page)) expect(month).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  // The period before, beside it.
  await page.getByLabel('Compare with the period before').check();
  await expect(page.getByTestId('analytics-chart-table').locator('thead')).toContainText(
    'Visitors, period before',
  );

  // The source's row filters the whole dashboard: one visitor, the three pages they read.
  await period.selectOption('7d');
  await sources.getByRole('button', { name: new RegExp(`^${source}`) }).click();
  await expect(page.getByTestId('analytics-filter')).toContainText(`Source is ${source}`);
  await expect(page.getByTestId('analytics-visitors')).toContainText(/^Visitors1/);
  await expect(page.getByTestId('analytics-pages-row')).toHaveCount(3);
  await expect(page.getByTestId('analytics-sources-row')).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.getByRole('button', { name: `Remove filter: Source is ${source}` }).click();
  await expect(page.getByTestId('analytics-filter')).toHaveCount(0);
});

test('cards have entry, exit and system tabs; filters stack as chips, live in the address, and Back takes the last off', async ({
  page,
  signIn,
  baseURL,
}) => {
  // One reader's visit (Linux, Firefox): in on the home page, out from the Academy.
  const source = await readerVisit(baseURL!, 'stack');
  await signIn({ by: 'api' });
  await counted(page, source);
  await page.goto('/admin?section=analytics');
  const sources = page.getByTestId('analytics-sources-card');
  const pages = page.getByTestId('analytics-pages-card');
  const devices = page.getByTestId('analytics-devices-card');
  await sources.getByRole('button', { name: new RegExp(`^${source}`) }).click({ timeout: 15_000 });
  const chips = page.getByTestId('analytics-filter-chip');
  await expect(chips).toHaveText([`Source is ${source}`]);
  await expect(page).toHaveURL(new RegExp(`[?&]source=${source}`));

  // Under that filter: the visit's entry, exit and operating system, each a tab of its card.
  await pages.getByRole('tab', { name: 'Entry pages' }).click();
  await expect(pages.getByTestId('analytics-entry-pages-row')).toHaveText(['/1']);
  await pages.getByRole('tab', { name: 'Exit pages' }).click();
  await expect(pages.getByTestId('analytics-exit-pages-row')).toHaveText(['/sparkai-academy1']);
  await devices.getByRole('tab', { name: 'Operating systems' }).click();
  await expect(devices.getByTestId('analytics-operating-systems-row')).toHaveText([/^Linux/]);

  // A second filter stacks on the first.
  await pages.getByRole('tab', { name: 'Pages', exact: true }).click();
  await pages.getByRole('button', { name: '/blog', exact: true }).click();
  await expect(chips).toHaveText([`Source is ${source}`, 'Page is /blog']);
  await expect(page).toHaveURL(/[?&]page=%2Fblog/);
  await expect(page.getByTestId('analytics-visitors')).toContainText(/^Visitors1/);

  // The address keeps them over a reload; Back takes the last one off.
  await page.reload();
  await expect(chips).toHaveText([`Source is ${source}`, 'Page is /blog']);
  await page.goBack();
  await expect(chips).toHaveText([`Source is ${source}`]);
  await expect(page.getByTestId('analytics-pages-row')).toHaveCount(3);
  await page.getByRole('button', { name: `Remove filter: Source is ${source}` }).click();
  await expect(page.getByTestId('analytics-filter')).toHaveCount(0);
});
