import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { forgetBlogMemory } from '../../src/server/domains/blog';

// Issue 46: a tag's page says what the tag is about, how many posts it has and where its feed is;
// the admin's count says which of those posts the page lists; and a tag's address folds accents
// and drops apostrophes, with its earlier addresses still answering.

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ auth } = await signedInAdmin(t, {
    name: 'Tess Tagger',
    email: 'tess@hertslocalmedia.co.uk',
    password: 'Ashwell-Spring-Cress-4',
  }));
});
afterAll(async () => {
  await t.close();
});

interface Tag {
  id: number;
  name: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

const create = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/blogs', headers: auth, payload });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json() as { id: number; slug: string; tags: Tag[] };
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
const patchTag = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/blog-tags/${id}`, headers: auth, payload });
const adminTag = async (name: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/blog-tags?q=${encodeURIComponent(name)}`,
    headers: auth,
  });
  return (res.json() as { items: Array<Tag & { postCount: number; publishedCount: number }> }).items[0]!;
};

describe('a tag page', () => {
  it('carries the description and search fields set in the admin, and keeps what a PATCH leaves out', async () => {
    const post = await create({
      title: 'Knebworth fireworks',
      content: '<p>Bangs</p>',
      tags: ['Knebworth'],
      published: true,
    });
    const tagId = post.tags[0]!.id;
    const saved = await patchTag(tagId, {
      description: 'News and days out around Knebworth House and the village.',
      metaTitle: 'Knebworth news and events',
    });
    expect(saved.statusCode, saved.payload).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Knebworth',
      slug: 'knebworth',
      description: 'News and days out around Knebworth House and the village.',
      metaTitle: 'Knebworth news and events',
      metaDescription: '',
    });
    const page = (await get('/api/blog/tags/knebworth')).json() as { tag: Tag; total: number };
    expect(page.tag).toMatchObject({
      description: 'News and days out around Knebworth House and the village.',
      metaTitle: 'Knebworth news and events',
    });
    expect(page.total).toBe(1);
    // The tag's feed describes itself with the tag's words.
    expect((await get('/blog/tag/knebworth/rss.xml')).payload).toContain(
      '<description>News and days out around Knebworth House and the village.</description>',
    );
    // Too long a description is a clear 400 in the one error shape.
    const tooLong = await patchTag(tagId, { description: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(tooLong.json().message).toContain('description');
  });

  it('counts in the admin the posts the page lists, and apart from them the ones not out yet', async () => {
    const tags = ['Ashwell'];
    for (const title of ['Ashwell springs', 'Ashwell museum', 'Ashwell show'])
      await create({ title, content: '<p>Village</p>', tags, published: true });
    await create({
      title: 'Ashwell fete next month',
      content: '<p>Soon</p>',
      tags,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
    });
    await create({ title: 'Ashwell draft', content: '<p>Not yet</p>', tags, published: false });
    const page = (await get('/api/blog/tags/ashwell')).json() as { total: number };
    const admin = await adminTag('Ashwell');
    expect(page.total).toBe(3);
    expect(admin).toMatchObject({ publishedCount: 3, postCount: 5 });
    // Each tag its own count, whatever the posts' and tags' numbers.
    expect(await adminTag('Knebworth')).toMatchObject({ publishedCount: 1, postCount: 1 });
  });
});

describe('tag addresses', () => {
  it('fold accents and drop apostrophes', async () => {
    const post = await create({
      title: 'Cafés of the Stort valley',
      content: '<p>Coffee</p>',
      tags: ["Bishop's Stortford", 'Cafés', 'Bishop’s Walk'],
      published: true,
    });
    expect(post.tags.map((x) => x.slug)).toEqual(['bishops-stortford', 'cafes', 'bishops-walk']);
    expect((await get('/api/blog/tags/bishops-stortford')).statusCode).toBe(200);
  });

  it("lead from a merged tag's address to the tag it went into", async () => {
    const a = await create({
      title: 'Ware lock',
      content: '<p>Boats</p>',
      tags: ['Ware river'],
      published: true,
    });
    const b = await create({
      title: 'Ware barge',
      content: '<p>Barges</p>',
      tags: ['Lee navigation'],
      published: true,
    });
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/admin/blog-tags/${a.tags[0]!.id}/merge`,
      headers: auth,
      payload: { intoId: b.tags[0]!.id },
    });
    expect(merged.statusCode).toBe(200);
    const feed = await get('/blog/tag/ware-river/rss.xml');
    expect(feed.statusCode).toBe(301);
    expect(feed.headers.location).toBe('/blog/tag/lee-navigation/rss.xml');
    // The old address is not given to a new tag of the same name: it keeps leading to the merged one.
    const again = await create({
      title: 'Ware again',
      content: '<p>More</p>',
      tags: ['Ware river'],
      published: true,
    });
    expect(again.tags[0]!.slug).toBe('ware-river-2');
  });

  it('move an existing tag from the old form (migration 0016), its old address answering with a 301', async () => {
    const post = await create({
      title: "St Alban's day",
      content: '<p>Parade</p>',
      tags: ['Parades'],
      published: true,
    });
    // A tag as the old rules made it: the apostrophe a hyphen.
    await t.deps.db.execute(
      sql`update tags set name = 'St Alban''s', slug = 'st-alban-s' where id = ${post.tags[0]!.id}`,
    );
    const migration = readFileSync(
      'src/server/platform/db/migrations/0016_tag_descriptions_and_slugs.sql',
      'utf8',
    );
    await t.deps.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    forgetBlogMemory(t.deps.db);
    expect((await get('/api/blog/tags/st-albans')).json()).toMatchObject({
      tag: { name: "St Alban's" },
      total: 1,
    });
    const old = await get('/blog/tag/st-alban-s/rss.xml');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/blog/tag/st-albans/rss.xml');
  });
});
