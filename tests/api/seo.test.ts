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
    for (const p of ['/admin', '/login', '/forgot-password', '/reset-password']) expect(res.body).toContain(`Disallow: ${p}`);
    expect(res.body).toContain('Sitemap: https://www.hertslocalmedia.co.uk/sitemap.xml');
  });

  it('sitemap.xml lists every public page and each published post, with absolute URLs', async () => {
    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as Array<{ id: number }>;
    expect(posts.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    for (const p of ['/', '/blog', '/sparkai-academy', '/privacy-policy', '/terms-conditions']) {
      expect(res.body).toContain(`<loc>https://www.hertslocalmedia.co.uk${p}</loc>`);
    }
    for (const post of posts) expect(res.body).toContain(`<loc>https://www.hertslocalmedia.co.uk/blog/${post.id}</loc>`);
    expect(res.body).not.toContain('/admin');
  });

  it('rss.xml carries the published posts', async () => {
    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as Array<{ id: number; title: string }>;
    const res = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(res.body).toContain('<rss version="2.0"');
    expect((res.body.match(/<item>/g) ?? []).length).toBe(posts.length);
    const first = posts[0]!;
    expect(res.body).toContain(`<link>https://www.hertslocalmedia.co.uk/blog/${first.id}</link>`);
  });
});
