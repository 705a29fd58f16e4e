import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// Issue 47.1: a miss costs what a hit costs. An address nobody has, an old link to a post (its
// number or an earlier slug), an unknown tag and its feed are answered from memory after the first
// time, never by the database again; and what is kept in memory follows every change that could
// alter it, so no redirect goes stale or leads to a post no longer out.

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  // The pages, rendered from the built client; no job runs between requests, so every query the
  // database sees is one a request caused.
  t = await buildTestApp({ env: { CLIENT_DIST: builtClientDist() }, outbox: 'manual' });
  ({ auth } = await signedInAdmin(t, {
    name: 'Mo Memory',
    email: 'mo@hertslocalmedia.co.uk',
    password: 'Quarry-Heron-Maple-81',
  }));
});
afterAll(async () => {
  await t.close();
});

interface SavedPost {
  id: number;
  slug: string;
}

const create = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/blogs', headers: auth, payload });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json() as SavedPost;
};
const patch = async (id: number, payload: object) => {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/blogs/${id}`, headers: auth, payload });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json() as SavedPost;
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
/** Where an address sends a visitor: its status and, for a move, where to. */
const answer = async (url: string) => {
  const res = await get(url);
  return res.statusCode === 301 ? `301 ${String(res.headers.location)}` : String(res.statusCode);
};

/** The SQL the app sends to the database while `run` runs (drizzle's client: PGlite or pg's pool). */
async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
  const client = (t.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    texts.push(typeof first === 'string' ? first : String(first?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return texts;
}

const BLOG_TABLES = /blog_posts|post_slugs|post_tags|"tags"|\btags\b/;

describe('a miss is answered from memory after the first (issue 47.1)', () => {
  it('answers a second unknown address with the same 404 page from the cache, asking the database nothing', async () => {
    const first = await get('/no-such-page-x');
    expect(first.statusCode).toBe(404);
    expect(first.headers['content-type']).toContain('text/html');
    let second!: Awaited<ReturnType<typeof get>>;
    const queries = await queriesDuring(async () => {
      second = await get('/wp-login.php');
    });
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.payload).toBe(first.payload);
    expect(second.payload).toContain('<meta name="robots" content="noindex" />');
    expect(queries).toEqual([]);
  });

  it("answers a post's number and an earlier slug with a 301 from memory the second time", async () => {
    const post = await create({ title: 'Ware town lock', content: '<p>Reopened.</p>', published: true });
    await patch(post.id, { slug: 'ware-lock-reopens' });
    expect(await answer(`/blog/${post.id}`)).toBe('301 /blog/ware-lock-reopens');
    const queries = await queriesDuring(async () => {
      expect(await answer(`/blog/${post.id}?utm_source=qr`)).toBe(
        '301 /blog/ware-lock-reopens?utm_source=qr',
      );
      expect(await answer('/blog/ware-town-lock')).toBe('301 /blog/ware-lock-reopens');
    });
    expect(queries).toEqual([]);
  });

  it('answers an unknown post, an unknown tag and its feed without reading the blog again', async () => {
    await create({ title: 'Hitchin market', content: '<p>Open.</p>', published: true, tags: ['Markets'] });
    expect((await get('/blog/no-such-post-1')).statusCode).toBe(404);
    expect((await get('/blog/tag/no-such-tag-1')).statusCode).toBe(404);
    expect((await get('/blog/tag/no-such-tag-1/rss.xml')).statusCode).toBe(404);
    const queries = await queriesDuring(async () => {
      expect((await get('/blog/no-such-post-2')).statusCode).toBe(404);
      expect((await get('/blog/99999')).statusCode).toBe(404);
      expect((await get('/blog/tag/no-such-tag-2')).statusCode).toBe(404);
      expect((await get('/blog/tag/no-such-tag-2/rss.xml')).statusCode).toBe(404);
      expect((await get('/api/blog/by-slug/no-such-post-3')).statusCode).toBe(404);
    });
    expect(queries.filter((q) => BLOG_TABLES.test(q))).toEqual([]);
    // What exists is still found.
    expect((await get('/blog/tag/markets')).statusCode).toBe(200);
    expect((await get('/blog/hitchin-market')).statusCode).toBe(200);
  });
});

describe('what is kept follows every change that could alter it (issue 47.1)', () => {
  it('follows a publish, a slug change, an unpublish, a republish and a delete', async () => {
    const post = await create({ title: 'Tring carnival', content: '<p>Floats.</p>' });
    // A draft is nobody's address, by number or slug.
    expect(await answer(`/blog/${post.id}`)).toBe('404');
    expect(await answer('/blog/tring-carnival')).toBe('404');
    await patch(post.id, { published: true });
    expect(await answer(`/blog/${post.id}`)).toBe('301 /blog/tring-carnival');
    expect(await answer('/blog/tring-carnival')).toBe('200');
    await patch(post.id, { slug: 'tring-carnival-2026' });
    expect(await answer(`/blog/${post.id}`)).toBe('301 /blog/tring-carnival-2026');
    expect(await answer('/blog/tring-carnival')).toBe('301 /blog/tring-carnival-2026');
    await patch(post.id, { status: 'draft' });
    expect(await answer(`/blog/${post.id}`)).toBe('404');
    expect(await answer('/blog/tring-carnival')).toBe('404');
    expect(await answer('/blog/tring-carnival-2026')).toBe('404');
    await patch(post.id, { status: 'published' });
    expect(await answer('/blog/tring-carnival')).toBe('301 /blog/tring-carnival-2026');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blogs/${post.id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await answer(`/blog/${post.id}`)).toBe('404');
    expect(await answer('/blog/tring-carnival')).toBe('404');
    expect(await answer('/blog/tring-carnival-2026')).toBe('404');
  });

  it("follows a tag's first and last visible post", async () => {
    expect(await answer('/blog/tag/royston-cave')).toBe('404');
    const post = await create({
      title: 'Royston cave',
      content: '<p>Open days.</p>',
      tags: ['Royston cave'],
    });
    expect(await answer('/blog/tag/royston-cave')).toBe('404');
    await patch(post.id, { published: true });
    expect(await answer('/blog/tag/royston-cave')).toBe('200');
    expect(await answer('/blog/tag/royston-cave/rss.xml')).toBe('200');
    await patch(post.id, { status: 'draft' });
    expect(await answer('/blog/tag/royston-cave')).toBe('404');
    expect(await answer('/blog/tag/royston-cave/rss.xml')).toBe('404');
  });
});
