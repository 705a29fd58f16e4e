import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogGoOutJobs } from '../../src/server/domains/blog';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// Issue 44.3 and 44.4: what only unpublished posts hold (a draft's tags, its words) is nobody's to
// see. Visible means published and its time has come; a scheduled post shows at its time.

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  // The pages too, rendered from the built client: a tag's page and /blog must not name a draft's tag.
  t = await buildTestApp({ env: { CLIENT_DIST: builtClientDist() } });
  ({ auth } = await signedInAdmin(t, {
    name: 'Vic Visible',
    email: 'vic@hertslocalmedia.co.uk',
    password: 'Lantern-Orchard-Swift-3',
  }));
});
afterAll(async () => {
  await t.close();
});

interface SavedPost {
  id: number;
  version: number;
  tags: Array<{ id: number; name: string; slug: string }>;
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
const remove = async (id: number) => {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${id}`, headers: auth });
  expect(res.statusCode, res.payload).toBe(200);
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
const waitUntil = (iso: string) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(iso) - Date.now()) + 300));

/** What a visitor can learn of a tag: its read, its page, its feed, and whether the sitemap and /blog name it. */
async function publicTag(slug: string, name: string) {
  const [read, page, feed, sitemap, blog] = await Promise.all([
    get(`/api/blog/tags/${slug}`),
    get(`/blog/tag/${slug}`),
    get(`/blog/tag/${slug}/rss.xml`),
    get('/sitemap.xml'),
    get('/blog'),
  ]);
  return {
    read: read.statusCode,
    page: page.statusCode,
    feed: feed.statusCode,
    named: [read, page, feed].some((r) => r.payload.includes(name)),
    inSitemap: sitemap.payload.includes(`/blog/tag/${slug}<`),
    onBlog: blog.payload.includes(name),
  };
}
const hidden = { read: 404, page: 404, feed: 404, named: false, inSitemap: false, onBlog: false };

async function adminTagNames(q: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/blog-tags?q=${q}`, headers: auth });
  return (res.json() as { items: Array<{ name: string }> }).items.map((tag) => tag.name);
}

describe("a tag only unpublished posts carry is nobody's to see (issue 44.3)", () => {
  it("answers 404 for a draft's tag, read, page and feed, and leaves it out of the sitemap and /blog", async () => {
    const draft = await create({
      title: 'Board paper',
      content: '<p>Terms agreed in principle</p>',
      tags: ['Acquisition of Rival Ltd'],
    });
    expect(draft.tags[0]!.slug).toBe('acquisition-of-rival-ltd');
    expect(await publicTag('acquisition-of-rival-ltd', 'Acquisition of Rival Ltd')).toEqual(hidden);

    // Deleted, the draft's tag is no one's: it is removed, and stays unknown.
    await remove(draft.id);
    expect(await adminTagNames('acquisition')).toEqual([]);
    expect(await publicTag('acquisition-of-rival-ltd', 'Acquisition of Rival Ltd')).toEqual(hidden);
  });

  it('shows a tag while a published post carries it, and hides it again when that post goes back to draft', async () => {
    const post = await create({
      title: 'Hoddesdon lido reopens',
      content: '<p>Lanes and a café</p>',
      tags: ['Hoddesdon Lido'],
      published: true,
    });
    expect(await publicTag('hoddesdon-lido', 'Hoddesdon Lido')).toEqual({
      read: 200,
      page: 200,
      feed: 200,
      named: true,
      inSitemap: true,
      onBlog: true,
    });
    await patch(post.id, { published: false, expectedVersion: post.version });
    expect(await publicTag('hoddesdon-lido', 'Hoddesdon Lido')).toEqual(hidden);
    // Still a draft's tag, so still the admin's.
    expect(await adminTagNames('hoddesdon')).toEqual(['Hoddesdon Lido']);
  });

  it('removes a tag no post uses any more when a post drops it', async () => {
    const post = await create({
      title: 'Bishops Stortford market',
      content: '<p>Stalls</p>',
      tags: ['Stortford Stalls', 'Markets'],
      published: true,
    });
    await patch(post.id, { tags: ['Markets'], expectedVersion: post.version });
    expect(await adminTagNames('stortford')).toEqual([]);
    expect((await get('/api/blog/tags/stortford-stalls')).statusCode).toBe(404);
  });

  it("shows a scheduled post's tag at its time, without a restart or the go-out job, though its 404 was cached", async () => {
    const at = new Date(Date.now() + 2500).toISOString();
    await create({
      title: 'Tring carnival programme',
      content: '<p>Floats and bands</p>',
      tags: ['Tring Carnival'],
      status: 'scheduled',
      publishAt: at,
    });
    expect((await get('/api/blog/tags/tring-carnival')).statusCode).toBe(404);
    const cached = await get('/api/blog/tags/tring-carnival');
    expect(cached.statusCode).toBe(404);
    expect(cached.headers['x-cache']).toBe('hit');
    expect((await get('/blog/tag/tring-carnival/rss.xml')).statusCode).toBe(404);
    await waitUntil(at);
    const shown = await get('/api/blog/tags/tring-carnival');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ tag: { name: 'Tring Carnival' }, total: 1 });
    expect((await get('/blog/tag/tring-carnival/rss.xml')).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).payload).toContain('/blog/tag/tring-carnival<');
  });
});

interface SearchPage {
  total: number;
  items: Array<{ title: string }>;
}
const search = async (q: string) =>
  (await get(`/api/blog/search?q=${encodeURIComponent(q)}`)).json() as SearchPage;
const titlesFound = async (q: string) => (await search(q)).items.map((hit) => hit.title);

async function listedWord(word: string): Promise<boolean> {
  const result = (await t.deps.db.execute(
    sql`select 1 from blog_search_words where word = ${word}`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

describe('the words search corrects towards are those of visible posts (issue 44.4)', () => {
  it("never learns a draft's words, saved or autosaved, and still corrects to a published word", async () => {
    await create({
      title: 'Ware quayside walk',
      content: '<p>Along the quayside to the lock</p>',
      published: true,
    });
    expect(await titlesFound('quaystone')).toEqual(['Ware quayside walk']);

    const draft = await create({ title: 'Quaystone plans', content: '<p>The quaystone project</p>' });
    const autosaved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${draft.id}/autosave`,
      headers: auth,
      payload: {
        content: '<p>The quaystone project, and quaystoned plans</p>',
        expectedVersion: draft.version,
      },
    });
    expect(autosaved.statusCode, autosaved.payload).toBe(200);
    expect(await listedWord('quaystone')).toBe(false);
    expect(await titlesFound('quaystone')).toEqual(['Ware quayside walk']);

    await remove(draft.id);
    expect(await titlesFound('quaystone')).toEqual(['Ware quayside walk']);
  });

  it('forgets a word when no visible post uses it: unpublished, edited out, deleted, or its tag renamed', async () => {
    const first = await create({
      title: 'Wormley woodland',
      content: '<p>Bluebells in Wormleybury wood</p>',
      published: true,
    });
    const second = await create({
      title: 'Wormleybury estate',
      content: '<p>Wormleybury house and park</p>',
      tags: ['Broxbournebury'],
      published: true,
    });
    expect(await listedWord('wormleybury')).toBe(true);
    // One of the two posts that use it goes: the word stays for the other.
    await patch(first.id, { published: false, expectedVersion: first.version });
    expect(await listedWord('wormleybury')).toBe(true);
    await patch(second.id, {
      title: 'The estate',
      content: '<p>The house and park</p>',
      expectedVersion: second.version,
    });
    expect(await listedWord('wormleybury')).toBe(false);
    expect(await listedWord('estate')).toBe(true);

    // A tag's name is among a post's words: renamed, the old name goes and the new one comes.
    expect(await listedWord('broxbournebury')).toBe(true);
    const tagId = second.tags[0]!.id;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/blog-tags/${tagId}`,
      headers: auth,
      payload: { name: 'Turnford' },
    });
    expect(renamed.statusCode, renamed.payload).toBe(200);
    expect(await listedWord('broxbournebury')).toBe(false);
    expect(await listedWord('turnford')).toBe(true);

    await remove(second.id);
    expect(await listedWord('turnford')).toBe(false);
    expect(await listedWord('estate')).toBe(false);
  });

  it("learns a scheduled post's words when it goes out, not before", async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    await create({
      title: 'Zephyrine fields',
      content: '<p>Meadows by Zephyrine farm</p>',
      status: 'scheduled',
      publishAt: at,
    });
    expect(await listedWord('zephyrine')).toBe(false);
    await waitUntil(at);
    const job = blogGoOutJobs({ db: t.deps.db, clock: () => new Date(), log: { info: () => {} } });
    await job.run({ id: 'test', data: undefined as never } as never);
    expect(await listedWord('zephyrine')).toBe(true);
    expect(await titlesFound('zephyrene')).toEqual(['Zephyrine fields']);
  });
});
