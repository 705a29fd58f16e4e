import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { advertisingServices } from '../../src/server/domains/site-content/tables';
import { pageCacheKey } from '../../src/server/web/http/pages';
import { isCacheableUrl, publicReadsOf } from '../../src/server/web/http/response-cache';
import { appRouter } from '../../src/server/router';
import { answered } from '../helpers/challenge';
import { appLoggingAtInfo, buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { signedInAdmin, type SignedInAdmin } from '../helpers/admin';
import { scaled } from '../helpers/timeouts';

/** A workshop session a fortnight ahead of the real clock (the cache's ttl is real time). */
const workshopSession = {
  date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  startTime: '16:00',
  endTime: '17:00',
  delivery: 'video_call',
  joinLink: 'https://meet.example.com/sparkai-taster',
  capacity: 15,
};

let t: TestApp;
let admin: SignedInAdmin | undefined;
const adminOfT = async () => (admin ??= await signedInAdmin(t));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('cached public reads', () => {
  it('sends an ETag and answers 304 when the client already has the same bytes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/advertising-services',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/advertising-services',
      headers: { 'if-none-match': '"stale"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
    expect(other.headers['x-cache']).toBe('hit');
    expect(other.headers['x-content-type-options']).toBe('nosniff');
  });

  it('shows a change after a write through the API at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    // A change behind the cache's back (another process) is not visible until the entry expires...
    await t.deps.db.update(advertisingServices).set({ title: 'Renamed service' });
    const cached = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(cached.json()).toEqual(before.json());
    // ...but any successful write through this server empties the cache.
    const admin = await adminOfT();
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/admin/academy/sessions',
      headers: admin.auth,
      payload: workshopSession,
    });
    expect(write.statusCode, write.body).toBe(200);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect((fresh.json() as Array<{ title: string }>).every((s) => s.title === 'Renamed service')).toBe(true);
  });

  it('keeps its answers after an enquiry or a newsletter signup, which no public read shows', async () => {
    await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, {
        name: 'Sam',
        email: 'sam@example.co.uk',
        subject: '',
        message: 'Hello',
        type: 'advertising',
      }),
    });
    expect(enquiry.statusCode).toBe(200);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'reader@example.co.uk', newsletter: 'general' },
    });
    expect(signup.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(after.headers['x-cache']).toBe('hit');
  });

  it('empties them when a reservation through POST /api/contact takes a place: the places left change at once', async () => {
    const admin = await adminOfT();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/academy/sessions',
      headers: admin.auth,
      payload: workshopSession,
    });
    const next = async () => await t.app.inject({ method: 'GET', url: '/api/workshops/next' });
    const before = (await next()).json().session as { placesLeft: number };
    expect((await next()).headers['x-cache']).toBe('hit');
    const reservation = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Priya Shah',
        email: 'priya@example.co.uk',
        subject: '',
        message: 'Parent: Priya Shah',
        type: 'workshop_reservation',
      },
    });
    expect(reservation.statusCode, reservation.body).toBe(200);
    const after = await next();
    expect(after.headers['x-cache']).toBeUndefined();
    expect((after.json().session as { placesLeft: number }).placesLeft).toBe(before.placesLeft - 1);
  });

  it('keeps the sitemap, the feeds and robots.txt, one entry whatever their query', async () => {
    for (const url of ['/sitemap.xml', '/rss.xml', '/robots.txt']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const again = await t.app.inject({ method: 'GET', url: `${url}?utm_source=crawler` });
      expect(again.headers['x-cache'], url).toBe('hit');
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
    }
  });

  it('never caches admin or personal reads', () => {
    const reads = publicReadsOf(appRouter);
    expect(isCacheableUrl('/api/admin/user', reads)).toBe(false);
    expect(isCacheableUrl('/api/admin/blogs', reads)).toBe(false);
    expect(isCacheableUrl('/trpc/auth.user', reads)).toBe(false);
    expect(isCacheableUrl('/trpc/content.advertisingServices,auth.user?batch=1&input=%7B%7D', reads)).toBe(
      false,
    );
    expect(isCacheableUrl('/trpc/content.advertisingServices?batch=1&input=%7B%7D', reads)).toBe(true);
    expect(isCacheableUrl('/api/health', reads)).toBe(false);
  });
});

describe('which reads are public: the procedures whose meta says cache: public', () => {
  it('are the content lists, the podcast and blog pages, a published post, an author’s page and the next workshop session, at /trpc and under /api', () => {
    const reads = publicReadsOf(appRouter);
    expect([...reads.procedures].sort()).toEqual([
      'blog.authorPage',
      'blog.bySlug',
      'blog.get',
      'blog.list',
      'blog.pages',
      'blog.search',
      'blog.tagPage',
      'content.advertisingServices',
      'content.business',
      'content.newsletters',
      'content.partners',
      'content.testimonials',
      'podcasts.list',
      'podcasts.pages',
      'workshops.next',
    ]);
    // A list's page is its query string; a read without query input ignores none, so ?cb=1 is never a new entry.
    for (const url of [
      '/api/blog?page=2&limit=12',
      '/api/podcasts/pages?page=2&q=market',
      '/api/blog/pages?page=3',
      '/api/blog/12',
      '/api/testimonials',
      '/api/workshops/next',
      '/api/newsletters?page=2&limit=3',
    ]) {
      expect(isCacheableUrl(url, reads), url).toBe(true);
    }
    for (const url of [
      '/api/business?cb=1',
      '/api/blog/12?ref=rss',
      '/api/admin/blogs/12',
      '/api/contact/challenge',
      `/api/blog?q=${'x'.repeat(200)}`,
    ]) {
      expect(isCacheableUrl(url, reads), url).toBe(false);
    }
  });

  it('serves a page of the blog from memory the second time', async () => {
    await t.app.inject({ method: 'GET', url: '/api/blog?page=1&limit=2' });
    const again = await t.app.inject({ method: 'GET', url: '/api/blog?page=1&limit=2' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['x-total-count']).toBeDefined();
  });
});

describe('the cache key of a server-rendered page (issue 13.11)', () => {
  it('keeps only the query parameters the page reads, in one order', () => {
    expect(pageCacheKey('/?cb=1')).toBe('/');
    expect(pageCacheKey('/?newsletter=confirm&token=abc')).toBe('/');
    expect(pageCacheKey('/blog?utm_source=x&page=2')).toBe('/blog?page=2');
    expect(pageCacheKey('/blog?page=2&category=Walks&cb=9')).toBe(
      pageCacheKey('/blog?category=Walks&page=2'),
    );
    expect(pageCacheKey('/subscription-success?plan=innovator&fbclid=1')).toBe(
      '/subscription-success?plan=innovator',
    );
    expect(pageCacheKey('/blog/12?ref=rss')).toBe('/blog/12');
  });
});

// The cache has a size in bytes, not only a count; the least recently read go first.
describe('the cache holds at most its size in bytes', () => {
  it('evicts the least recently read entries, whatever is asked for', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerResponseCache } = await import('../../src/server/web/http/response-cache');
    const app = Fastify();
    const maxBytes = 64 * 1024;
    const cache = registerResponseCache(app, {
      ttlMs: 60_000,
      alsoCache: (url) => url.startsWith('/page/'),
      budgets: { page: { entries: 500, bytes: maxBytes } },
    });
    // Pages of 10 KB that barely compress (random text), so each entry is about 30 KB with its copies.
    const { randomBytes } = await import('node:crypto');
    app.get('/page/:n', async (_req, reply) =>
      reply.type('text/html').send(randomBytes(7500).toString('base64')),
    );
    await app.ready();
    const get = (n: number) =>
      app.inject({ method: 'GET', url: `/page/${n}`, headers: { 'accept-encoding': 'br' } });

    for (let n = 1; n <= 20; n++) {
      await get(n);
      expect(cache.size().bytes).toBeLessThanOrEqual(maxBytes);
    }
    const { entries } = cache.size();
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(20);
    // The newest is kept; the first was evicted long ago.
    expect((await get(20)).headers['x-cache']).toBe('hit');
    expect((await get(1)).headers['x-cache']).toBeUndefined();
    // A read keeps an entry: page 20, read again just now, outlives the pages stored after it.
    await get(20);
    for (let n = 21; n < 21 + entries - 2; n++) await get(n);
    expect((await get(20)).headers['x-cache']).toBe('hit');
    await app.close();
  });
});

describe('a hit over HTTP is answered before Fastify routes it (ResponseCache.answerBeforeRouting)', () => {
  /** Headers the HTTP server adds by itself, or that differ by design between two answers. */
  const OWN = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length']);
  const headerSet = (headers: Headers | Record<string, unknown>) =>
    Object.fromEntries(
      (headers instanceof Headers ? [...headers.entries()] : Object.entries(headers))
        .filter(([name]) => !OWN.has(name))
        .map(([name, value]) => [name, String(value)]),
    );

  /**
   * Runs a test against the site over real HTTP, with its log lines and the HTTP requests Fastify
   * answered (not app.inject's), and closes it after.
   */
  async function overHttp(
    test: (site: {
      app: FastifyInstance;
      deps: TestApp['deps'];
      origin: string;
      routed: string[];
      logLines: () => Array<Record<string, unknown>>;
    }) => Promise<void>,
  ) {
    const base = await buildTestApp();
    const { app, log } = await appLoggingAtInfo(base);
    const routed: string[] = [];
    app.addHook('onResponse', (req, _reply, done) => {
      if (req.headers['user-agent'] !== 'lightMyRequest') routed.push(`${req.method} ${req.originalUrl}`);
      done();
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const logLines = () =>
        log()
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((l) => l.msg === 'request');
      await test({ app, deps: base.deps, origin: `http://127.0.0.1:${port}`, routed, logLines });
    } finally {
      await app.close();
      await base.close();
    }
  }

  it('sends the bytes and headers a hit through Fastify sends, a 304, the caller’s request id and one log line, without routing', async () => {
    await overHttp(async ({ app, origin, routed, logLines }) => {
      const url = `${origin}/api/advertising-services`;
      const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      expect(first.headers.get('x-cache')).toBeNull();
      const body = await first.text();
      expect(routed).toEqual(['GET /api/advertising-services']);

      // The same hit through Fastify's hook (app.inject never reaches the HTTP server), and over HTTP.
      const throughFastify = await app.inject({ method: 'GET', url: '/api/advertising-services' });
      expect(throughFastify.headers['x-cache']).toBe('hit');
      const early = await fetch(url, {
        headers: { 'accept-encoding': 'identity', 'x-request-id': 'reader-42' },
      });
      expect(early.status).toBe(200);
      expect(early.headers.get('x-cache')).toBe('hit');
      expect(early.headers.get('x-request-id')).toBe('reader-42');
      expect(await early.text()).toBe(body);
      expect(early.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(headerSet(early.headers)).toEqual(headerSet(throughFastify.headers));
      // The API's policy and the other security headers, which Fastify's hooks gave the first answer.
      expect(early.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(early.headers.get('x-content-type-options')).toBe('nosniff');
      expect(early.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));

      // Compressed, a 304 for the bytes the reader has, and HEAD without a body.
      const br = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(await br.text()).toBe(body);
      const again = await fetch(url, {
        headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(await head.text()).toBe('');

      // Of the requests over HTTP only the miss went through Fastify.
      expect(routed).toEqual(['GET /api/advertising-services']);
      const lines = logLines().filter((l) => l.path === '/api/advertising-services');
      // The miss, the inject hit and four hits over HTTP: one line each, the caller's id on its own.
      expect(lines.map((l) => `${String(l.method)} ${String(l.status)}`)).toEqual([
        'GET 200',
        'GET 200',
        'GET 200',
        'GET 200',
        'GET 304',
        'HEAD 200',
      ]);
      expect(lines[2]).toMatchObject({ reqId: 'reader-42', level: 30 });
      for (const line of lines) {
        expect(typeof line.ms).toBe('number');
        expect(typeof line.reqId).toBe('string');
      }
    });
  });

  it('sends the sitemap and robots.txt with the headers of a page that is not a document', async () => {
    await overHttp(async ({ origin, routed }) => {
      for (const path of ['/sitemap.xml', '/robots.txt']) {
        const first = await fetch(origin + path);
        expect(first.status, path).toBe(200);
        const body = await first.text();
        const hit = await fetch(origin + path);
        expect(hit.headers.get('x-cache'), path).toBe('hit');
        expect(await hit.text()).toBe(body);
        for (const name of ['content-type', 'content-security-policy', 'x-frame-options', 'cache-control'])
          expect(hit.headers.get(name), `${path} ${name}`).toBe(first.headers.get(name));
      }
      expect(routed).toEqual(['GET /sitemap.xml', 'GET /robots.txt']);
    });
  });

  it('leaves a request to Fastify once a write has emptied the cache, and while the server stops', async () => {
    await overHttp(async ({ app, deps, origin, routed }) => {
      const url = `${origin}/api/advertising-services`;
      await fetch(url);
      expect((await fetch(url)).headers.get('x-cache')).toBe('hit');
      expect(routed).toHaveLength(1);
      const { auth } = await signedInAdmin({ app, deps });
      const write = await app.inject({
        method: 'POST',
        url: '/api/admin/academy/sessions',
        headers: auth,
        payload: workshopSession,
      });
      expect(write.statusCode).toBeLessThan(300);
      expect((await fetch(url)).headers.get('x-cache')).toBeNull();
      expect((await fetch(url)).headers.get('x-cache')).toBe('hit');
      expect(routed).toHaveLength(2);
      app.beginShutdown();
      // Readiness has turned: a hit is still answered, by Fastify's hook.
      const during = await fetch(url);
      expect(during.status).toBe(200);
      expect(during.headers.get('x-cache')).toBe('hit');
      expect(routed).toHaveLength(3);
    });
  });
});

// Issue 44.1: 520 distinct search addresses pushed / out of the cache. Each kind of entry has its
// own budget, so searches and unknown addresses only ever evict their own kind.
describe('searches and 404s never evict the pages', () => {
  it(
    'still answers /, /blog and the feed from memory after 1,000 distinct searches and unknown addresses',
    { timeout: scaled(180_000) },
    async () => {
      const site = await buildTestApp({
        env: { CLIENT_DIST: builtClientDist(), RATE_LIMIT_MULTIPLIER: '1000' },
        outbox: 'manual',
      });
      const get = (url: string) => site.app.inject({ method: 'GET', url });
      // Searches and unknown addresses of every sort: pages, the API, tRPC, feeds.
      const flood = (n: number) =>
        [
          `/search?q=hichin${n}`,
          `/api/blog/search?q=stevenagge${n}`,
          `/trpc/blog.search?input=${encodeURIComponent(JSON.stringify({ q: `tring${n}`, page: 1 }))}`,
          `/no-such-page-${n}`,
          `/blog/tag/no-such-tag-${n}/rss.xml`,
          `/api/blog/by-slug/no-such-post-${n}`,
          `/api/blog/search?q=royston&page=${n + 1}`,
        ][n % 7]!;
      // The clock stands still meanwhile, so that no entry merely expires (they live ten seconds).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        for (const url of ['/', '/blog', '/rss.xml']) {
          expect((await get(url)).statusCode, url).toBe(200);
          expect((await get(url)).headers['x-cache'], url).toBe('hit');
        }
        for (let n = 0; n < 1000; n++) {
          const res = await get(flood(n));
          expect([200, 404], flood(n)).toContain(res.statusCode);
        }
        for (const url of ['/', '/blog', '/rss.xml']) {
          const again = await get(url);
          expect(again.statusCode, url).toBe(200);
          expect(again.headers['x-cache'], url).toBe('hit');
        }
      } finally {
        vi.useRealTimers();
        await site.close();
      }
    },
  );
});
