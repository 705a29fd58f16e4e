import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// GET /api/blog is one bounded page of posts (the paging facts in headers), and /blog's
// own read carries summaries without content, the total and the categories.
let t: TestApp;
let auth: { authorization: string };
const POSTS = 30;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t, {
    name: 'Pia Pager',
    email: 'pia@hertslocalmedia.co.uk',
    password: 'Bramble-Lane-Owl-42',
  }));
  for (let i = 1; i <= POSTS; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: auth,
      payload: {
        title: `Post ${i}`,
        content: `<p>${'Long read. '.repeat(200)}</p>`,
        excerpt: `Excerpt ${i}`,
        category: i % 3 === 0 ? 'Podcasts' : 'Marketing',
        published: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // A draft is in no public list or count.
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/blogs',
    headers: auth,
    payload: { title: 'Draft', content: '<p>Not yet</p>', category: 'Secret' },
  });
});
afterAll(async () => {
  await t.close();
});

type Post = { id: number; title: string; content: string; category: string };
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/blog, paged', () => {
  it('answers 12 posts by default with the total and a next link, still posts shaped as docs/specification.md §3 says with content', async () => {
    const res = await get('/api/blog');
    expect(res.statusCode).toBe(200);
    const posts = res.json() as Post[];
    expect(posts).toHaveLength(12);
    expect(posts[0]!.title).toBe(`Post ${POSTS}`);
    expect(posts[0]!.content).toContain('Long read.');
    expect(res.headers['x-total-count']).toBe(String(POSTS));
    expect(res.headers.link).toBe(`<${t.deps.config.publicUrl}/api/blog?page=2&limit=12>; rel="next"`);
  });

  it('follows page and limit, gives prev and next links, and an empty page past the end', async () => {
    const middle = await get('/api/blog?page=2&limit=10');
    expect((middle.json() as Post[]).map((p) => p.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Post ${POSTS - 10 - i}`),
    );
    expect(middle.headers.link).toContain('/api/blog?page=3&limit=10>; rel="next"');
    expect(middle.headers.link).toContain('/api/blog?page=1&limit=10>; rel="prev"');
    const last = await get('/api/blog?page=3&limit=10');
    expect(last.headers.link).not.toContain('rel="next"');
    const past = await get('/api/blog?page=9&limit=10');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(POSTS));
  });

  it('bounds limit at 50 and refuses bad paging with a 400 in the one error shape', async () => {
    expect((await get('/api/blog?limit=50')).json()).toHaveLength(POSTS);
    for (const query of ['limit=51', 'limit=0', 'page=0', 'page=two', 'limit=1.5']) {
      const res = await get(`/api/blog?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('filters by category, the total and links following the filter', async () => {
    const res = await get('/api/blog?category=Podcasts&limit=4');
    const posts = res.json() as Post[];
    expect(posts.map((p) => p.category)).toEqual(['Podcasts', 'Podcasts', 'Podcasts', 'Podcasts']);
    expect(res.headers['x-total-count']).toBe('10');
    expect(res.headers.link).toContain('page=2&limit=4&category=Podcasts>; rel="next"');
    expect((await get('/api/blog?category=Secret')).json()).toEqual([]);
  });

  it('puts a newly published post first, past the cache, and keeps the headers on a cached answer', async () => {
    await get('/api/blog');
    const cached = await get('/api/blog');
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.headers['x-total-count']).toBe(String(POSTS));
    expect(cached.headers.link).toContain('rel="next"');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: auth,
      payload: { title: 'Fresh news', content: '<p>Just in</p>', published: true },
    });
    expect(created.statusCode).toBe(200);
    const after = await get('/api/blog');
    expect((after.json() as Post[])[0]!.title).toBe('Fresh news');
    expect(after.headers['x-total-count']).toBe(String(POSTS + 1));
    await t.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${created.json().id}`, headers: auth });
  });
});

describe('GET /api/blog/pages (what /blog renders)', () => {
  it('answers 12 summaries without content, the total and the categories of published posts', async () => {
    const res = await get('/api/blog/pages?page=3');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      items: Array<Record<string, unknown>>;
      total: number;
      page: number;
      pageSize: number;
      categories: string[];
    };
    expect(body).toMatchObject({
      total: POSTS,
      page: 3,
      pageSize: 12,
      categories: ['Marketing', 'Podcasts'],
    });
    expect(body.items).toHaveLength(POSTS - 24);
    expect(body.items[0]).not.toHaveProperty('content');
    expect(res.body.length).toBeLessThan(5_000);
  });

  it('a post is still read by its id beside it', async () => {
    const [first] = (await get('/api/blog?limit=1')).json() as Post[];
    expect((await get(`/api/blog/${first!.id}`)).json()).toMatchObject({ id: first!.id });
  });
});

describe('the admin posts list (issue 14.2)', () => {
  type Summary = { id: number; title: string; publishedAt: string | null };
  type AdminPage = {
    items: Array<Summary & Record<string, unknown>>;
    total: number;
    page: number;
    pageSize: number;
  };
  const admin = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  it('pages every post, drafts included, as rows without content, with the total', async () => {
    const res = await admin('/api/admin/blogs/summaries?pageSize=10&page=2');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminPage;
    expect(body).toMatchObject({ total: POSTS + 1, page: 2, pageSize: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).not.toHaveProperty('content');
    expect((await admin('/api/admin/blogs/summaries')).json().pageSize).toBe(20);
  });

  it('filters Published and Draft and searches title, excerpt and category', async () => {
    const drafts = (await admin('/api/admin/blogs/summaries?status=draft')).json() as AdminPage;
    expect(drafts.items.map((p) => p.title)).toEqual(['Draft']);
    expect(drafts.total).toBe(1);
    const published = (await admin('/api/admin/blogs/summaries?status=published')).json() as AdminPage;
    expect(published.total).toBe(POSTS);
    expect(published.items.every((p) => p.publishedAt !== null)).toBe(true);
    const search = (await admin('/api/admin/blogs/summaries?q=post%202')).json() as AdminPage;
    expect(search.items.map((p) => p.title).sort()).toEqual(
      [
        'Post 2',
        'Post 20',
        'Post 21',
        'Post 22',
        'Post 23',
        'Post 24',
        'Post 25',
        'Post 26',
        'Post 27',
        'Post 28',
        'Post 29',
      ].sort(),
    );
    expect(
      (await admin('/api/admin/blogs/summaries?q=excerpt%2017')).json().items.map((p: Summary) => p.title),
    ).toEqual(['Post 17']);
    expect((await admin('/api/admin/blogs/summaries?q=secret')).json().total).toBe(1);
    // % and _ are searched as text, not as patterns.
    expect((await admin('/api/admin/blogs/summaries?q=%25')).json().total).toBe(0);
    expect((await admin('/api/admin/blogs/summaries?status=gone')).statusCode).toBe(400);
  });

  it('GET /api/admin/blogs stays an array of full posts, bounded, with the paging headers and the same filters', async () => {
    const res = await admin('/api/admin/blogs?status=published&q=post&limit=5');
    expect(res.statusCode).toBe(200);
    const posts = res.json() as Post[];
    expect(posts).toHaveLength(5);
    expect(posts[0]!.content).toContain('Long read.');
    expect(res.headers['x-total-count']).toBe(String(POSTS));
    expect(res.headers.link).toContain(
      '/api/admin/blogs?page=2&limit=5&q=post&status=published>; rel="next"',
    );
    expect((await admin('/api/admin/blogs')).json()).toHaveLength(20);
    expect((await admin('/api/admin/blogs?limit=51')).statusCode).toBe(400);
  });

  it('the editor loads one post by id, a draft too; it needs an admin', async () => {
    const [draft] = ((await admin('/api/admin/blogs/summaries?status=draft')).json() as AdminPage).items;
    const res = await admin(`/api/admin/blogs/${draft!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: draft!.id,
      title: 'Draft',
      content: '<p>Not yet</p>',
      publishedAt: null,
    });
    expect((await admin('/api/admin/blogs/987654')).statusCode).toBe(404);
    expect((await get(`/api/admin/blogs/${draft!.id}`)).statusCode).toBe(401);
    expect((await get('/api/admin/blogs/summaries')).statusCode).toBe(401);
  });

  // Last: it adds posts the counts above do not expect.
  it("filters by a tag's address, with each row's tags, as the posts list's tag filter and the Tags section's counts need", async () => {
    for (const [title, tags] of [
      ['Walk to Ashridge', ['Walks', "Bishop's Stortford"]],
      ['Walk by the Lea', ['Walks']],
      ['Market day', ['Markets']],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: auth,
        payload: { title, content: '<p>Out and about</p>', tags },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const walks = (await admin('/api/admin/blogs/summaries?tag=walks')).json() as AdminPage;
    expect(walks.total).toBe(2);
    expect(walks.items.map((p) => p.title)).toEqual(['Walk by the Lea', 'Walk to Ashridge']);
    expect(walks.items[1]!.tags).toEqual([
      expect.objectContaining({ name: 'Walks', slug: 'walks' }),
      expect.objectContaining({ name: "Bishop's Stortford" }),
    ]);
    // With the other filters, and in the list of full posts too.
    expect((await admin('/api/admin/blogs/summaries?tag=walks&q=lea')).json().total).toBe(1);
    expect((await admin('/api/admin/blogs/summaries?tag=walks&status=published')).json().total).toBe(0);
    expect((await admin('/api/admin/blogs?tag=markets')).json().map((p: Summary) => p.title)).toEqual([
      'Market day',
    ]);
    // An address no tag has matches nothing; one that is no address is refused.
    expect((await admin('/api/admin/blogs/summaries?tag=no-such-tag')).json().total).toBe(0);
    expect((await admin('/api/admin/blogs/summaries?tag=' + 'x'.repeat(300))).statusCode).toBe(400);
  });
});
