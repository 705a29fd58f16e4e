import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpPastDays } from '../../src/server/domains/analytics';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// The dashboard's reads as Plausible's are: the chart by the hour, day or month as the period asks,
// the period before step by step, every figure under a filter (a page, source, country...) clicked
// in any table, and every table in one download.
let t: TestApp;
let auth: { authorization: string };

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** A UK address in the GeoLite2 data; a US one. */
const UK = '81.2.69.160';
const US = '8.8.8.8';
const TODAY = '2026-05-20';

async function visit(at: string, pages: string[], opts: { ua?: string; ip: string; referrer?: string }) {
  for (const [i, u] of pages.entries()) {
    t.setNow(new Date(`${at.slice(0, 16)}:${String(i).padStart(2, '0')}Z`));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/view',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': opts.ua ?? FIREFOX },
      remoteAddress: opts.ip,
      payload: JSON.stringify({ u, ...(i === 0 && opts.referrer ? { r: opts.referrer } : {}), w: 1366 }),
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
const values = (page: { items: Array<{ value: string; visitors: number; pageViews: number }> }) =>
  page.items.map((r) => [r.value, r.visitors, r.pageViews]);

/** The files of a ZIP archive by name, read from its central directory as an unzipper does. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    files.set(name, inflateRawSync(zip.subarray(dataAt, dataAt + size)).toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t));
  // Two days back, rolled up: the period before of Today, and days of the week.
  await visit('2026-05-18T09:10', ['/', '/blog'], { ip: UK, referrer: 'https://www.google.com/' });
  await visit('2026-05-19T20:30', ['/'], { ip: US, ua: IPHONE });
  // Today: a Google visitor from the UK who reads two pages at 09:xx, a Newsletter one from the US
  // at 14:xx, and a direct one on a phone at 14:xx.
  await visit(`${TODAY}T09:05`, ['/', '/blog', '/blog'], { ip: UK, referrer: 'https://www.google.co.uk/' });
  await visit(`${TODAY}T14:20`, ['/blog?utm_source=herts-weekly&utm_medium=email'], { ip: US });
  await visit(`${TODAY}T14:40`, ['/sparkai-academy'], { ip: '81.2.69.161', ua: IPHONE });
  t.setNow(new Date(`${TODAY}T15:30:00Z`));
  await rollUpPastDays(t.deps.db, t.deps.clock());
});
afterAll(async () => {
  await t.close();
});

describe('the chart’s steps', () => {
  it('are hours for Today, up to this hour, with the day before’s 24 hours beside them', async () => {
    const today = await read('/api/admin/analytics?period=today');
    expect(today.interval).toBe('hour');
    expect(today.points).toHaveLength(16);
    expect(today.points[0].start).toBe(`${TODAY}T00:00:00.000Z`);
    expect(today.points.at(-1).start).toBe(`${TODAY}T15:00:00.000Z`);
    expect(today.points[9]).toEqual({ start: `${TODAY}T09:00:00.000Z`, visitors: 1, pageViews: 3 });
    expect(today.points[14]).toEqual({ start: `${TODAY}T14:00:00.000Z`, visitors: 2, pageViews: 2 });
    expect(today.previousPoints).toHaveLength(24);
    expect(today.previousPoints[20]).toEqual({
      start: '2026-05-19T20:00:00.000Z',
      visitors: 1,
      pageViews: 1,
    });
    // The days stay as they were for clients that read them.
    expect(today.series).toEqual([{ day: TODAY, visitors: 3, pageViews: 5 }]);
  });

  it('are days for a week or a month and months for a year, each month its days’ sum', async () => {
    const week = await read('/api/admin/analytics?period=7d');
    expect(week.interval).toBe('day');
    expect(week.points.map((p: { start: string }) => p.start)).toEqual(
      week.series.map((d: { day: string }) => d.day),
    );
    expect(week.points.slice(-3).map((p: { visitors: number }) => p.visitors)).toEqual([1, 1, 3]);
    const year = await read('/api/admin/analytics?period=12mo');
    expect(year.interval).toBe('month');
    expect(year.points).toHaveLength(13);
    expect(year.points[0].start).toBe('2025-05');
    expect(year.points.at(-1)).toEqual({ start: '2026-05', visitors: 5, pageViews: 8 });
    expect(year.previousPoints).toHaveLength(13);
  });

  it('can be asked for, hours up to a week of the last 30 days', async () => {
    expect((await read('/api/admin/analytics?period=7d&interval=month')).points).toHaveLength(1);
    const hours = await read('/api/admin/analytics?period=7d&interval=hour');
    expect(hours.points).toHaveLength(6 * 24 + 16);
    for (const url of [
      '/api/admin/analytics?period=30d&interval=hour',
      '/api/admin/analytics?period=custom&from=2026-01-01&to=2026-01-01&interval=hour',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/by the hour/);
    }
    expect((await get('/api/admin/analytics?period=7d&interval=minute')).statusCode).toBe(400);
  });
});

describe('a filter', () => {
  it('answers every figure for the visitors of a source: their pages, countries and chart', async () => {
    const q = 'period=7d&filterBy=source&filterValue=Google';
    const overview = await read(`/api/admin/analytics?${q}`);
    expect(overview.totals).toEqual({ visitors: 2, pageViews: 5 });
    expect(overview.filter).toEqual({
      by: 'source',
      value: 'Google',
      filters: [{ by: 'source', value: 'Google' }],
      coveredFrom: '2026-05-14',
      previousCoveredFrom: '2026-05-07',
      conversionsFiltered: true,
    });
    // Their views after the first carry no source: they are the visitor's all the same.
    const pages = await read(`/api/admin/analytics/breakdown?${q}&dimension=page`);
    expect(values(pages)).toEqual([
      ['/blog', 2, 3],
      ['/', 2, 2],
    ]);
    const countries = await read(`/api/admin/analytics/breakdown?${q}&dimension=country`);
    expect(values(countries)).toEqual([['GB', 2, 5]]);
    const hours = await read(`/api/admin/analytics?period=today&filterBy=source&filterValue=Google`);
    expect(hours.points[9].visitors).toBe(1);
    expect(hours.points[14].visitors).toBe(0);
  });

  it('of a page counts that page’s views alone, and its visitors’ sources', async () => {
    const q = 'period=today&filterBy=page&filterValue=%2Fblog';
    expect((await read(`/api/admin/analytics?${q}`)).totals).toEqual({ visitors: 2, pageViews: 3 });
    expect(values(await read(`/api/admin/analytics/breakdown?${q}&dimension=page`))).toEqual([
      ['/blog', 2, 3],
    ]);
    const sources = await read(`/api/admin/analytics/breakdown?${q}&dimension=source`);
    expect(values(sources).map((r) => r[0])).toEqual(['Google', 'Newsletter']);
  });

  it('of a country or device leaves the conversions whole, saying so, and refuses their table', async () => {
    const overview = await read('/api/admin/analytics?period=today&filterBy=device&filterValue=Mobile');
    expect(overview.totals).toEqual({ visitors: 1, pageViews: 1 });
    expect(overview.filter.conversionsFiltered).toBe(false);
    expect(overview.conversionRate).toBeNull();
    const res = await get(
      '/api/admin/analytics/conversions?period=today&by=source&filterBy=country&filterValue=GB',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cannot be filtered by country/);
    const bySource = await read(
      '/api/admin/analytics/conversions?period=today&by=source&filterBy=source&filterValue=Google',
    );
    expect(bySource.items).toEqual([]);
  });

  it('covers the days whose views are kept, and wants both its parts', async () => {
    const year = await read('/api/admin/analytics?period=12mo&filterBy=country&filterValue=US');
    expect(year.totals.visitors).toBe(2);
    expect(year.filter.coveredFrom).toBe('2026-04-20');
    expect(year.filter.previousCoveredFrom).toBeNull();
    for (const q of ['filterBy=page', 'filterValue=%2F', 'filterBy=colour&filterValue=red']) {
      const res = await get(`/api/admin/analytics?period=7d&${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('the export', () => {
  it('is every table in one ZIP, filtered as the screen is, to admins only', async () => {
    const url = '/api/admin/analytics/export?period=7d';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2026-05-14-2026-05-20.zip"',
    );
    const files = unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(
      [
        'daily',
        'pages',
        'sources',
        'campaigns',
        'countries',
        'devices',
        'browsers',
        'operating-systems',
        'entry-pages',
        'exit-pages',
        'conversions-by-source',
        'conversions-by-page',
      ].map((table) => `analytics-${table}-2026-05-14-2026-05-20.csv`),
    );
    const countries = files.get('analytics-countries-2026-05-14-2026-05-20.csv')!;
    expect(countries.split('\r\n')[0]).toBe('"country","country_name","visitors","page_views"');
    expect(countries).toContain('"GB","United Kingdom","3","6"');

    const filtered = unzip((await get(`${url}&filterBy=device&filterValue=Mobile`)).rawPayload);
    expect(filtered.size).toBe(10);
    expect(filtered.get('analytics-pages-2026-05-14-2026-05-20.csv')).toBe(
      '"page","visitors","page_views"\r\n"/","1","1"\r\n"/sparkai-academy","1","1"\r\n',
    );
    // Each table still comes alone, filtered too.
    const csv = await get('/api/admin/analytics/csv/countries?period=7d&filterBy=source&filterValue=Google');
    expect(csv.body).toBe(
      '"country","country_name","visitors","page_views"\r\n"GB","United Kingdom","2","5"\r\n',
    );
    expect((await get('/api/admin/analytics/export?period=custom')).statusCode).toBe(400);
  });
});
