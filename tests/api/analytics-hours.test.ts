import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { analyticsJobs } from '../../src/server/domains/analytics';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// The chart's hours read as the other figures are: a rolled-up day's from its roll-up, today's from
// what the roll-up job folded in and the raw views after its mark. At every moment each hour's
// figures are what the raw views say: its distinct visitors and its views. Days and hours are UTC,
// so the UK's midnight under BST (23:00 UTC) is an hour's turn like any other, and the day turns at
// 00:00 UTC.
let t: TestApp;
let auth: { authorization: string };

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const A = { ua: FIREFOX, ip: '81.2.69.160' };
const B = { ua: IPHONE, ip: '8.8.8.8' };
const C = { ua: `${FIREFOX} c`, ip: '192.0.2.33' };
const D = { ua: `${IPHONE} d`, ip: '81.2.69.161' };

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function view(at: string, visitor: { ua: string; ip: string }, u: string) {
  t.setNow(new Date(at));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/view',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': visitor.ua },
    remoteAddress: visitor.ip,
    payload: JSON.stringify({ u }),
  });
  expect(res.statusCode).toBe(202);
  await t.deps.analytics.flush();
}

async function runJob(at: string) {
  t.setNow(new Date(at));
  await analyticsJobs(t.deps, { info: () => {} }).run(undefined as never);
}

async function read(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Point = { start: string; visitors: number; pageViews: number };

/** Each point as the raw views give it: the hour's distinct visitors and its views. */
async function rawPoints(points: Point[]): Promise<Point[]> {
  const rows = rowsOf<{ hour: string; visitors: number; page_views: number }>(
    await t.deps.db.execute(sql`
      select to_char(date_trunc('hour', at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as hour,
        count(distinct visitor)::int as visitors, count(*)::int as page_views
      from analytics_page_views group by 1`),
  );
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return points.map((p) => ({
    start: p.start,
    visitors: byHour.get(p.start)?.visitors ?? 0,
    pageViews: byHour.get(p.start)?.page_views ?? 0,
  }));
}

/** Today's hours, the day before's, and a week's by the hour, each against the raw views. */
async function expectRawHours() {
  const today = await read('/api/admin/analytics?period=today');
  expect(today.interval).toBe('hour');
  expect(today.points).toEqual(await rawPoints(today.points));
  expect(today.previousPoints).toHaveLength(24);
  expect(today.previousPoints).toEqual(await rawPoints(today.previousPoints));
  const week = await read('/api/admin/analytics?period=7d&interval=hour');
  expect(week.points).toEqual(await rawPoints(week.points));
  return today.points as Point[];
}

const hourRows = async (table: 'analytics_folded' | 'analytics_daily', day: string) =>
  rowsOf<{ value: string }>(
    await t.deps.db.execute(sql`
      select value from ${sql.identifier(table)} where dimension = 'hour' and day = ${day}::date order by 1`),
  ).map((r) => r.value);

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t));
});
afterAll(async () => {
  await t.close();
});

describe('the chart’s hours', () => {
  // 24 October 2026 is in BST: the UK's midnight is 23:00 UTC.
  const day = '2026-10-24';
  const next = '2026-10-25';

  it('are the raw views’ with views on both sides of the fold’s mark, across midnight and the roll-up', async () => {
    await view(`${day}T22:40:00Z`, A, '/');
    await view(`${day}T22:50:00Z`, B, '/blog');
    await view(`${day}T22:58:00Z`, A, '/blog');
    // Folded in up to 23:00; then views on either side of the UK's midnight.
    await runJob(`${day}T23:05:00Z`);
    expect(await hourRows('analytics_folded', day)).toEqual(['22']);
    await view(`${day}T23:02:00Z`, A, '/');
    await view(`${day}T23:10:00Z`, C, '/');
    await view(`${day}T23:14:00Z`, B, '/');
    let points = await expectRawHours();
    expect(points[22]).toEqual({ start: `${day}T22:00:00.000Z`, visitors: 2, pageViews: 3 });
    expect(points[23]).toEqual({ start: `${day}T23:00:00.000Z`, visitors: 3, pageViews: 3 });

    // Folded in up to 23:15, in the middle of the hour: A and B seen again after it.
    await runJob(`${day}T23:20:00Z`);
    await view(`${day}T23:16:00Z`, A, '/blog');
    await view(`${day}T23:40:00Z`, D, '/');
    await view(`${day}T23:50:00Z`, B, '/blog');
    points = await expectRawHours();
    expect(points[23]).toEqual({ start: `${day}T23:00:00.000Z`, visitors: 4, pageViews: 6 });

    // Past midnight, before the day is rolled up: yesterday from its fold and its raw views after.
    await view(`${day}T23:59:59Z`, D, '/blog');
    await view(`${next}T00:00:01Z`, D, '/');
    await view(`${next}T00:03:00Z`, A, '/');
    points = await expectRawHours();
    expect(points).toEqual([{ start: `${next}T00:00:00.000Z`, visitors: 2, pageViews: 2 }]);

    // Rolled up, hours and all; the new day folded in.
    await runJob(`${next}T00:10:00Z`);
    expect(await hourRows('analytics_daily', day)).toEqual(['22', '23']);
    expect(await hourRows('analytics_folded', day)).toEqual([]);
    await view(`${next}T00:11:00Z`, B, '/');
    await expectRawHours();
  });

  it('are counted from the raw views for a day rolled up or folded in before hours were, until the job rolls them up', async () => {
    await runJob(`${next}T00:30:00Z`);
    await view(`${next}T00:31:00Z`, C, '/');
    // As an older build left them: no hour rows in the roll-up, nor in the fold of today.
    await t.deps.db.execute(sql`delete from analytics_daily where dimension = 'hour'`);
    await t.deps.db.execute(sql`delete from analytics_folded where dimension = 'hour'`);
    await expectRawHours();
    // The next run takes today's hours from its start, and rolls up the hours of the kept days
    // rolled up without them.
    await runJob(`${next}T00:45:00Z`);
    expect(await hourRows('analytics_folded', next)).toEqual(['00']);
    expect(await hourRows('analytics_daily', day)).toEqual(['22', '23']);
    await view(`${next}T00:46:00Z`, A, '/blog');
    const points = await expectRawHours();
    expect(points[0]).toEqual({ start: `${next}T00:00:00.000Z`, visitors: 4, pageViews: 5 });
  });
});
