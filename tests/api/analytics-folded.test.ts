import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { analyticsJobs, foldViews } from '../../src/server/domains/analytics';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// Today folded in by the roll-up job a step at a time, and whole months read from their sums: what
// the owner sees is, at every moment, what the raw views say (each day's distinct visitors, summed
// over the period's days), across an hour's turn, a fold in the middle of a visit, midnight and a
// month's end.
let t: TestApp;
let auth: { authorization: string };

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Four visitors: two UK addresses, a US one and one with no country. */
const A = { ua: FIREFOX, ip: '81.2.69.160' };
const B = { ua: IPHONE, ip: '8.8.8.8' };
const C = { ua: `${FIREFOX} c`, ip: '192.0.2.33' };
const D = { ua: CHROME, ip: '81.2.69.161' };

/** A view's page when no view of the same visitor that day comes `than` it (by time, then page). */
function visitEnd(than: '<' | '>') {
  const view = 'analytics_page_views';
  return `case when not exists (select 1 from ${view} e where e.day = ${view}.day and e.visitor = ${view}.visitor
    and (e.at, e.path) ${than} (${view}.at, ${view}.path)) then path end`;
}

/** What a dimension is of a raw view, written out here as the owner's figures mean it. */
const COLUMNS = {
  page: 'path',
  source: 'source',
  campaign: 'campaign',
  country: "coalesce(country, 'Unknown')",
  device: 'device',
  browser: 'browser',
  os: 'os',
  // A visit's first view's page, and its last's: the one view of the visitor's day none comes before (after).
  entry: visitEnd('<'),
  exit: visitEnd('>'),
} as const;
type Dimension = keyof typeof COLUMNS;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A page view at `at` (ISO) from a visitor; `r` as the page sends it (left out inside the site). */
async function view(at: string, visitor: { ua: string; ip: string }, u: string, r?: string) {
  t.setNow(new Date(at));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/view',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': visitor.ua },
    remoteAddress: visitor.ip,
    payload: JSON.stringify(r === undefined ? { u } : { u, r }),
  });
  expect(res.statusCode).toBe(202);
  await t.deps.analytics.flush();
}

/** The roll-up job as the schedule runs it, at `at`. */
async function runJob(at: string) {
  t.setNow(new Date(at));
  await analyticsJobs(t.deps, { info: () => {} }).run(undefined as never);
}

async function read(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A dimension's values over the days from..to straight from the raw views, in the dashboard's order. */
async function rawBreakdown(dimension: Dimension, from: string, to: string) {
  const rows = rowsOf<{ value: string; visitors: number; page_views: number }>(
    await t.deps.db.execute(sql`
      select value, sum(visitors)::int as visitors, sum(page_views)::int as page_views from (
        select day, ${sql.raw(COLUMNS[dimension])} as value, count(distinct visitor) as visitors,
          count(*) as page_views
        from analytics_page_views where day between ${from}::date and ${to}::date group by 1, 2) d
      where value is not null group by value order by 2 desc, 3 desc, 1`),
  );
  return rows.map((r) => ({
    value: r.value,
    visitors: r.visitors,
    pageViews: r.page_views,
    ...(dimension === 'source' ? { kind: expect.any(String) } : {}),
  }));
}

/** Each day's distinct visitors and views from the raw views. */
async function rawDays(from: string, to: string) {
  return rowsOf<{ day: string; visitors: number; page_views: number }>(
    await t.deps.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, count(distinct visitor)::int as visitors, count(*)::int as page_views
      from analytics_page_views where day between ${from}::date and ${to}::date group by day order by day`),
  ).map((r) => ({ day: r.day, visitors: r.visitors, pageViews: r.page_views }));
}

/** Every table of the dashboard for a period, and the pages CSV, against the raw views of its days. */
async function expectRawFigures(query: string, from: string, to: string) {
  const overview = await read(`/api/admin/analytics?${query}`);
  const days = await rawDays(from, to);
  expect(overview.series.filter((d: { pageViews: number }) => d.pageViews > 0)).toEqual(days);
  expect(overview.totals).toEqual({
    visitors: days.reduce((n, d) => n + d.visitors, 0),
    pageViews: days.reduce((n, d) => n + d.pageViews, 0),
  });
  for (const dimension of Object.keys(COLUMNS) as Dimension[]) {
    const shown = await read(`/api/admin/analytics/breakdown?${query}&dimension=${dimension}&pageSize=100`);
    const expected = await rawBreakdown(dimension, from, to);
    expect(shown.items, `${dimension} over ${query}`).toEqual(expected);
    expect(shown.total).toBe(expected.length);
    const pastTheEnd = await read(`/api/admin/analytics/breakdown?${query}&dimension=${dimension}&page=9`);
    expect(pastTheEnd.total).toBe(expected.length);
  }
  const csv = await t.app.inject({
    method: 'GET',
    url: `/api/admin/analytics/csv/pages?${query}`,
    headers: auth,
  });
  expect(csv.statusCode).toBe(200);
  const pages = await rawBreakdown('page', from, to);
  expect(csv.body).toBe(
    ['"page","visitors","page_views"', ...pages.map((p) => `"${p.value}","${p.visitors}","${p.pageViews}"`)]
      .map((line) => `${line}\r\n`)
      .join(''),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t));
});
afterAll(async () => {
  await t.close();
});

describe('today folded in by the roll-up job', () => {
  const today = 'period=today';
  const day = '2026-05-20';

  it('shows the raw views’ figures before a fold, after one in the middle of visits, across the hour and after the next', async () => {
    await view(`${day}T09:40:00Z`, A, '/', 'https://www.google.co.uk/');
    await view(`${day}T09:41:00Z`, A, '/blog');
    await view(`${day}T09:55:00Z`, B, '/blog?utm_campaign=spring', '');
    await expectRawFigures(today, day, day);

    // A view stored under a name sources.ts did not know then: regrouped by the job below.
    await t.deps.db.execute(sql`
      insert into analytics_page_views (at, day, visitor, path, source, campaign, country, device, browser)
      values ('2026-05-20T09:45:00Z', ${day}::date, 42, '/', 'm.facebook.com', null, 'GB', 'Mobile', 'Safari')`);
    // Folded in up to five minutes ago, 09:57, the Facebook view under its stored name.
    t.setNow(new Date(`${day}T10:02:00Z`));
    expect(await foldViews(t.deps.db, t.deps.clock())).toBeGreaterThan(0);
    await view(`${day}T09:59:30Z`, C, '/', 'https://www.bing.com/');
    // After the hour's turn: A and B again (seen before the mark for some values, not others).
    await view(`${day}T10:01:00Z`, A, '/blog');
    await view(`${day}T10:01:30Z`, A, '/sparkai-academy');
    await view(`${day}T10:03:00Z`, B, '/', '');
    await view(`${day}T10:04:00Z`, D, '/blog', '');
    await expectRawFigures(today, day, day);

    await runJob(`${day}T10:20:00Z`);
    const marks = rowsOf<{ n: number; until: string }>(
      await t.deps.db.execute(sql`
        select count(*)::int as n, to_char(min(until) at time zone 'UTC', 'HH24:MI') as until
        from analytics_folded_until where day = ${day}::date`),
    );
    expect(marks).toEqual([{ n: 10, until: '10:15' }]);
    await view(`${day}T10:30:00Z`, C, '/blog');
    await view(`${day}T10:31:00Z`, B, '/sparkai-academy');
    await expectRawFigures(today, day, day);
    const sources = await read(`/api/admin/analytics/breakdown?${today}&dimension=source`);
    expect(sources.items.map((r: { value: string }) => r.value)).not.toContain('m.facebook.com');

    await runJob(`${day}T10:40:00Z`);
    await expectRawFigures(today, day, day);
  });

  it('hands today over to the daily roll-up after midnight, and reads whole months from their sums', async () => {
    await view('2026-05-31T23:58:00Z', A, '/', 'https://www.google.co.uk/');
    await runJob('2026-05-31T23:59:00Z');
    await view('2026-05-31T23:59:59Z', D, '/', '');
    await view('2026-06-01T00:00:01Z', D, '/blog');
    await view('2026-06-01T00:02:00Z', A, '/', '');
    await expectRawFigures(today, '2026-06-01', '2026-06-01');
    await runJob('2026-06-01T00:10:00Z');
    await expectRawFigures(today, '2026-06-01', '2026-06-01');
    await expectRawFigures('period=7d', '2026-05-26', '2026-06-01');
    await expectRawFigures('period=custom&from=2026-05-20&to=2026-06-01', '2026-05-20', '2026-06-01');

    await view('2026-06-02T09:00:00Z', B, '/blog', '');
    await runJob('2026-06-02T10:00:00Z');
    await view('2026-06-02T10:00:30Z', B, '/', '');
    // May whole from its month's rows, 1 and 2 June by day.
    await expectRawFigures('period=custom&from=2026-05-01&to=2026-06-02', '2026-05-01', '2026-06-02');
    await expectRawFigures('period=12mo', '2025-06-03', '2026-06-02');
    await expectRawFigures('period=custom&from=2026-04-01&to=2026-05-31', '2026-04-01', '2026-05-31');
  });
});
