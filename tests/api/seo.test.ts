import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://www.hertslocalmedia.co.uk' } });
});
afterAll(async () => {
  await t.close();
});

describe('search engines and feeds', () => {
  it('robots.txt keeps crawlers out of the admin and auth pages and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const p of ['/admin', '/login', '/forgot-password', '/reset-password'])
      expect(res.body).toContain(`Disallow: ${p}`);
    expect(res.body).toContain('Sitemap: https://www.hertslocalmedia.co.uk/sitemap.xml');
  });

  it('sitemap.xml lists every public page, each tag and each published post at its words address', async () => {
    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog/pages' })).json().items as Array<{
      slug: string;
      tags: Array<{ slug: string }>;
    }>;
    expect(posts.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    for (const p of [
      '/',
      '/blog',
      '/sparkai-academy',
      '/privacy-policy',
      '/terms-conditions',
      '/newsletter',
    ]) {
      expect(res.body).toContain(`<loc>https://www.hertslocalmedia.co.uk${p}</loc>`);
    }
    for (const post of posts) {
      expect(res.body).toContain(`<loc>https://www.hertslocalmedia.co.uk/blog/${post.slug}</loc>`);
      for (const tag of post.tags)
        expect(res.body).toContain(`<loc>https://www.hertslocalmedia.co.uk/blog/tag/${tag.slug}</loc>`);
    }
    expect(res.body).not.toContain('/admin');
  });

  it('rss.xml carries the published posts, linked at their words addresses', async () => {
    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog/pages' })).json().items as Array<{
      id: number;
      slug: string;
    }>;
    const res = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(res.body).toContain('<rss version="2.0"');
    expect((res.body.match(/<item>/g) ?? []).length).toBe(posts.length);
    const first = posts[0]!;
    expect(res.body).toContain(`<link>https://www.hertslocalmedia.co.uk/blog/${first.slug}</link>`);
    // The guid is the number address, which a rename never changes.
    expect(res.body).toContain(
      `<guid isPermaLink="true">https://www.hertslocalmedia.co.uk/blog/${first.id}</guid>`,
    );
  });
});

// Past 50,000 URLs (lowered here to 6, the number of public pages) /sitemap.xml becomes a sitemap index.
describe('the sitemap index', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await buildTestApp({
      env: { PUBLIC_URL: 'https://www.hertslocalmedia.co.uk' },
      app: { sitemapUrlsPerFile: 6 },
    });
  });
  afterAll(async () => {
    await small.close();
  });

  it('splits the URLs into files of at most the limit, each URL once, and 404s past the end', async () => {
    const posts = (await small.app.inject({ method: 'GET', url: '/api/blog/pages' })).json().items as Array<{
      slug: string;
      tags: Array<{ slug: string }>;
    }>;
    const tagSlugs = new Set(posts.flatMap((p) => p.tags.map((t) => t.slug)));
    const expected = 6 + tagSlugs.size + posts.length;
    const files = Math.ceil(expected / 6);
    expect(files).toBeGreaterThan(1);

    const index = await small.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      Array.from({ length: files }, (_, i) => `https://www.hertslocalmedia.co.uk/sitemap-${i + 1}.xml`),
    );

    const urls: string[] = [];
    for (let i = 1; i <= files; i++) {
      const part = await small.app.inject({ method: 'GET', url: `/sitemap-${i}.xml` });
      expect(part.statusCode).toBe(200);
      expect(part.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const inPart = [...part.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(inPart.length).toBeLessThanOrEqual(6);
      urls.push(...inPart);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toHaveLength(expected);
    expect(urls.slice(0, 6)).toEqual(
      ['/', '/blog', '/sparkai-academy', '/privacy-policy', '/terms-conditions', '/newsletter'].map(
        (p) => `https://www.hertslocalmedia.co.uk${p}`,
      ),
    );
    for (const post of posts) expect(urls).toContain(`https://www.hertslocalmedia.co.uk/blog/${post.slug}`);

    for (const bad of [`/sitemap-${files + 1}.xml`, '/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-1.txt']) {
      const res = await small.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('with the protocol limit, /sitemap.xml stays one sitemap and there is no /sitemap-1.xml', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('<urlset');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });
});
