import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { eq } from 'drizzle-orm';
import { blogPosts } from '../../src/server/domains/blog/tables';
import { blogGoOutJobs } from '../../src/server/domains/blog';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ auth } = await signedInAdmin(t, {
    name: 'Pat Publisher',
    email: 'pat@hertslocalmedia.co.uk',
    password: 'Mulberry-Court-Tea-7',
  }));
});
afterAll(async () => {
  await t.close();
});

interface AdminPost {
  id: number;
  slug: string;
  status: string;
  category: string;
  version: number;
  publishedAt: string | null;
  tags: Array<{ id: number; name: string; slug: string }>;
  metaTitle: string;
  title: string;
  content: string;
}

const create = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/blogs', headers: auth, payload });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json() as AdminPost;
};
const patch = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/blogs/${id}`, headers: auth, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('slugs', () => {
  it('makes a slug from the title, a different one for the same title, and reads a post by it', async () => {
    const a = await create({ title: 'Café & Cake Day!', content: '<p>Cakes in Ware</p>', published: true });
    const b = await create({ title: 'Café & Cake Day!', content: '<p>More cakes</p>', published: true });
    expect(a.slug).toBe('cafe-and-cake-day');
    expect(b.slug).toBe('cafe-and-cake-day-2');
    const bySlug = await get('/api/blog/by-slug/cafe-and-cake-day');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ id: a.id, slug: 'cafe-and-cake-day', readingMinutes: 1 });
    // The id path answers as before.
    expect((await get(`/api/blog/${a.id}`)).json()).toMatchObject({ id: a.id, title: 'Café & Cake Day!' });
  });

  it('keeps an earlier slug out of use and says which one is free', async () => {
    const post = await create({ title: 'Harpenden fair', content: '<p>Rides</p>', published: true });
    const moved = await patch(post.id, { slug: 'harpenden-summer-fair' });
    expect(moved.statusCode).toBe(200);
    expect((await get('/api/blog/by-slug/harpenden-summer-fair')).statusCode).toBe(200);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/admin/blog-slugs/available?slug=harpenden-fair',
      headers: auth,
    });
    expect(check.json()).toEqual({ available: false, suggestion: 'harpenden-fair-2' });
    const free = await t.app.inject({
      method: 'GET',
      url: '/api/admin/blog-slugs/available?slug=st-albans-news',
      headers: auth,
    });
    expect(free.json()).toEqual({ available: true });
  });
});

describe('tags', () => {
  it('takes tag names and lists a tag page', async () => {
    const post = await create({
      title: 'Royston market returns',
      content: '<p>Stalls are back</p>',
      tags: ['Markets', 'Royston'],
      published: true,
    });
    expect(post.tags.map((x) => x.name)).toEqual(['Markets', 'Royston']);
    const again = await create({
      title: 'Another market',
      content: '<p>Stalls</p>',
      tags: ['markets'],
      published: true,
    });
    // Names are one tag ignoring case.
    expect(again.tags[0]!.id).toBe(post.tags[0]!.id);
    const page = await get('/api/blog/tags/markets');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ tag: { name: 'Markets', slug: 'markets' }, total: 2 });
    expect((await get('/api/blog/tags/no-such-tag')).statusCode).toBe(404);
    const feed = await get('/blog/tag/markets/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/rss\+xml/);
    expect(feed.payload).toContain('<title>Royston market returns</title>');
    expect(feed.payload).not.toContain('Tring');
    expect((await get('/blog/tag/no-such-tag/rss.xml')).statusCode).toBe(404);
    // A seeded post's category became its tag (migration 0010), with an address of its own.
    expect((await get('/api/blog/tags/marketing-tips')).json()).toMatchObject({ total: 1 });
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/blog-tags?q=markets', headers: auth });
    expect(admin.json().items).toEqual([expect.objectContaining({ name: 'Markets', postCount: 2 })]);
  });

  it('keeps the category as given, whatever the tags (issue 46.3)', async () => {
    const post = await create({
      title: 'Nomansland Common in the rain',
      content: '<p>Mud and skylarks</p>',
      category: 'Walks and outdoors',
      tags: ['Harpenden', 'Walks'],
      published: true,
    });
    expect(post.category).toBe('Walks and outdoors');
    expect(post.tags.map((x) => x.name)).toEqual(['Harpenden', 'Walks']);
    // The REST reads and the filter answer the category given, not a tag.
    expect((await get(`/api/blog/${post.id}`)).json().category).toBe('Walks and outdoors');
    const filtered = (await get('/api/blog?category=Walks%20and%20outdoors')).json() as AdminPost[];
    expect(filtered.map((p) => p.id)).toEqual([post.id]);
    expect((await get('/api/blog?category=Harpenden')).json()).toEqual([]);
    const pages = (await get('/api/blog/pages')).json() as { categories: string[] };
    expect(pages.categories).toContain('Walks and outdoors');
    expect(pages.categories).not.toContain('Harpenden');
    // Changing the tags leaves the category alone, and changing the category leaves the tags.
    const retagged = await patch(post.id, { tags: ['Wheathampstead'] });
    expect(retagged.json()).toMatchObject({
      category: 'Walks and outdoors',
      tags: [{ name: 'Wheathampstead' }],
    });
    const recategorised = await patch(post.id, { category: 'Nature' });
    expect(recategorised.json()).toMatchObject({ category: 'Nature', tags: [{ name: 'Wheathampstead' }] });
    // A category alone makes no tag: it is a choice of its own.
    const plain = await create({
      title: 'Tea rooms',
      content: '<p>Scones</p>',
      category: 'Food',
      published: true,
    });
    expect(plain).toMatchObject({ category: 'Food', tags: [] });
    // The category is still found by search, as when it was the first tag.
    const found = (await get('/api/blog/search?q=skylarks%20nature')).json() as {
      items: Array<{ id: number }>;
    };
    expect(found.items.map((i) => i.id)).toContain(post.id);
  });

  it('renames, merges and deletes tags, leaving the category as given', async () => {
    const post = await create({
      title: 'Tring walk',
      content: '<p>Woods</p>',
      category: 'Outdoors',
      tags: ['Walks'],
      published: true,
    });
    const other = await create({
      title: 'Tring ramble',
      content: '<p>Hills</p>',
      tags: ['Rambles'],
      published: true,
    });
    const walks = post.tags[0]!.id;
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/blog-tags/${walks}`,
      headers: auth,
      payload: { name: 'Country walks' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await get(`/api/blog/by-slug/${post.slug}`)).json()).toMatchObject({
      category: 'Outdoors',
      tags: [{ name: 'Country walks' }],
    });
    const merge = await t.app.inject({
      method: 'POST',
      url: `/api/admin/blog-tags/${other.tags[0]!.id}/merge`,
      headers: auth,
      payload: { intoId: walks },
    });
    expect(merge.statusCode).toBe(200);
    expect((await get(`/api/blog/by-slug/${other.slug}`)).json()).toMatchObject({
      category: '',
      tags: [{ name: 'Country walks' }],
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/blog-tags/${walks}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/blog/by-slug/${post.slug}`)).json()).toMatchObject({
      category: 'Outdoors',
      tags: [],
    });
  });
});

describe('search', () => {
  beforeAll(async () => {
    await create({
      title: 'Hitchin lavender fields open',
      content: '<p>The farm near the town welcomes visitors.</p>',
      tags: ['Purple blooms'],
      published: true,
    });
    await create({
      title: 'A day in the county',
      content: '<p>We drove from Baldock to Hitchin and back.</p>',
      published: true,
    });
    await create({ title: 'Hitchin draft', content: '<p>Not yet</p>' });
  });

  it('ranks a title match first, finds a misspelt town, and marks the matches in parts', async () => {
    const res = await get('/api/blog/search?q=Hitchen');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      total: number;
      items: Array<{
        title: string;
        titleParts: Array<{ text: string; match: boolean }>;
        snippetParts: unknown[];
      }>;
    };
    // The seeded posts mention Hitchin too; the post with it in its title comes first.
    expect(body.items[0]!.title).toBe('Hitchin lavender fields open');
    expect(body.items.map((i) => i.title)).toContain('A day in the county');
    expect(body.items[0]!.titleParts).toEqual([
      { text: 'Hitchin', match: true },
      { text: ' lavender fields open', match: false },
    ]);
    expect(body.items.find((i) => i.title === 'A day in the county')!.snippetParts).toContainEqual({
      text: 'Hitchin',
      match: true,
    });
  });

  it('quotes a long post from around its first match, starting on a whole word', async () => {
    // 'photographically ' is 17 characters: the 200 before the match begin in the middle of one.
    await create({
      title: 'Gallery night',
      content: `<p>${'photographically '.repeat(40)}zebrafinch at the end</p>`,
      published: true,
    });
    const res = (await get('/api/blog/search?q=zebrafinch')).json() as {
      items: Array<{ snippetParts: Array<{ text: string; match: boolean }> }>;
    };
    const snippet = res.items[0]!.snippetParts;
    expect(snippet).toContainEqual({ text: 'zebrafinch', match: true });
    const text = snippet.map((p) => p.text).join('');
    const words = new Set(text.split(/\s+/).filter(Boolean));
    expect(
      [...words].filter((w) => !['photographically', 'zebrafinch', '…', 'at', 'the', 'end'].includes(w)),
    ).toEqual([]);
  });

  it('quotes a post as it reads: no space before punctuation, headings apart from the text, a cut marked …', async () => {
    type Hit = { title: string; snippetParts: Array<{ text: string; match: boolean }> };
    const snippetOf = async (q: string, title: string) => {
      const res = (await get(`/api/blog/search?q=${q}`)).json() as { items: Hit[] };
      return res.items
        .find((i) => i.title === title)!
        .snippetParts.map((p) => p.text)
        .join('');
    };
    const long =
      'with stalls from Ware, Hertford and Bengeo along the river and a band on the bridge from seven until late on every Friday of the month whatever the weather does so bring a coat and a torch for the walk home';
    const post = await create({
      title: 'Market evenings',
      content: `<h2>Opening times</h2><p>The quinceyard market opens at <strong>6.15pm</strong>, ${long}</p><h3>Parking</h3><p>Use the long-stay car park.</p>`,
      published: true,
    });
    const snippet = await snippetOf('quinceyard', 'Market evenings');
    expect(snippet).toContain('Opening times. The quinceyard market opens at 6.15pm, with stalls');
    expect(snippet).not.toMatch(/\s[,.;:!?]/);
    // Cut before the sentence ends: it says so.
    expect(snippet).toMatch(/ …$/);

    // A post whose text was stored before tags stopped leaving spaces reads the same.
    await t.deps.db
      .update(blogPosts)
      .set({ contentText: 'Opening times The quinceyard market opens at 6.15pm , with stalls .' })
      .where(eq(blogPosts.id, post.id));
    // (Another spelling of the query: the first answer is cached.)
    const old = await snippetOf('Quinceyard', 'Market evenings');
    expect(old).toContain('at 6.15pm, with stalls');
    expect(old).not.toMatch(/\s[,.;:!?]/);
  });

  it('matches tag names and never shows a draft', async () => {
    const res = (await get('/api/blog/search?q=blooms')).json() as { items: Array<{ title: string }> };
    expect(res.items.map((i) => i.title)).toEqual(['Hitchin lavender fields open']);
    const drafts = (await get('/api/blog/search?q=draft')).json() as { items: unknown[] };
    expect(drafts.items).toEqual([]);
  });
});

describe('scheduling', () => {
  it('keeps a scheduled post out of public answers until its time, then shows it', async () => {
    const at = new Date(Date.now() + 2500).toISOString();
    const post = await create({
      title: 'Stevenage carnival announced',
      content: '<p>Floats</p>',
      status: 'scheduled',
      publishAt: at,
    });
    expect(post.status).toBe('scheduled');
    expect(post.publishedAt).toBe(at);
    expect((await get(`/api/blog/${post.id}`)).statusCode).toBe(404);
    expect((await get('/api/blog/search?q=carnival')).json().items).toEqual([]);
    const scheduled = await t.app.inject({
      method: 'GET',
      url: '/api/admin/blogs/summaries?status=scheduled',
      headers: auth,
    });
    expect(scheduled.json().items.map((p: { id: number }) => p.id)).toContain(post.id);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(at) - Date.now()) + 300));
    expect((await get(`/api/blog/${post.id}`)).statusCode).toBe(200);
  });

  it('the go-out job marks a post that went out as published, logs it, tells the other instances, and leaves a moved one alone', async () => {
    const soon = new Date(Date.now() + 1000).toISOString();
    const goes = await create({
      title: 'Royston fair opens',
      content: '<p>Rides</p>',
      status: 'scheduled',
      publishAt: soon,
    });
    const moved = await create({
      title: 'Royston fair closes',
      content: '<p>Bye</p>',
      status: 'scheduled',
      publishAt: soon,
    });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await patch(moved.id, {
      status: 'scheduled',
      publishAt: later,
      expectedVersion: moved.version,
    });
    expect(res.statusCode, res.payload).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(soon) - Date.now()) + 300));

    let announced = 0;
    const job = blogGoOutJobs({
      db: t.deps.db,
      clock: () => new Date(),
      announce: async () => {
        announced++;
      },
      log: { info: () => {} },
    });
    await job.run({ id: 'test', data: undefined as never } as never);
    // The stored status (what the admin reads is worked out from the go-out time either way).
    const status = async (id: number) =>
      (await t.deps.db.select({ status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.id, id)))[0]!
        .status;
    expect(await status(goes.id)).toBe('published');
    expect(await status(moved.id)).toBe('scheduled');
    expect(announced).toBe(1);
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/activity?page=1', headers: auth });
    expect(log.payload).toContain('Scheduled post went out: Royston fair opens');
    expect(log.payload).not.toContain('Scheduled post went out: Royston fair closes');

    // Run again: nothing more to do, nobody told twice.
    await job.run({ id: 'test-2', data: undefined as never } as never);
    expect(announced).toBe(1);
  });
});

describe('revisions, autosave and conflicts', () => {
  it('writes a revision per save and restores one as a new revision', async () => {
    const post = await create({ title: 'Ware lock', content: '<p>First</p>', published: true });
    const saved = await patch(post.id, { content: '<p>Second</p>' });
    expect(saved.json().version).toBe(2);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/blogs/${post.id}/revisions`,
      headers: auth,
    });
    const revisions = list.json() as { total: number; items: Array<{ id: number; authorName: string }> };
    expect(revisions.total).toBe(2);
    expect(revisions.items[0]!.authorName).toBe('Pat Publisher');
    const first = revisions.items[1]!.id;
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/admin/blogs/${post.id}/revisions/${first}/restore`,
      headers: auth,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().content).toBe('<p>First</p>');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/blogs/${post.id}/revisions`,
      headers: auth,
    });
    expect(after.json().total).toBe(3);
  });

  it('keeps the last 50 revisions plus the newest one of each earlier day', async () => {
    const post = await create({ title: 'Many saves', content: '<p>0</p>' });
    for (let i = 1; i <= 55; i++)
      expect((await patch(post.id, { content: `<p>${i}</p>` })).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/blogs/${post.id}/revisions?pageSize=50`,
      headers: auth,
    });
    // All saves were today: the 50 newest are kept, the day's newest is among them.
    expect(list.json().total).toBe(50);
  });

  it('autosaves a draft without a revision, refuses a published post, and answers 409 to a stale version', async () => {
    const draft = await create({ title: 'Draft in progress', content: '<p>Start</p>' });
    const auto = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${draft.id}/autosave`,
      headers: auth,
      payload: { content: '<p>Typed more</p>', expectedVersion: draft.version },
    });
    expect(auto.statusCode).toBe(200);
    expect(auto.json()).toMatchObject({ id: draft.id, version: 2 });
    const revisions = await t.app.inject({
      method: 'GET',
      url: `/api/admin/blogs/${draft.id}/revisions`,
      headers: auth,
    });
    expect(revisions.json().total).toBe(1);
    const stale = await patch(draft.id, { title: 'Mine', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/version 2/);
    const published = await create({ title: 'Out already', content: '<p>Live</p>', published: true });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${published.id}/autosave`,
      headers: auth,
      payload: { content: '<p>x</p>' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
