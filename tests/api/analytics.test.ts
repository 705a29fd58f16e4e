import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/server/config';
import {
  createAnalyticsRecorder,
  createSitePages,
  MAX_BATCH,
  openAnalyticsRecorder,
  pruneAnalytics,
  recordPagesOf,
  regroupSources,
  rollUpPastDays,
} from '../../src/server/domains/analytics';
import { buildTestApp, createAppOn, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { answered } from '../helpers/challenge';
import { NEWSLETTER_QUEUE } from '../../src/server/domains/newsletter/index';

// Visitor figures counted on the site itself, without cookies: the beacon, the daily visitor hash,
// bots and prefetches left out, sources, countries, conversions, the roll-up and the owner's reads.
let t: TestApp;
let auth: { authorization: string };
/** The signed-in admin's session cookie, as their browser sends it with every request. */
let sessionCookie: string;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A UK address in the GeoLite2 data; a US one. */
const UK_ADDRESS = '81.2.69.160';
const US_ADDRESS = '8.8.8.8';

const beacon = (body: unknown, opts: { ua?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/view',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': opts.ua ?? FIREFOX,
      ...opts.headers,
    },
    remoteAddress: opts.ip ?? UK_ADDRESS,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const read = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth, cookie: sessionCookie } = await signedInAdmin(t));
  t.setNow(new Date('2026-03-10T10:00:00Z'));
});
afterAll(async () => {
  await t.close();
});

describe('the page-view beacon', () => {
  it('answers 202, sets no cookie, and counts a visitor once a day across pages', async () => {
    const first = await beacon({ u: '/blog?utm_source=google', r: 'https://www.google.co.uk/', w: 1366 });
    expect(first.statusCode).toBe(202);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await beacon({ u: '/' })).statusCode).toBe(202);
    expect(
      (await beacon({ u: '/blog', r: 'https://news.example.org/story' }, { ua: IPHONE, ip: US_ADDRESS }))
        .statusCode,
    ).toBe(202);
    await t.deps.analytics.flush();

    const overview = await read('/api/admin/analytics?period=today');
    expect(overview.totals).toEqual({ visitors: 2, pageViews: 3 });
    expect(overview.series).toEqual([{ day: '2026-03-10', visitors: 2, pageViews: 3 }]);
    expect(overview.previousPeriod).toEqual({ from: '2026-03-09', to: '2026-03-09' });

    const pages = await read('/api/admin/analytics/breakdown?period=today&dimension=page');
    expect(pages.items).toEqual([
      { value: '/blog', visitors: 2, pageViews: 2 },
      { value: '/', visitors: 1, pageViews: 1 },
    ]);
    expect(pages.total).toBe(2);
    const sources = await read('/api/admin/analytics/breakdown?period=today&dimension=source');
    expect(sources.items).toEqual(
      expect.arrayContaining([
        { value: 'Google', visitors: 1, pageViews: 1, kind: 'search' },
        { value: 'news.example.org', visitors: 1, pageViews: 1, kind: 'referral' },
      ]),
    );
    const countries = await read('/api/admin/analytics/breakdown?period=today&dimension=country');
    expect(countries.items).toEqual(
      expect.arrayContaining([
        { value: 'GB', visitors: 1, pageViews: 2 },
        { value: 'US', visitors: 1, pageViews: 1 },
      ]),
    );
    const devices = await read('/api/admin/analytics/breakdown?period=today&dimension=device');
    expect(devices.items.map((r: { value: string }) => r.value).sort()).toEqual(['Desktop', 'Mobile']);
    const browsers = await read('/api/admin/analytics/breakdown?period=today&dimension=browser');
    expect(browsers.items.map((r: { value: string }) => r.value).sort()).toEqual(['Firefox', 'Safari']);
    expect((await read('/api/admin/analytics/live')).visitors).toBe(2);
  });

  it('stores no address, user agent or referrer path', async () => {
    const rows = await t.deps.db.execute(sql`select * from analytics_page_views`);
    const text = JSON.stringify((rows as unknown as { rows?: unknown[] }).rows ?? rows, (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    );
    expect(text).not.toContain(UK_ADDRESS);
    expect(text).not.toContain(US_ADDRESS);
    expect(text).not.toContain('Mozilla');
    expect(text).not.toContain('/story');
  });

  it('does not count bots, prefetches or the admin pages', async () => {
    const before = (await read('/api/admin/analytics?period=today')).totals;
    expect((await beacon({ u: '/' }, { ua: GOOGLEBOT })).statusCode).toBe(202);
    expect((await beacon({ u: '/' }, { headers: { 'sec-purpose': 'prefetch' } })).statusCode).toBe(202);
    expect((await beacon({ u: '/admin' })).statusCode).toBe(202);
    await t.deps.analytics.flush();
    expect((await read('/api/admin/analytics?period=today')).totals).toEqual(before);
  });

  it('leaves the public reads in the response cache (a beacon changes none of them)', async () => {
    await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect((await beacon({ u: '/' })).statusCode).toBe(202);
    const again = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(again.headers['x-cache']).toBe('hit');
  });

  it('refuses what is not a beacon with a clear 400', async () => {
    for (const body of ['not json', '{"u": "https://elsewhere.example/"}', '{}']) {
      const res = await beacon(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/JSON/);
    }
    expect((await beacon({ u: `/${'x'.repeat(2000)}` })).statusCode).toBe(413);
  });

  it('counts newsletters and campaigns from UTM parameters', async () => {
    await beacon(
      { u: '/?utm_source=hitchin-weekly&utm_medium=email&utm_campaign=spring-offer' },
      { ip: '192.0.2.10' },
    );
    await t.deps.analytics.flush();
    const sources = await read('/api/admin/analytics/breakdown?period=today&dimension=source');
    expect(sources.items).toContainEqual({
      value: 'Newsletter',
      visitors: 1,
      pageViews: 1,
      kind: 'newsletter',
    });
    const campaigns = await read('/api/admin/analytics/breakdown?period=today&dimension=campaign');
    expect(campaigns.items).toEqual([{ value: 'spring-offer', visitors: 1, pageViews: 1 }]);
  });
});

describe('conversions', () => {
  it('credits a signup and an enquiry to the visit’s source and last page', async () => {
    const visitor = { ua: IPHONE, ip: '192.0.2.55' };
    await beacon({ u: '/', r: 'https://www.bing.com/' }, visitor);
    t.setNow(new Date('2026-03-10T10:05:00Z'));
    await beacon({ u: '/sparkai-academy' }, visitor);
    await t.deps.analytics.flush();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'user-agent': IPHONE },
      remoteAddress: visitor.ip,
      payload: { email: 'reader@example.co.uk' },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'user-agent': FIREFOX },
      remoteAddress: '192.0.2.77',
      payload: await answered(t.app, {
        name: 'Ed Enquirer',
        email: 'ed@example.co.uk',
        subject: 'Adverts',
        message: 'How much is a half page?',
        type: 'advertising',
      }),
    });
    expect(enquiry.statusCode, enquiry.body).toBe(200);
    await t.deps.analytics.flush();

    const overview = await read('/api/admin/analytics?period=today');
    expect(overview.conversions).toEqual({
      newsletter_signup: 1,
      enquiry: 1,
      workshop_reservation: 0,
      checkout: 0,
    });
    // The enquiry came with no counted visit before it: apart, and out of the rates.
    expect(overview.conversionsWithoutVisit).toBe(1);
    expect(overview.conversionRate).toBe(Math.round((1 / overview.totals.visitors) * 10_000) / 10_000);
    // One signup after a visit, one enquiry with none.
    const signupRow = (value: string, visitors: number) => ({
      value,
      newsletter_signup: 1,
      enquiry: 0,
      workshop_reservation: 0,
      checkout: 0,
      total: 1,
      visitors,
      conversionRate: Math.round((1 / visitors) * 10_000) / 10_000,
    });
    const noVisit = {
      value: 'No visit',
      newsletter_signup: 0,
      enquiry: 1,
      workshop_reservation: 0,
      checkout: 0,
      total: 1,
      visitors: null,
      conversionRate: null,
    };
    const bySource = await read('/api/admin/analytics/conversions?period=today&by=source');
    expect(bySource.items).toEqual([signupRow('Bing', 1), noVisit]);
    const byPage = await read('/api/admin/analytics/conversions?period=today&by=page');
    const academyVisitors = (
      await read('/api/admin/analytics/breakdown?period=today&dimension=page')
    ).items.find((r: { value: string }) => r.value === '/sparkai-academy').visitors;
    expect(byPage.items).toEqual([signupRow('/sparkai-academy', academyVisitors), noVisit]);
  });
});

describe('the roll-up and the owner’s reads', () => {
  it('rolls past days up, keeps the figures, and prunes raw views after 30 days', async () => {
    const before = await read('/api/admin/analytics?period=custom&from=2026-03-10&to=2026-03-10');
    t.setNow(new Date('2026-03-11T09:00:00Z'));
    expect(await rollUpPastDays(t.deps.db, t.deps.clock())).toEqual(['2026-03-10']);
    expect(await rollUpPastDays(t.deps.db, t.deps.clock())).toEqual([]);
    const after = await read('/api/admin/analytics?period=7d');
    expect(after.totals).toEqual(before.totals);
    expect(after.series.at(-2)).toEqual({
      day: '2026-03-10',
      visitors: before.totals.visitors,
      pageViews: before.totals.pageViews,
    });
    const pages = await read('/api/admin/analytics/breakdown?period=7d&dimension=page&pageSize=1');
    expect(pages.items).toHaveLength(1);
    expect(pages.total).toBe(3);
    // A visit today by the same browser and address is a new visitor: yesterday's salt is gone.
    await beacon({ u: '/' });
    await t.deps.analytics.flush();
    const salts = await t.deps.db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_salts`);
    expect(((salts as unknown as { rows?: unknown[] }).rows ?? salts) as unknown[]).toEqual([
      { day: '2026-03-11' },
    ]);

    t.setNow(new Date('2026-04-12T09:00:00Z'));
    const pruned = await pruneAnalytics(t.deps.db, t.deps.clock());
    expect(pruned.views).toBeGreaterThan(0);
    const year = await read('/api/admin/analytics?period=12mo');
    expect(year.totals.visitors).toBe(before.totals.visitors + 1);
  });

  it('gives every table as CSV, to admins only', async () => {
    const url = '/api/admin/analytics/csv/pages?period=custom&from=2026-03-01&to=2026-03-31';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n')[0]).toBe('"page","visitors","page_views"');
    expect(res.body).toContain('"/blog","2","2"');
    const conv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/csv/conversions-by-source?period=custom&from=2026-03-01&to=2026-03-31',
      headers: auth,
    });
    expect(conv.body).toContain('"Bing","1","0","0","0","1","1","1"');
    expect(conv.body).toContain('"No visit","0","1","0","0","1","",""');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/analytics/csv/nope', headers: auth })).statusCode,
    ).toBe(404);
  });

  it('is admin-only and refuses a bad period', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics?period=custom',
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/from and to/);
  });
});

describe('what a counted view keeps of its moment', () => {
  it('is the moment to the millisecond and its UTC day, on either side of midnight', async () => {
    const moments = ['2026-12-31T23:59:59.987Z', '2027-01-01T00:00:00.004Z', '2026-12-31T12:00:00.500Z'];
    for (const [i, moment] of moments.entries()) {
      t.setNow(new Date(moment));
      expect((await beacon({ u: `/?utm_campaign=moment-${i}` })).statusCode).toBe(202);
    }
    await t.deps.analytics.flush();
    const result = await t.deps.db.execute(sql`
      select campaign, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, day::text as day
      from analytics_page_views where campaign like 'moment-%' order by campaign`);
    const rows = (result as unknown as { rows?: unknown[] }).rows ?? result;
    expect(rows).toEqual([
      { campaign: 'moment-0', at: moments[0], day: '2026-12-31' },
      { campaign: 'moment-1', at: moments[1], day: '2027-01-01' },
      { campaign: 'moment-2', at: moments[2], day: '2026-12-31' },
    ]);
  });
});

describe('what a counted view keeps of its address and its tags', () => {
  it('keeps backslashes and quotes as sent, drops control characters, and loses no view of the batch for them', async () => {
    t.setNow(new Date('2026-03-13T09:00:00Z'));
    const sent = [
      '/?utm_campaign=odd-plain',
      '/blog/nul%00byte?utm_campaign=odd-nul%00byte',
      '/?utm_campaign=odd-%5CN%5Ct%5C%5C',
      '/?utm_campaign=odd-tab%09new%0Aline%0Dend',
      `/?utm_campaign=odd-q%22'`,
      '/blog%00?utm_source=spring%09fair&utm_campaign=odd-%5CN%00%09may',
    ];
    for (const u of sent) expect((await beacon({ u, r: '' })).statusCode).toBe(202);
    await t.deps.analytics.flush();
    const result = await t.deps.db.execute(sql`
      select path, source, campaign from analytics_page_views where campaign like 'odd-%'`);
    const rows = ((result as unknown as { rows?: Array<{ campaign: string }> }).rows ??
      (result as unknown as Array<{ campaign: string }>)) as Array<{ campaign: string }>;
    expect([...rows].sort((a, b) => (a.campaign < b.campaign ? -1 : 1))).toEqual(
      [
        { path: '/', source: 'Direct', campaign: 'odd-plain' },
        { path: 'Page not found', source: 'Direct', campaign: 'odd-nulbyte' },
        { path: '/', source: 'Direct', campaign: 'odd-\\N\\t\\\\' },
        { path: '/', source: 'Direct', campaign: 'odd-tabnewlineend' },
        { path: '/', source: 'Direct', campaign: `odd-q"'` },
        { path: 'Page not found', source: 'springfair', campaign: 'odd-\\Nmay' },
      ].sort((a, b) => (a.campaign < b.campaign ? -1 : 1)),
    );
  });
});

describe('views waiting for their batch', () => {
  it('are all written, more than two batches of them, long and non-Latin paths included', async () => {
    t.setNow(new Date('2026-03-12T08:00:00Z'));
    const pages = createSitePages(() => recordPagesOf(t.deps.db), { clock: t.deps.clock });
    const recorder = createAnalyticsRecorder({ ...t.deps, pages });
    const views = MAX_BATCH * 2 + 7;
    // Some campaigns long and in two- and four-byte UTF-8, so the buffer has to grow.
    const campaignOf = (i: number) =>
      i % 3 === 0 ? `batch-${'\u00e9t\u00e9-\u{1F33B}-'.repeat(8)}${i}` : `batch-caf\u00e9-${i}`;
    const results: string[] = [];
    for (let i = 0; i < views; i++) {
      results.push(
        recorder.pageView(
          { ip: `81.2.69.${i % 250}`, userAgent: `${FIREFOX} n${i}`, host: 'localhost', headers: {} },
          { url: `/blog?utm_campaign=${encodeURIComponent(campaignOf(i))}`, referrer: '' },
        ),
      );
      // Half a batch is written at once; the views not yet written never pass a batch.
      if (recorder.unwritten() >= MAX_BATCH) await recorder.flush();
    }
    expect(results.filter((r) => r !== 'counted')).toEqual([]);
    await recorder.close();
    const result = await t.deps.db.execute(sql`
      select count(*)::int as n, count(distinct campaign)::int as campaigns,
        sum(case when campaign = ${campaignOf(3)} then 1 else 0 end)::int as long
      from analytics_page_views where day = '2026-03-12' and campaign like 'batch-%'`);
    const rows = (result as unknown as { rows?: unknown[] }).rows ?? result;
    expect(rows).toEqual([{ n: views, campaigns: views, long: 1 }]);
  });
});

describe('the beacon over HTTP', () => {
  /** Headers the HTTP server adds by itself, or that differ between two answers by design. */
  const OWN = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

  /** The site listening on 127.0.0.1 with `config` changed. */
  async function listening(config: Partial<Config> = {}) {
    const app: FastifyInstance = await createAppOn({ ...t.deps, config: { ...t.deps.config, ...config } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, port: (app.server.address() as AddressInfo).port };
  }

  /** A POST over a socket (fetch would not send our Host header), its answer as inject gives one. */
  function post(port: number, body: string, headers: Record<string, string>) {
    return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/analytics/view',
            headers,
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body: text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
  }
  /** How many views of a campaign were counted, once the recorder has written them. */
  async function viewsOf(campaign: string): Promise<number> {
    await t.deps.analytics.flush();
    const rows = (await t.deps.db.execute(sql`
      select count(*)::int as n from analytics_page_views where campaign = ${campaign}`)) as unknown as
      { rows: Array<{ n: number }> } | Array<{ n: number }>;
    return (Array.isArray(rows) ? rows : rows.rows)[0]!.n;
  }
  const comparable = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
    status: res.statusCode,
    body: res.body,
    headers: Object.fromEntries(
      Object.entries(res.headers)
        .filter(([name]) => !OWN.has(name))
        .map(([name, value]) => [name, String(value)]),
    ),
  });

  it('answers over a socket as through inject, header for header, and counts the same visitor either way', async () => {
    const { app, port } = await listening();
    try {
      const headers = {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': FIREFOX,
        host: 'herts.example:8443',
      };
      for (const [body, type] of [
        ['{"u": "/early?utm_source=newsletter", "r": "", "w": 390}', 'text/plain;charset=UTF-8'],
        ['{"u": "/early"}', 'application/json'],
        ['not json', 'text/plain'],
        ['{}', 'text/plain'],
        ['', 'text/plain'],
      ]) {
        const overHttp = await post(port, body!, { ...headers, 'content-type': type! });
        const throughInject = await app.inject({
          method: 'POST',
          url: '/api/analytics/view',
          headers: { ...headers, 'content-type': type! },
          payload: body,
        });
        expect(comparable(overHttp), body).toEqual(comparable(throughInject));
        expect(overHttp.headers['x-request-id']).toMatch(/^[\w-]{10,}$/);
      }

      // The visitor's hash is the same whichever way the beacon came: one visitor, two views.
      expect((await post(port, '{"u": "/?utm_campaign=early-a"}', headers)).statusCode).toBe(202);
      const injected = await app.inject({
        method: 'POST',
        url: '/api/analytics/view',
        headers,
        payload: '{"u": "/?utm_campaign=early-b"}',
      });
      expect(injected.statusCode).toBe(202);
      await t.deps.analytics.flush();
      const rows = (await t.deps.db.execute(sql`
        select count(distinct visitor)::int as visitors, count(*)::int as views
        from analytics_page_views where campaign in ('early-a', 'early-b')`)) as unknown as
        { rows: Array<{ visitors: number; views: number }> } | Array<{ visitors: number; views: number }>;
      expect((Array.isArray(rows) ? rows : rows.rows)[0]).toEqual({ visitors: 1, views: 2 });
    } finally {
      await app.close();
    }
  });

  it('answers 503 with Retry-After either way while a batch of views waits to be written, and 202 again once it is', async () => {
    const { app, port } = await listening();
    // The table locked by another transaction: no view can be written meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`lock table analytics_page_views in exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    try {
      const visit = (i: number) => ({
        ip: UK_ADDRESS,
        userAgent: `${FIREFOX} w${i}`,
        host: 'localhost',
        headers: {},
      });
      const results = new Set<string>();
      for (let i = 0; i < MAX_BATCH; i++)
        results.add(t.deps.analytics.pageView(visit(i), { url: '/?utm_campaign=waiting' }));
      expect([...results]).toEqual(['counted']);
      expect(t.deps.analytics.pageView(visit(-1), { url: '/?utm_campaign=waiting' })).toBe('busy');

      const headers = { 'content-type': 'text/plain', 'user-agent': FIREFOX, host: 'herts.example' };
      const overHttp = await post(port, '{"u": "/?utm_campaign=waiting"}', headers);
      expect(overHttp.statusCode).toBe(503);
      expect(overHttp.headers['retry-after']).toBe('1');
      expect(JSON.parse(overHttp.body)).toEqual({
        message: expect.stringMatching(/waiting to be written/),
        code: 'SERVICE_UNAVAILABLE',
      });
      const throughInject = await app.inject({
        method: 'POST',
        url: '/api/analytics/view',
        headers,
        payload: '{"u": "/?utm_campaign=waiting"}',
      });
      expect(comparable(overHttp)).toEqual(comparable(throughInject));
    } finally {
      release();
      await holding;
    }
    try {
      await t.deps.analytics.flush();
      expect(t.deps.analytics.unwritten()).toBe(0);
      expect(
        (
          await post(port, '{"u": "/?utm_campaign=waiting"}', {
            'content-type': 'text/plain',
            'user-agent': IPHONE,
          })
        ).statusCode,
      ).toBe(202);
      await t.deps.analytics.flush();
      const rows = (await t.deps.db.execute(sql`
        select count(*)::int as n from analytics_page_views where campaign = 'waiting'`)) as unknown as
        { rows: Array<{ n: number }> } | Array<{ n: number }>;
      expect((Array.isArray(rows) ? rows : rows.rows)[0]).toEqual({ n: MAX_BATCH + 1 });
    } finally {
      await app.close();
    }
  });

  it('does not count the signed-in owner, whichever way their beacon comes, and counts a browser whose session has ended', async () => {
    const { app, port } = await listening();
    try {
      const headers = { 'content-type': 'text/plain', 'user-agent': FIREFOX };
      const own = '{"u": "/?utm_campaign=own-visit"}';
      expect((await post(port, own, { ...headers, cookie: sessionCookie })).statusCode).toBe(202);
      const injected = await app.inject({
        method: 'POST',
        url: '/api/analytics/view',
        headers: { ...headers, cookie: `theme=dark; ${sessionCookie}` },
        payload: own,
      });
      expect(injected.statusCode).toBe(202);
      expect((await post(port, own, { ...headers, cookie: 'session=ended.session' })).statusCode).toBe(202);
      await t.deps.analytics.flush();
      const rows = (await t.deps.db.execute(sql`
        select count(*)::int as n from analytics_page_views where campaign = 'own-visit'`)) as unknown as
        { rows: Array<{ n: number }> } | Array<{ n: number }>;
      expect((Array.isArray(rows) ? rows : rows.rows)[0]).toEqual({ n: 1 });
    } finally {
      await app.close();
    }
  });

  it('answers 429 to a sender over its limit, 415 to another type, 413 to a body over 1 KB, and counts a proxied site’s views', async () => {
    // The page-view limit at 3 a minute.
    const { app, port } = await listening({ RATE_LIMIT_MULTIPLIER: 0.01 });
    try {
      const headers = { 'content-type': 'text/plain', 'user-agent': IPHONE };
      const limited = '{"u": "/?utm_campaign=limited"}';
      for (let i = 0; i < 3; i++) expect((await post(port, limited, headers)).statusCode).toBe(202);
      const refused = await post(port, limited, headers);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body).message).toMatch(/Too many requests/);
      expect((await post(port, '{"u": "/"}', { ...headers, 'content-type': 'text/html' })).statusCode).toBe(
        415,
      );
      expect((await post(port, `{"u": "/${'x'.repeat(2000)}"}`, headers)).statusCode).toBe(413);
      // The three answered 202 are counted, once each; the one refused is not.
      expect(await viewsOf('limited')).toBe(3);
    } finally {
      await app.close();
    }
    const proxied = await listening({ TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await post(proxied.port, '{"u": "/?utm_campaign=proxied"}', {
        'content-type': 'text/plain',
        'user-agent': IPHONE,
        'x-forwarded-for': UK_ADDRESS,
      });
      expect(res.statusCode).toBe(202);
      expect(await viewsOf('proxied')).toBe(1);
    } finally {
      await proxied.app.close();
    }
  });
});

describe('which page a view is of', () => {
  const day = '2026-03-14';
  const onDay = (path: string) =>
    `/api/admin/analytics/breakdown?period=custom&from=${day}&to=${day}&dimension=${path}&pageSize=100`;
  const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth, 'idempotency-key': `a-${url}-${Math.random()}` },
      payload,
    });

  /** An issue sent (to nobody: there are no subscribers here) by the job queue, as the archive shows it. */
  async function sentIssue(subject: string): Promise<{ slug: string }> {
    const created = await admin('POST', '/api/admin/newsletter/issues', { subject, bodyHtml: '<p>News</p>' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    expect((await admin('POST', `/api/admin/newsletter/issues/${id}/send`, {})).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) {
      await t.deps.jobs.runDue([NEWSLETTER_QUEUE]);
      const issue = await t.app.inject({
        method: 'GET',
        url: `/api/admin/newsletter/issues/${id}`,
        headers: auth,
      });
      const { status, slug } = issue.json() as { status: string; slug: string };
      if (status === 'sent') return { slug };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the issue was not sent');
  }

  it('counts only the addresses the site has, anything else as one Page not found row, and a referrer only by its host', async () => {
    t.setNow(new Date(`${day}T08:00:00Z`));
    const created = await admin('POST', '/api/admin/blogs', {
      title: 'Ware lantern parade',
      content: '<p>Lanterns</p>',
      tags: ['Lantern Parades'],
      published: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json() as { id: number; slug: string };
    const moved = await admin('PATCH', `/api/admin/blogs/${post.id}`, { slug: 'ware-lanterns' });
    expect(moved.statusCode, moved.body).toBe(200);
    const draft = await admin('POST', '/api/admin/blogs', { title: 'Not out yet', content: '<p>Soon</p>' });
    const draftSlug = (draft.json() as { slug: string }).slug;
    const issue = await sentIssue('Lantern news');

    const spam = 'https://urgent-call-0800-000000.example/your-site-is-hacked-call-now?ref=owner';
    for (const [u, r] of [
      ['/urgent-call-0800-000000-your-site-is-hacked', spam],
      ['/blog/', 'call 0800 000000 your site is hacked'],
      ['/blog/ware-lanterns', 'javascript:alert(1)'],
      [`/blog/${post.slug}`, ''],
      [`/blog/${post.id}?utm_campaign=old-link`, ''],
      [`/blog/${draftSlug}`, ''],
      ['/blog/tag/lantern-parades', 'android-app://com.google.android.gm/'],
      ['/blog/tag/no-such-tag', ''],
      ['/BLOG', 'http://call%20now%20/'],
      ['/wp-login.php', ''],
      [`/newsletter/${issue.slug}`, ''],
      ['/newsletter/no-such-issue', ''],
    ] as const)
      expect((await beacon({ u, r }, { ip: '192.0.2.140' })).statusCode).toBe(202);
    await t.deps.analytics.flush();

    const pages = await read(onDay('page'));
    expect(pages.items).toEqual([
      { value: 'Page not found', visitors: 1, pageViews: 6 },
      { value: '/blog/ware-lanterns', visitors: 1, pageViews: 3 },
      { value: '/blog', visitors: 1, pageViews: 1 },
      { value: '/blog/tag/lantern-parades', visitors: 1, pageViews: 1 },
      { value: `/newsletter/${issue.slug}`, visitors: 1, pageViews: 1 },
    ]);
    const sources = await read(onDay('source'));
    expect(sources.items).toEqual([
      { value: 'Direct', visitors: 1, pageViews: 11, kind: 'direct' },
      { value: 'urgent-call-0800-000000.example', visitors: 1, pageViews: 1, kind: 'referral' },
    ]);
    for (const table of ['pages', 'sources']) {
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/admin/analytics/csv/${table}?period=custom&from=${day}&to=${day}`,
        headers: auth,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toMatch(/hacked|call 0800|call-now|javascript|wp-login/);
    }
  });

  it('counts a page another instance made once its first view has read the addresses again', async () => {
    t.setNow(new Date(`${day}T09:00:00Z`));
    // Another instance: its own recorder, and the pages that recorder counts by.
    const otherDeps = { ...t.deps, analytics: openAnalyticsRecorder(t.deps) };
    const other = await createAppOn(otherDeps);
    const viewOnOther = async (u: string) => {
      const res = await other.inject({
        method: 'POST',
        url: '/api/analytics/view',
        headers: { 'content-type': 'text/plain', 'user-agent': IPHONE },
        remoteAddress: '192.0.2.141',
        payload: JSON.stringify({ u }),
      });
      expect(res.statusCode).toBe(202);
      await otherDeps.analytics.flush();
    };
    try {
      const before = await read(onDay('page'));
      await viewOnOther('/blog/ware-lanterns');
      // Published through this instance: the other one hears nothing of it (no Redis here).
      const created = await admin('POST', '/api/admin/blogs', {
        title: 'Hertford lantern trail',
        content: '<p>Trail</p>',
        published: true,
      });
      const { slug } = created.json() as { slug: string };
      // Within a few seconds of its last reading, an unknown address is not worth another.
      t.setNow(new Date(`${day}T09:00:01Z`));
      await viewOnOther(`/blog/${slug}`);
      t.setNow(new Date(`${day}T09:00:07Z`));
      await viewOnOther(`/blog/${slug}`);
      await viewOnOther(`/blog/${slug}`);
      const pages = await read(onDay('page'));
      expect(pages.items).toContainEqual({ value: `/blog/${slug}`, visitors: 1, pageViews: 2 });
      const notFound = (items: Array<{ value: string; pageViews: number }>) =>
        items.find((r) => r.value === 'Page not found')?.pageViews ?? 0;
      expect(notFound(pages.items)).toBe(notFound(before.items) + 1);
    } finally {
      await other.close();
      await otherDeps.analytics.close();
    }
  });
});

describe('the sources people know', () => {
  const day = '2026-03-15';

  it('are one row each under the name people know, from a referrer or a utm_source in any case', async () => {
    t.setNow(new Date(`${day}T08:00:00Z`));
    const landings: Array<[string, string]> = [
      ['/', 'https://www.facebook.com/'],
      ['/', 'https://m.facebook.com/story.php?id=1'],
      ['/', 'https://l.facebook.com/l.php?u=https%3A%2F%2Fherts.example%2F'],
      ['/', 'https://lm.facebook.com/'],
      ['/?utm_source=facebook', ''],
      ['/?utm_source=FB', ''],
      ['/blog', 'https://t.co/AbCdEf'],
      ['/blog', 'https://twitter.com/someone'],
      ['/blog', 'https://x.com/someone/status/1'],
      ['/blog?utm_source=Twitter', ''],
      ['/', 'https://lnkd.in/e-AbC'],
      ['/', 'https://www.google.co.uk/'],
      ['/?utm_source=google', ''],
      ['/', 'https://nextdoor.co.uk/news_feed/'],
      ['/', 'https://news.example.org/story'],
      ['/blog', 'https://news.example.org/another-story'],
    ];
    for (const [i, [u, r]] of landings.entries())
      expect((await beacon({ u, r }, { ua: `${FIREFOX} s${i}`, ip: '192.0.2.150' })).statusCode).toBe(202);
    await t.deps.analytics.flush();
    const sources = await read(
      `/api/admin/analytics/breakdown?period=custom&from=${day}&to=${day}&dimension=source`,
    );
    expect(sources.items).toEqual([
      { value: 'Facebook', visitors: 6, pageViews: 6, kind: 'social' },
      { value: 'X', visitors: 4, pageViews: 4, kind: 'social' },
      { value: 'Google', visitors: 2, pageViews: 2, kind: 'search' },
      { value: 'news.example.org', visitors: 2, pageViews: 2, kind: 'referral' },
      { value: 'LinkedIn', visitors: 1, pageViews: 1, kind: 'social' },
      { value: 'Nextdoor', visitors: 1, pageViews: 1, kind: 'social' },
    ]);
  });

  it('regroups what was stored before a source was known, and conversions without a visit as No visit', async () => {
    const past = '2026-03-09';
    await t.deps.db.execute(sql`
      insert into analytics_daily (day, dimension, value, visitors, page_views) values
        (${past}::date, 'source', 'facebook.com', 3, 5), (${past}::date, 'source', 'facebook', 2, 2),
        (${past}::date, 'source', 'm.facebook.com', 1, 1), (${past}::date, 'source', 't.co', 4, 4),
        (${past}::date, 'source', 'Google', 7, 9)`);
    await t.deps.db.execute(sql`
      insert into analytics_conversions (at, day, kind, source, path) values
        (${`${past}T10:00:00Z`}::timestamptz, ${past}::date, 'enquiry', 'Direct', '(unknown)'),
        (${`${past}T11:00:00Z`}::timestamptz, ${past}::date, 'newsletter_signup', 't.co', '/blog')`);
    // Four names of roll-ups, one of conversions.
    expect(await regroupSources(t.deps.db, t.deps.clock())).toBe(5);
    expect(await regroupSources(t.deps.db, t.deps.clock())).toBe(0);
    const period = `period=custom&from=${past}&to=${past}`;
    const sources = await read(`/api/admin/analytics/breakdown?${period}&dimension=source`);
    expect(sources.items).toEqual([
      { value: 'Google', visitors: 7, pageViews: 9, kind: 'search' },
      { value: 'Facebook', visitors: 6, pageViews: 8, kind: 'social' },
      { value: 'X', visitors: 4, pageViews: 4, kind: 'social' },
    ]);
    const conversions = await read(`/api/admin/analytics/conversions?${period}&by=source`);
    expect(
      conversions.items.map((r: { value: string; visitors: number | null }) => [r.value, r.visitors]),
    ).toEqual([
      ['No visit', null],
      ['X', 4],
    ]);
    const pages = await read(`/api/admin/analytics/conversions?${period}&by=page`);
    expect(pages.items.map((r: { value: string }) => r.value)).toEqual(['/blog', 'No visit']);
  });
});
