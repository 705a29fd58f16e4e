import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  correctSearchWords,
  SEARCH_RANKED_MAX,
  SEARCH_RECENT_POSTS,
  searchQueryOf,
} from '../../src/server/domains/blog';
import { countedWords, moveWordCounts } from '../../src/server/domains/blog/search-words';
import { BLOG_SEARCH_TOTAL_MAX } from '../../src/shared/blog-publishing';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { scaled } from '../helpers/timeouts';

// Issue 47.3: a search reads a bounded part of the posts however many match, and a reader still
// sees what ranking every match would show (the posts that name the words in their title, tags or
// excerpt first, best first, then the others, newest first), page after page, with a count that
// stops at BLOG_SEARCH_TOTAL_MAX and says so.

let t: TestApp;

/** Posts made in the database (a few thousand through the API would take minutes), words listed as a save lists them. */
const POSTS = SEARCH_RECENT_POSTS + 300;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, env: { CLIENT_DIST: builtClientDist() } });
  const db = t.deps.db;
  // Post i went out i/3 minutes ago (three at each time: the id decides among them).
  // - "harbour": in the text of the first 1,050, and in the title (once or twice), tags or excerpt of some;
  // - "lighthouse": in the title of every third post up to 3,000, and in the text of 50 others spread out;
  // - "quay": in the title of 2,100 posts, twice in the title of the oldest of them (the best ranked),
  //   which went out before the SEARCH_RECENT_POSTS newest posts.
  await db.execute(sql`
    insert into blog_posts (title, excerpt, content, category, published_at, created_at, updated_at, slug,
                            status, content_text, tags_text)
    select title, excerpt, '<p>' || body || '</p>', '', now() - ((i / 3) || ' minutes')::interval, now(), now(),
           'post-' || i, 'published', body, tags
    from (
      select i,
        concat_ws(' ', 'Day', i,
          case when i > 1050 then null when i % 11 = 0 then 'harbour harbour' when i % 7 = 0 then 'harbour' end,
          case when i % 3 = 0 and i <= 3000 then 'lighthouse' end,
          case when i % 3 <> 0 and i <= 3150 then (case when i >= 3012 then 'quay quay' else 'quay' end) end) as title,
        case when i % 5 = 0 and i <= 1050 then 'A morning at the harbour' else 'A morning' end as excerpt,
        concat_ws(' ', 'Notes of the day.', case when i <= 1050 then 'We walked by the harbour.' end,
          case when i % 60 = 1 and i <= 3000 then 'The old lighthouse.' end) as body,
        case when i % 13 = 0 and i <= 1050 then 'Harbour' else '' end as tags
      from generate_series(1, ${POSTS}) as i) made`);
  // Never found: a draft and a post not yet out, both naming every word.
  await db.execute(sql`
    insert into blog_posts (title, content, content_text, status, published_at, slug)
    values ('Harbour lighthouse quay draft', '<p>harbour</p>', 'harbour', 'draft', null, 'draft-words'),
           ('Harbour lighthouse quay later', '<p>harbour</p>', 'harbour', 'scheduled', now() + interval '1 day', 'later-words')`);
  const ids = (
    (await db.execute(sql`select id from blog_posts where status = 'published'`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500)
    await moveWordCounts(db, new Map(), await countedWords(db, ids.slice(i, i + 500)));
}, scaled(300_000));

afterAll(async () => {
  await t?.close();
});

interface SearchPage {
  items: Array<{ id: number; title: string }>;
  total: number;
  moreThanTotal?: boolean;
  page: number;
}

async function search(q: string, page: number): Promise<SearchPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/blog/search?q=${encodeURIComponent(q)}&page=${page}`,
  });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json() as SearchPage;
}

/** Every page's ids in turn, until an empty page. */
async function everyPage(q: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { items } = await search(q, page);
    if (items.length === 0) return ids;
    ids.push(...items.map((i) => i.id));
  }
}

/** What ranking every match would give: each one's rank by its title, tags and excerpt, then newest first. */
async function rankingEveryMatch(q: string): Promise<number[]> {
  const words = [...q.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]);
  const { alternatives } = await correctSearchWords(t.deps.db, words);
  const { all } = searchQueryOf(alternatives);
  const result = (await t.deps.db.execute(sql`
    select id from blog_posts
    where search @@ to_tsquery('english', ${all}) and published_at <= now()
    order by ts_rank(rank_search, to_tsquery('english', ${all})) desc, published_at desc, id desc`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return result.rows.map((r) => Number(r.id));
}

describe('search at scale (issue 47.3)', () => {
  it('counts up to the most it counts, says more match, and pages through every match as ranking them all would', async () => {
    for (const q of ['harbour', 'lighthouse']) {
      const expected = await rankingEveryMatch(q);
      expect(expected.length).toBe(1050);
      const first = await search(q, 1);
      expect(first.total).toBe(BLOG_SEARCH_TOTAL_MAX);
      expect(first.moreThanTotal).toBe(true);
      // Past the hundredth page too: the posts ranked, then the others (for "lighthouse" a few far
      // apart, which the walk from the newest post does not reach), each once.
      expect(await everyPage(q)).toEqual(expected);
    }
  });

  it('counts exactly, without saying more, up to the most it counts', async () => {
    const expected = await rankingEveryMatch('harbour lighthouse');
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThanOrEqual(BLOG_SEARCH_TOTAL_MAX);
    const page = await search('harbour lighthouse', 1);
    expect(page.total).toBe(expected.length);
    expect(page).not.toHaveProperty('moreThanTotal');
    expect(await everyPage('harbour lighthouse')).toEqual(expected);
  });

  it('keeps in the word list how many posts use each word, and how many name it up front', async () => {
    const counts = async (word: string) =>
      (
        (await t.deps.db.execute(
          sql`select posts, named from blog_search_words where word = ${word}`,
        )) as unknown as { rows: Array<{ posts: number; named: number }> }
      ).rows[0];
    const frontOfHarbour = Array.from({ length: 1050 }, (_, n) => n + 1).filter(
      (i) => i % 11 === 0 || i % 7 === 0 || i % 5 === 0 || i % 13 === 0,
    ).length;
    expect(await counts('harbour')).toEqual({ posts: 1050, named: frontOfHarbour });
    expect(await counts('quay')).toEqual({ posts: 2100, named: 2100 });
  });

  it('ranks the newest posts when more than it ranks name the word up front, and still lists every match once', async () => {
    const named = await rankingEveryMatch('quay');
    expect(named.length).toBeGreaterThan(SEARCH_RANKED_MAX);
    const ids = await everyPage('quay');
    expect([...ids].sort((a, b) => a - b)).toEqual([...named].sort((a, b) => a - b));
    // The posts with the word twice in their title rank best but went out before the newest
    // SEARCH_RECENT_POSTS: they come after the ranked ones, newest first, where ranking them all
    // would have put them first.
    const twice = new Set(
      (
        (await t.deps.db.execute(
          sql`select id from blog_posts where title like '%quay quay%' and status = 'published'`,
        )) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows.map((r) => Number(r.id)),
    );
    expect(twice.size).toBeGreaterThan(0);
    expect(named.slice(0, twice.size).every((id) => twice.has(id))).toBe(true);
    const firstTwice = ids.findIndex((id) => twice.has(id));
    expect(firstTwice).toBe(ids.length - twice.size);
    // Before them, best first: every ranked post's rank is at least the next one's.
    const ranks = (await t.deps.db.execute(sql`
      select id, ts_rank(rank_search, to_tsquery('english', 'quay')) as rank from blog_posts
      where id = any(${`{${ids.slice(0, firstTwice).join(',')}}`}::int[])`)) as unknown as {
      rows: Array<{ id: number; rank: number }>;
    };
    const rankOf = new Map(ranks.rows.map((r) => [Number(r.id), Number(r.rank)]));
    const inOrder = ids.slice(0, firstTwice).map((id) => rankOf.get(id)!);
    expect(inOrder.every((rank, i) => i === 0 || rank <= inOrder[i - 1]!)).toBe(true);
  });

  it('says on /search that more than the count match, with a pager of its pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/search?q=harbour' });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('More than 1,000 posts match “harbour”');
    expect(res.payload).toContain(`Page <!-- -->1<!-- --> of <!-- -->${BLOG_SEARCH_TOTAL_MAX / 10}`);
    const exact = await t.app.inject({ method: 'GET', url: '/search?q=harbour%20lighthouse' });
    expect(exact.payload).toMatch(/\d+ posts match “harbour lighthouse”/);
  });
});
