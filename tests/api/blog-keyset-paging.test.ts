import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// Issue 47.4: /blog, a category and a tag's pages are read from each page's first post (kept in
// memory), not by skipping every earlier post, and every `?page=N` people have shows the same posts
// as the offset did: checked page by page against the offset query on a few hundred posts, with
// posts sharing a time, drafts and scheduled posts among them, and again after a change.

let t: TestApp;
let auth: { authorization: string };
const POSTS = 320;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t, {
    name: 'Kit Keyset',
    email: 'kit@hertslocalmedia.co.uk',
    password: 'Willow-Canal-Finch-27',
  }));
  // Every third post shares its time with the next (the id orders them); one in nine a draft, one in
  // thirteen not out yet; three categories; a tag on one post in four.
  await t.deps.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, content, category, published_at, created_at, updated_at)
    select 'Post ' || i, 'post-' || i, 'Excerpt ' || i, '<p>Body ' || i || '</p>',
           (array['Walks','Markets','Schools'])[1 + i % 3],
           case when i % 9 = 0 then null
                when i % 13 = 0 then now() + interval '1 day'
                else timestamptz '2026-01-01' + ((i / 3) || ' hours')::interval end,
           now(), now()
    from generate_series(1, ${POSTS}) as i`);
  await t.deps.db.execute(sql`insert into tags (name, slug) values ('Hitchin', 'hitchin')`);
  await t.deps.db.execute(sql`
    insert into post_tags (post_id, tag_id)
    select p.id, t.id from blog_posts p, tags t where p.id % 4 = 0`);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The ids of a page by the offset, as the lists read them before. */
async function offsetPage(where: ReturnType<typeof sql>, page: number, size: number): Promise<number[]> {
  const result = (await t.deps.db.execute(sql`
    select id from blog_posts p where p.published_at <= now() and ${where}
    order by p.published_at desc, p.id desc limit ${size} offset ${(page - 1) * size}`)) as unknown as {
    rows: Array<{ id: number | string }>;
  };
  return result.rows.map((r) => Number(r.id));
}

const everything = sql`true`;
const inCategory = (name: string) => sql`p.category = ${name}`;
const tagged = sql`exists (select 1 from post_tags pt join tags t on t.id = pt.tag_id
                           where pt.post_id = p.id and t.slug = 'hitchin')`;

/** Every page of a list and one past its end: the ids shown and the total, against the offset's. */
async function expectSamePages(
  url: (page: number) => string,
  read: (res: Answer) => { ids: number[]; total: number },
  where: ReturnType<typeof sql>,
  size: number,
) {
  const first = read(await get(url(1)));
  const pages = Math.ceil(first.total / size);
  expect(pages).toBeGreaterThan(3);
  for (let page = 1; page <= pages + 1; page++) {
    const res = await get(url(page));
    expect(res.statusCode, url(page)).toBe(200);
    const { ids, total } = read(res);
    expect({ page, ids, total }).toEqual({
      page,
      ids: await offsetPage(where, page, size),
      total: first.total,
    });
  }
}

type Answer = Awaited<ReturnType<typeof get>>;

const setPublished = async (id: number, published: boolean) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/blogs/${id}`,
    headers: auth,
    payload: { published },
  });
  expect(res.statusCode, res.payload).toBe(200);
};

const fromPages = (res: Answer) => {
  const page = res.json() as { items: Array<{ id: number }>; total: number };
  return { ids: page.items.map((p) => p.id), total: page.total };
};

describe('?page=N shows the same posts as the offset did (issue 47.4)', () => {
  it('/blog (its read), page by page', async () => {
    await expectSamePages((page) => `/api/blog/pages?page=${page}`, fromPages, everything, 12);
  });

  it('GET /api/blog with a category and another page size', async () => {
    await expectSamePages(
      (page) => `/api/blog?page=${page}&limit=7&category=Markets`,
      (res) => ({
        ids: (res.json() as Array<{ id: number }>).map((p) => p.id),
        total: Number(res.headers['x-total-count']),
      }),
      inCategory('Markets'),
      7,
    );
  });

  it("a tag's pages", async () => {
    await expectSamePages((page) => `/api/blog/tags/hitchin?page=${page}`, fromPages, tagged, 12);
  });

  it('the same after a post is published and another unpublished', async () => {
    await expectSamePages((page) => `/api/blog/pages?page=${page}`, fromPages, everything, 12);
    const draft = await t.app.inject({ method: 'GET', url: '/api/admin/blogs/9', headers: auth });
    expect(draft.statusCode).toBe(200);
    await setPublished(9, true);
    await setPublished(100, false);
    await expectSamePages((page) => `/api/blog/pages?page=${page}`, fromPages, everything, 12);
    await expectSamePages((page) => `/api/blog/tags/hitchin?page=${page}`, fromPages, tagged, 12);
  });
});
