import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldViews, rollUpPastDays } from '../../src/server/domains/analytics';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// What a visit is told apart by besides its pages: the operating system its browser runs on, the
// page it came in on and the one it left from, and several filters at once over every figure.
let t: TestApp;
let auth: { authorization: string };

const UA = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** A visitor's pages, a minute apart from `at` (ISO, to the minute), the first with its referrer. */
async function visit(at: string, pages: string[], opts: { ua: string; ip: string; referrer?: string }) {
  for (const [i, u] of pages.entries()) {
    t.setNow(new Date(Date.parse(`${at}:00Z`) + i * 60_000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/view',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': opts.ua },
      remoteAddress: opts.ip,
      payload: JSON.stringify({ u, ...(i === 0 ? { r: opts.referrer ?? '' } : {}), w: 1366 }),
    });
    expect(res.statusCode).toBe(202);
  }
  await t.deps.analytics.flush();
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
const read = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rows = async (url: string) =>
  ((await read(url)) as { items: Array<{ value: string; visitors: number; pageViews: number }> }).items.map(
    (r) => [r.value, r.visitors, r.pageViews],
  );

/** Rows with as many visitors in the order of their names (databases sort equal figures' names by their collation). */
const byName = (table: Array<Array<string | number>>) =>
  [...table].sort(
    (a, b) => Number(b[1]) - Number(a[1]) || Number(b[2]) - Number(a[2]) || (a[0]! < b[0]! ? -1 : 1),
  );

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t));
});
afterAll(async () => {
  await t.close();
});

describe('operating systems', () => {
  const day = '2026-04-14';

  it('records the family from the browser, as a table, a filter and a file, and keeps it in the roll-up', async () => {
    await visit(`${day}T09:00`, ['/', '/blog'], { ua: UA.windows, ip: '81.2.69.160' });
    await visit(`${day}T09:10`, ['/'], { ua: UA.mac, ip: '81.2.69.161' });
    await visit(`${day}T09:20`, ['/blog'], { ua: UA.iphone, ip: '81.2.69.162' });
    await visit(`${day}T09:30`, ['/'], { ua: UA.android, ip: '81.2.69.163' });
    await visit(`${day}T09:40`, ['/'], { ua: UA.linux, ip: '81.2.69.164' });
    await visit(`${day}T09:50`, ['/'], { ua: UA.chromebook, ip: '81.2.69.165' });
    await visit(`${day}T09:55`, ['/'], {
      ua: 'Mozilla/5.0 (PlayStation 5 3.00) AppleWebKit',
      ip: '81.2.69.166',
    });
    // A view counted before the system was recorded.
    await t.deps.db.execute(sql`
      insert into analytics_page_views (at, day, visitor, path, source, campaign, country, device, browser)
      values ('2026-04-14T08:00:00Z', ${day}::date, 7, '/', 'Direct', null, 'GB', 'Desktop', 'Chrome')`);

    const expected = [
      ['Windows', 1, 2],
      ['Android', 1, 1],
      ['ChromeOS', 1, 1],
      ['Linux', 1, 1],
      ['Other', 1, 1],
      ['Unknown', 1, 1],
      ['iOS', 1, 1],
      ['macOS', 1, 1],
    ];
    expect(byName(await rows('/api/admin/analytics/breakdown?period=today&dimension=os'))).toEqual(expected);
    // Under a filter: the pages of the Windows visitor only.
    expect(
      await rows(
        '/api/admin/analytics/breakdown?period=today&dimension=page&filterBy=os&filterValue=Windows',
      ),
    ).toEqual([
      ['/', 1, 1],
      ['/blog', 1, 1],
    ]);
    const csv = await get('/api/admin/analytics/csv/operating-systems?period=today');
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual(['"os","visitors","page_views"', '"Windows","1","2"']);

    // The next day, from the roll-up.
    t.setNow(new Date('2026-04-15T12:00:00Z'));
    expect(await rollUpPastDays(t.deps.db, t.deps.clock())).toContain(day);
    expect(
      byName(await rows(`/api/admin/analytics/breakdown?period=custom&from=${day}&to=${day}&dimension=os`)),
    ).toEqual(expected);
  });
});

describe('entry and exit pages', () => {
  const day = '2026-04-20';
  const entries = (query: string) => rows(`/api/admin/analytics/breakdown?${query}&dimension=entry`);
  const exits = (query: string) => rows(`/api/admin/analytics/breakdown?${query}&dimension=exit`);

  it('are the first and the last page of each visitor’s day, through the folds, the filters, the roll-up and the file', async () => {
    const A = { ua: UA.windows, ip: '81.2.69.170', referrer: 'https://www.google.com/' };
    const B = { ua: UA.iphone, ip: '81.2.69.171' };
    await visit(`${day}T09:00`, ['/', '/blog'], A);
    await visit(`${day}T09:05`, ['/blog'], B);
    expect(await entries('period=today')).toEqual([
      ['/', 1, 1],
      ['/blog', 1, 1],
    ]);
    expect(await exits('period=today')).toEqual([['/blog', 2, 2]]);

    // Folded in up to five minutes before now; then A goes on to a third page, leaving from there.
    t.setNow(new Date(`${day}T09:30:00Z`));
    await foldViews(t.deps.db, t.deps.clock());
    await visit(`${day}T09:40`, ['/sparkai-academy'], A);
    expect(await entries('period=today')).toEqual([
      ['/', 1, 1],
      ['/blog', 1, 1],
    ]);
    expect(await exits('period=today')).toEqual([
      ['/blog', 1, 1],
      ['/sparkai-academy', 1, 1],
    ]);
    // And folded again: the same.
    t.setNow(new Date(`${day}T10:00:00Z`));
    await foldViews(t.deps.db, t.deps.clock());
    expect(await exits('period=today')).toEqual([
      ['/blog', 1, 1],
      ['/sparkai-academy', 1, 1],
    ]);

    // Filtered by its entry: A's day, all three pages; and A's entry among Google's visitors.
    const byEntry = 'period=today&filterBy=entry&filterValue=%2F';
    expect(await rows(`/api/admin/analytics/breakdown?${byEntry}&dimension=page`)).toEqual([
      ['/', 1, 1],
      ['/blog', 1, 1],
      ['/sparkai-academy', 1, 1],
    ]);
    expect(await exits('period=today&filterBy=source&filterValue=Google')).toEqual([
      ['/sparkai-academy', 1, 1],
    ]);
    // Visitors who read /blog: both, each with their own entry.
    expect(await entries('period=today&filterBy=page&filterValue=%2Fblog')).toEqual([
      ['/', 1, 1],
      ['/blog', 1, 1],
    ]);

    const csv = await get('/api/admin/analytics/csv/exit-pages?period=today');
    expect(csv.body).toBe(
      '"exit","visitors","page_views"\r\n"/blog","1","1"\r\n"/sparkai-academy","1","1"\r\n',
    );

    // The next day, from the roll-up: the same.
    t.setNow(new Date('2026-04-21T12:00:00Z'));
    expect(await rollUpPastDays(t.deps.db, t.deps.clock())).toContain(day);
    const period = `period=custom&from=${day}&to=${day}`;
    expect(await entries(period)).toEqual([
      ['/', 1, 1],
      ['/blog', 1, 1],
    ]);
    expect(await exits(period)).toEqual([
      ['/blog', 1, 1],
      ['/sparkai-academy', 1, 1],
    ]);
  });
});

describe('several filters at once', () => {
  const day = '2026-04-25';

  it('narrow every figure to the visitors answering them all, filterBy still answering beside them', async () => {
    const google = 'https://www.google.com/';
    await visit(`${day}T09:00`, ['/', '/blog'], { ua: UA.windows, ip: '81.2.69.180', referrer: google });
    await visit(`${day}T09:10`, ['/'], { ua: UA.mac, ip: '81.2.69.181', referrer: google });
    await visit(`${day}T09:20`, ['/blog'], { ua: UA.linux, ip: '81.2.69.182' });

    const both = 'period=today&filters=source%3AGoogle&filters=page%3A%2Fblog';
    const overview = await read(`/api/admin/analytics?${both}`);
    expect(overview.totals).toEqual({ visitors: 1, pageViews: 1 });
    expect(overview.filter).toMatchObject({
      by: 'source',
      value: 'Google',
      filters: [
        { by: 'source', value: 'Google' },
        { by: 'page', value: '/blog' },
      ],
      conversionsFiltered: true,
    });
    expect(await rows(`/api/admin/analytics/breakdown?${both}&dimension=page`)).toEqual([['/blog', 1, 1]]);
    expect(await rows(`/api/admin/analytics/breakdown?${both}&dimension=entry`)).toEqual([['/', 1, 1]]);
    // One alone: Google's two visitors; the old pair of parameters is one more filter.
    expect((await read('/api/admin/analytics?period=today&filters=source%3AGoogle')).totals.visitors).toBe(2);
    const mixed = await read(
      '/api/admin/analytics?period=today&filterBy=os&filterValue=macOS&filters=source%3AGoogle',
    );
    expect(mixed.totals).toEqual({ visitors: 1, pageViews: 1 });
    expect(mixed.filter.filters).toEqual([
      { by: 'os', value: 'macOS' },
      { by: 'source', value: 'Google' },
    ]);
    expect(mixed.filter.conversionsFiltered).toBe(false);
    const csv = await get(`/api/admin/analytics/csv/operating-systems?${both}`);
    expect(csv.body).toBe('"os","visitors","page_views"\r\n"Windows","1","1"\r\n');

    // Two of one dimension, or not dimension:value: a 400 saying so.
    const bad = async (query: string) => {
      const res = await get(`/api/admin/analytics?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('period=today&filters=source%3AGoogle&filterBy=source&filterValue=Bing')).toMatch(
      /One filter a dimension/,
    );
    expect(await bad('period=today&filters=colour%3Ablue')).toMatch(/dimension:value/);
    expect(
      (await get('/api/admin/analytics/conversions?period=today&by=page&filters=os%3AmacOS')).statusCode,
    ).toBe(400);
  });
});
