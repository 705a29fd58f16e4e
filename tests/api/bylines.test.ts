import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/server/domains/auth';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { signedInStaff, type SignedInAdmin } from '../helpers/admin';

// Bylines: every post is by someone (and may be by more), shown on the post, in its feeds and in the
// sitemap; each author has a public page of their published posts, paged, with its own feed, and
// their own profile (name, address, photo, bio) to change. Only an editor chooses a byline; a post
// that names nobody is the owner's; someone with nothing published is nobody's to see.

let t: TestApp;
const PASSWORD = 'Bramble-Lane-Otter-77';
const people = {
  owner: { name: 'Olive Owner', email: 'olive@hertslocalmedia.co.uk' },
  editor: { name: 'Eve Editor', email: 'eve@hertslocalmedia.co.uk' },
  author: { name: 'Ava Author', email: 'ava@hertslocalmedia.co.uk' },
  contributor: { name: 'Cal Contributor', email: 'cal@hertslocalmedia.co.uk' },
  sales: { name: 'Sam Sales', email: 'sam@hertslocalmedia.co.uk' },
} as const;
type Who = keyof typeof people;
let staff: Record<Who, SignedInAdmin>;
const ids = {} as Record<Who, number>;

const call = (who: Who | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(who ? { headers: staff[who].auth } : {}),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp({ seed: false, env: { CLIENT_DIST: builtClientDist() } });
  staff = await signedInStaff(t, people, PASSWORD);
  for (const who of Object.keys(people) as Who[]) ids[who] = staff[who].id;
});
afterAll(async () => {
  await t?.close();
});

describe('bylines and author pages', () => {
  it('gives each person an address from their name, and lets them change their own profile', async () => {
    const mine = await call('contributor', 'GET', '/api/admin/profile');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      id: ids.contributor,
      name: 'Cal Contributor',
      slug: 'cal-contributor',
      bio: '',
      photoUrl: null,
    });
    const saved = await call('contributor', 'PATCH', '/api/admin/profile', {
      slug: 'cal-jones',
      bio: 'Writes about the towpaths of the Lea and the Stort.',
      photoUrl: '/uploads/cal.webp',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ slug: 'cal-jones', photoUrl: '/uploads/cal.webp' });

    // Someone else's address, a bad one, a photo from another site: refused in the one error shape.
    const taken = await call('author', 'PATCH', '/api/admin/profile', { slug: 'cal-jones' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Someone on the staff already has that address. Try another.');
    expect((await call('author', 'PATCH', '/api/admin/profile', { slug: 'Ava Author' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('author', 'PATCH', '/api/admin/profile', { photoUrl: 'https://evil.example/x.png' }))
        .statusCode,
    ).toBe(400);
    expect((await call('author', 'PATCH', '/api/admin/profile', { bio: 'x'.repeat(301) })).statusCode).toBe(
      400,
    );
    // Any role has a profile; nobody signed out does.
    expect((await call('sales', 'GET', '/api/admin/profile')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/admin/profile')).statusCode).toBe(401);
  });

  it('names the post’s maker, and lets only an editor choose a byline of staff who write', async () => {
    const own = (
      await call('author', 'POST', '/api/admin/blogs', {
        title: 'Ducks of the Lea',
        content: '<p>Mallards and the odd mandarin.</p>',
      })
    ).json();
    expect(own.authors).toEqual([{ id: ids.author, name: 'Ava Author', slug: 'ava-author', photoUrl: null }]);
    expect(own).toMatchObject({ authorId: ids.author, authorName: 'Ava Author' });

    // An author cannot change the byline, even of their own post.
    const refused = await call('author', 'PATCH', `/api/admin/blogs/${own.id}`, {
      authorIds: [ids.author, ids.editor],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an editor can choose who a post is by.');

    // The editor's choice: staff who write, each once, at most five.
    const choices = (await call('editor', 'GET', '/api/admin/blogs/authors')).json();
    expect(choices.map((c: { name: string }) => c.name)).toEqual([
      'Ava Author',
      'Cal Contributor',
      'Eve Editor',
      'Olive Owner',
    ]);
    expect((await call('author', 'GET', '/api/admin/blogs/authors')).statusCode).toBe(403);
    for (const bad of [[ids.sales], [ids.author, ids.author], [], [999999]]) {
      const res = await call('editor', 'PATCH', `/api/admin/blogs/${own.id}`, { authorIds: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const both = await call('editor', 'PATCH', `/api/admin/blogs/${own.id}`, {
      authorIds: [ids.contributor, ids.author],
      published: true,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().authors.map((a: { name: string }) => a.name)).toEqual([
      'Cal Contributor',
      'Ava Author',
    ]);
    // The first named is whose post it is now.
    expect(both.json().authorId).toBe(ids.contributor);

    // Visitors see the byline on the post, without the staff's ids.
    const post = await call(null, 'GET', `/api/blog/by-slug/${own.slug}`);
    expect(post.json().authors).toEqual([
      { name: 'Cal Contributor', slug: 'cal-jones', photoUrl: '/uploads/cal.webp' },
      { name: 'Ava Author', slug: 'ava-author', photoUrl: null },
    ]);
  });

  it('shows an author’s published posts on their page, paged, with a feed, and hides who has none', async () => {
    // Fourteen more of Ava's, one a draft and one scheduled: twelve out, with the shared one thirteen.
    for (let i = 1; i <= 14; i++) {
      const res = await call('author', 'POST', '/api/admin/blogs', {
        title: `Walk ${i} along the Stort`,
        content: `<p>Walk number ${i}.</p>`,
        ...(i === 14
          ? {}
          : i === 13
            ? { status: 'scheduled', publishAt: '2099-01-01T09:00:00Z' }
            : { published: true }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await call(null, 'GET', '/api/blog/authors/ava-author');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.author).toEqual({ name: 'Ava Author', slug: 'ava-author', bio: '', photoUrl: null });
    expect(page1).toMatchObject({ total: 13, page: 1, pageSize: 12 });
    expect(page1.items).toHaveLength(12);
    expect(page1.items[0].title).toBe('Walk 12 along the Stort');
    const page2 = (await call(null, 'GET', '/api/blog/authors/ava-author?page=2')).json();
    expect(page2.items.map((p: { title: string }) => p.title)).toEqual(['Ducks of the Lea']);

    // The page the visitor reads, server-rendered, and its feed.
    const html = await call(null, 'GET', '/author/ava-author');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Ava Author');
    expect(html.body).toContain('Walk 12 along the Stort');
    const feed = await call(null, 'GET', '/author/ava-author/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<title>Herts Local Media blog: Ava Author</title>');
    expect(feed.body.match(/<item>/g)).toHaveLength(13);
    const all = (await call(null, 'GET', '/rss.xml')).body;
    expect(all).toMatch(
      /<title>Ducks of the Lea<\/title>[\s\S]*?<dc:creator>Cal Contributor<\/dc:creator>\s*<dc:creator>Ava Author<\/dc:creator>/,
    );

    // Only what is out: the editor has published nothing, the sales person writes nothing.
    for (const slug of ['eve-editor', 'sam-sales', 'no-such-person']) {
      expect((await call(null, 'GET', `/api/blog/authors/${slug}`)).statusCode, slug).toBe(404);
      expect((await call(null, 'GET', `/author/${slug}`)).statusCode, slug).toBe(404);
      expect((await call(null, 'GET', `/author/${slug}/rss.xml`)).statusCode, slug).toBe(404);
    }
    const sitemap = (await call(null, 'GET', '/sitemap.xml')).body;
    expect(sitemap).toContain('/author/ava-author</loc>');
    expect(sitemap).toContain('/author/cal-jones</loc>');
    expect(sitemap).not.toContain('/author/eve-editor');
  });

  it('gives a post whose author has left to the owner', async () => {
    const post = (
      await call('contributor', 'POST', '/api/admin/blogs', { title: 'Goodbye', content: '<p>Last one.</p>' })
    ).json();
    await call('editor', 'PATCH', `/api/admin/blogs/${post.id}`, { published: true });
    // A post that names nobody: a removed writer's (the row's author is cleared by the database).
    const removed = await createAdmin(t.deps, {
      name: 'Leo Leaving',
      email: 'leo@hertslocalmedia.co.uk',
      password: PASSWORD,
      role: 'author',
    });
    await call('editor', 'PATCH', `/api/admin/blogs/${post.id}`, { authorIds: [removed.id] });
    expect((await call('owner', 'DELETE', `/api/admin/users/${removed.id}`)).statusCode).toBe(200);
    const seen = (await call(null, 'GET', `/api/blog/by-slug/${post.slug}`)).json();
    expect(seen.authors).toEqual([{ name: 'Olive Owner', slug: 'olive-owner', photoUrl: null }]);
    const owners = (await call(null, 'GET', '/api/blog/authors/olive-owner')).json();
    expect(owners.items.map((p: { title: string }) => p.title)).toEqual(['Goodbye']);
  });

  it('moves an author’s earlier addresses, page and feed, to the one they have now', async () => {
    const moved = async (from: string, to: string) => {
      const res = await call(null, 'GET', from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    };
    // Cal changed cal-contributor to cal-jones before anything of theirs was out; a link kept from
    // then (with its campaign's tags) and the feed go where they are now.
    await moved('/author/cal-contributor?utm_source=newsletter', '/author/cal-jones?utm_source=newsletter');
    await moved('/author/cal-contributor/rss.xml', '/author/cal-jones/rss.xml');
    // Changed again: every earlier address goes to the latest.
    expect((await call('contributor', 'PATCH', '/api/admin/profile', { slug: 'cal-j' })).statusCode).toBe(
      200,
    );
    await moved('/author/cal-contributor', '/author/cal-j');
    await moved('/author/cal-jones', '/author/cal-j');
    expect((await call(null, 'GET', '/author/cal-j')).statusCode).toBe(200);
    // Back to an earlier one: it is theirs again, and the one they leave moves to it.
    expect((await call('contributor', 'PATCH', '/api/admin/profile', { slug: 'cal-jones' })).statusCode).toBe(
      200,
    );
    expect((await call(null, 'GET', '/author/cal-jones')).statusCode).toBe(200);
    await moved('/author/cal-j', '/author/cal-jones');
    await moved('/author/cal-contributor', '/author/cal-jones');
    // An earlier address someone else then takes is theirs: their page, not a move.
    expect((await call('author', 'PATCH', '/api/admin/profile', { slug: 'cal-j' })).statusCode).toBe(200);
    const taken = await call(null, 'GET', '/api/blog/authors/cal-j');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().author.name).toBe('Ava Author');
    await moved('/author/ava-author', '/author/cal-j');
    // Someone with nothing out has no page at any address, earlier ones included.
    expect((await call('editor', 'PATCH', '/api/admin/profile', { slug: 'eve-e' })).statusCode).toBe(200);
    expect((await call(null, 'GET', '/author/eve-editor')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/author/eve-editor/rss.xml')).statusCode).toBe(404);
  });
});
