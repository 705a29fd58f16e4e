import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MESSAGES } from '../../src/shared/blog';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ auth } = await signedInAdmin(t, {
    name: 'Bea Blogger',
    email: 'bea@hertslocalmedia.co.uk',
    password: 'Mulberry-Court-Tea-6',
  }));
});
afterAll(async () => {
  await t.close();
});

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/blogs', headers: auth, payload });
const patch = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/blogs/${id}`, headers: auth, payload });
const publicList = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as Array<{
    id: number;
    title: string;
    publishedAt: string;
  }>;

describe('the public blog', () => {
  it('lists the seeded published posts, newest first, with the fields of docs/specification.md §3', async () => {
    const posts = await publicList();
    expect(posts.length).toBe(3);
    for (const post of posts) {
      expect(Object.keys(post)).toEqual(
        expect.arrayContaining(['id', 'title', 'excerpt', 'content', 'category', 'imageUrl', 'publishedAt']),
      );
      expect(post.publishedAt).not.toBeNull();
    }
    const dates = posts.map((p) => Date.parse(p.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('GET /api/blog/{id} returns a published post; a missing one is 404 and a bad id 400', async () => {
    const [first] = await publicList();
    const res = await t.app.inject({ method: 'GET', url: `/api/blog/${first!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe(first!.title);
    const missing = await t.app.inject({ method: 'GET', url: '/api/blog/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(BLOG_MESSAGES.notFound);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/not-a-number' })).statusCode).toBe(400);
  });
});

describe('managing posts', () => {
  it('creates a draft that the public cannot see, then publishes and unpublishes it', async () => {
    const res = await create({
      title: '  Spring fair in Bishop’s Stortford  ',
      category: 'Events',
      excerpt: 'Stalls, music and local food on the Causeway.',
      content: '<h2>Come along</h2><p>Saturday from <strong>10am</strong>.</p>',
      imageUrl: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567',
    });
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft).toMatchObject({
      title: 'Spring fair in Bishop’s Stortford',
      category: 'Events',
      publishedAt: null,
    });

    expect((await publicList()).some((p) => p.id === draft.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/${draft.id}` })).statusCode).toBe(404);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/admin/blogs', headers: auth })
    ).json() as Array<{ id: number; publishedAt: string | null }>;
    expect(all.find((p) => p.id === draft.id)?.publishedAt).toBeNull();
    expect(all).toHaveLength(4);

    const published = await patch(draft.id, { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().publishedAt).not.toBeNull();
    expect((await publicList())[0]!.id).toBe(draft.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/${draft.id}` })).json().content).toContain(
      '<strong>10am</strong>',
    );

    const unpublished = await patch(draft.id, { published: false });
    expect(unpublished.json().publishedAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/${draft.id}` })).statusCode).toBe(404);
  });

  it('edits the fields given and keeps the rest', async () => {
    const created = (
      await create({ title: 'Original title', content: '<p>Original</p>', category: 'News', published: true })
    ).json();
    const res = await patch(created.id, { title: 'New title', excerpt: 'A new summary' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New title',
      excerpt: 'A new summary',
      category: 'News',
      content: '<p>Original</p>',
    });
    expect(res.json().publishedAt).toBe(created.publishedAt);
    expect((await patch(987654, { title: 'x' })).statusCode).toBe(404);
    const emptied = await patch(created.id, { content: '<p> </p>' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toBe(BLOG_MESSAGES.missingFields);
  });

  it('requires a title and content, with the message of docs/specification.md §5', async () => {
    for (const payload of [
      { title: '', content: '<p>Body</p>' },
      { title: 'A title', content: '' },
      { title: '   ', content: '<p>Body</p>' },
      { title: 'A title', content: '<p></p>' },
      { title: 'A title', content: '<script>alert(1)</script>' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Missing required fields - Title and content are required');
    }
  });

  it('refuses an image from another host', async () => {
    const res = await create({
      title: 'Hotlinked',
      content: '<p>Body</p>',
      imageUrl: 'https://example.com/a.jpg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(BLOG_MESSAGES.badImageUrl);
  });

  it('deletes a post', async () => {
    const created = (await create({ title: 'To delete', content: '<p>Bye</p>', published: true })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blogs/${created.id}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/${created.id}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${created.id}`, headers: auth }))
        .statusCode,
    ).toBe(404);
  });

  it('works the same over tRPC as the client calls it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/blog.create',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { title: 'Via tRPC', content: '<p>Hello</p>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.title).toBe('Via tRPC');
  });
});

describe('post HTML is sanitised before it is stored', () => {
  it('strips script, event handlers, javascript: URLs, styles, frames and images from other hosts', async () => {
    const dirty = [
      '<h1>Heading</h1>',
      '<p onclick="steal()">Hello <b onmouseover="x()">bold</b> <em>and</em> <a href="javascript:alert(1)">bad link</a></p>',
      '<script>alert("xss")</script>',
      '<img src="/objects/uploads/abcdefghijklmnopqrstuvwxyz234567" onerror="alert(1)" alt="A shop front">',
      '<img src="https://tracker.example.com/pixel.gif">',
      '<iframe src="https://evil.example.com"></iframe>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      '<a href="https://www.hertfordshire.gov.uk/">council</a>',
      '<svg><script>alert(2)</script></svg>',
      '<ul><li>one</li></ul><blockquote>quote</blockquote>',
    ].join('');
    const res = await create({ title: 'Dirty', content: dirty, published: true });
    expect(res.statusCode).toBe(200);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/blog/${res.json().id}` })).json()
      .content as string;
    expect(stored).not.toMatch(/<script|<iframe|<svg|style=|javascript:|\son\w+=/i);
    expect(stored).not.toContain('tracker.example.com');
    expect(stored).toContain('<h2>Heading</h2>');
    expect(stored).toContain('<b>bold</b>');
    expect(stored).toContain('<em>and</em>');
    expect(stored).toContain(
      '<img src="/objects/uploads/abcdefghijklmnopqrstuvwxyz234567" alt="A shop front" loading="lazy" />',
    );
    expect(stored).toContain(
      '<a href="https://www.hertfordshire.gov.uk/" target="_blank" rel="noopener noreferrer nofollow">council</a>',
    );
    expect(stored).toContain('<ul><li>one</li></ul><blockquote>quote</blockquote>');
  });

  it('gives every link that opens elsewhere rel=noopener, however its href is written (issue 13.8)', async () => {
    const links = [
      '<a href="https:\\\\evil.example/a" target="_self">backslashes</a>',
      '<a href=" https://evil.example/b">leading space</a>',
      '<a href="HTTPS://EVIL.EXAMPLE/c" rel="opener">upper case, opener</a>',
      '<a href="//evil.example/d">protocol-relative</a>',
      '<a href="/blog" rel="opener nofollow">ours, asking for opener</a>',
      '<a href="/about" target="_blank">ours in a new tab</a>',
      '<a href="javascript:alert(1)">script</a>',
    ].join(' ');
    const res = await create({ title: 'Links', content: `<p>${links}</p>`, published: true });
    expect(res.statusCode).toBe(200);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/blog/${res.json().id}` })).json()
      .content as string;
    const anchors = [...stored.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attrs, text]) => ({
      attrs: attrs!,
      text: text!,
    }));
    const byText = (text: string) => anchors.find((a) => a.text === text)?.attrs ?? `(no link for ${text})`;
    for (const text of [
      'backslashes',
      'leading space',
      'upper case, opener',
      'protocol-relative',
      'ours in a new tab',
    ]) {
      expect(byText(text), text).toMatch(/target="_blank"/);
      expect(byText(text), text).toMatch(/rel="noopener noreferrer nofollow"/);
    }
    expect(byText('backslashes')).toContain('href="https://evil.example/a"');
    expect(byText('protocol-relative')).toContain('href="https://evil.example/d"');
    expect(byText('ours, asking for opener')).toBe('href="/blog" rel="nofollow"');
    expect(stored).not.toMatch(/rel="[^"]*\bopener\b/);
    expect(stored).not.toMatch(/javascript:/i);
    expect(stored).toContain('script');
  });

  it('sanitises on edit too', async () => {
    const created = (await create({ title: 'Clean', content: '<p>Clean</p>' })).json();
    const res = await patch(created.id, {
      content: '<p>Now <img src=x onerror=alert(1)>dirty<script>x()</script></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('<p>Now dirty</p>');
  });
});
