// The lists that page, filter and search use indexes, so their cost does not follow the
// number of posts. The plans of the exact queries the services run (their builders, exported for this)
// are read with EXPLAIN at 10,000 posts and 1,000 episodes; a sequential scan of the table fails.
// Search's statements too, each through the index it is written for whatever the statistics say.
// Runs on PGlite and, in CI's second pass, on PostgreSQL. SHOW_PLANS=1 prints each plan.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/platform/db/client';
import {
  postListQueries,
  publishedPageStart,
  SEARCH_RANKED_MAX,
  SEARCH_RECENT_POSTS,
  searchQueries,
  searchQueryOf,
  type PageStart,
} from '../../src/server/domains/blog';
import { episodeListQueries } from '../../src/server/domains/podcasts';
import { openTestDatabase } from '../helpers/app';
import { scaled } from '../helpers/timeouts';

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  // One transaction without the app's statement time limit (10 s on PostgreSQL): writing 80 MB of
  // posts can take longer than that where the CPU is shared, and a limit here guards nothing.
  await handle.db.transaction(async (db) => {
    await db.execute(sql`set local statement_timeout = 0`);
    await seed(db);
  });
  await handle.db.execute(sql`analyze blog_posts`);
  await handle.db.execute(sql`analyze podcast_episodes`);
}, scaled(300_000));

async function seed(db: Pick<DatabaseHandle['db'], 'execute'>) {
  // 10,000 posts over 40 categories, one in ten a draft, about 8 KB of HTML each (a sentence of it
  // searched); 1,000 episodes.
  await db.execute(sql`
    insert into blog_posts (title, excerpt, content, content_text, category, published_at, created_at, updated_at)
    select 'Post ' || i || ' about ' || (array['walks','markets','schools','parking','festivals'])[1 + i % 5],
           'What happened in town, part ' || i,
           '<p>' || repeat('Local news from Hertfordshire, paragraph ' || i || '. ', 160) || '</p>',
           'Local news from Hertfordshire, paragraph ' || i || '.',
           'Category ' || (i % 40),
           case when i % 10 = 0 then null else now() - (i || ' minutes')::interval end,
           now() - (i || ' minutes')::interval,
           now()
    from generate_series(1, 10000) as i`);
  await db.execute(sql`
    insert into podcast_episodes (guid, title, description, episode_number, audio_url, published_at)
    select 'ep-' || i, 'Episode ' || i || ': ' || (array['farming','business','sport'])[1 + i % 3],
           'A conversation about ' || i || ' things in Hertfordshire.', i, 'https://media.example/ep' || i || '.mp3',
           now() - (i || ' days')::interval
    from generate_series(1, 1000) as i`);
}

afterAll(async () => {
  await drop?.();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan of a built query (its SQL and parameters, as the service would send them). */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } } | SQL): Promise<PlanNode> {
  if (!('toSQL' in query)) return explain(sql`explain (format json) ${query}`);
  const { sql: text, params } = query.toSQL();
  const chunks: SQL[] = [sql.raw('explain (format json) ')];
  // Re-bind the parameters in order: $1, $2... become drizzle placeholders again.
  const parts = text.split(/\$(\d+)/);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${params[Number(parts[i]) - 1]}`);
  }
  return explain(sql.join(chunks));
}

async function explain(statement: SQL): Promise<PlanNode> {
  const result = (await handle.db.execute(statement)) as unknown as { rows: Array<Record<string, unknown>> };
  const cell = Object.values(result.rows[0]!)[0];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return parsed[0]!.Plan;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

function describePlan(plan: PlanNode): string {
  return nodes(plan)
    .map(
      (n) =>
        `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`,
    )
    .join(' > ');
}

function expectNoSeqScan(plan: PlanNode, table: string): void {
  const scans = nodes(plan).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
  expect(scans, describePlan(plan)).toEqual([]);
  // And the table is read through an index at all.
  expect(describePlan(plan)).toMatch(/Index|Bitmap/);
}

/** Where a published list's page starts, as the service finds it (kept in memory). */
async function startOf(filter: { page: number; pageSize: number; category?: string }): Promise<PageStart> {
  const start = await publishedPageStart(handle.db, filter);
  expect(start, `page ${filter.page} exists`).not.toBeNull();
  return start!;
}

type Built = { toSQL(): { sql: string; params: unknown[] } } | SQL;

const FIRST = { page: 1, pageSize: 12 };
const DEEP = { page: 400, pageSize: 12 };
const CATEGORY = { page: 2, pageSize: 12, category: 'Category 7' };
/** The pages' first posts, found before the plans are read (a drizzle query is a promise itself). */
const starts = new Map<object, PageStart>();

describe('the lists read through indexes at 10,000 posts (issue 14.4)', () => {
  beforeAll(async () => {
    for (const filter of [FIRST, DEEP, CATEGORY]) starts.set(filter, await startOf(filter));
  });
  const cases: Array<[string, () => Built, string]> = [
    [
      '/blog, page 1',
      () => postListQueries.publishedSummaries(handle.db, FIRST, starts.get(FIRST)!),
      'blog_posts',
    ],
    [
      '/blog?page=400',
      () => postListQueries.publishedSummaries(handle.db, DEEP, starts.get(DEEP)!),
      'blog_posts',
    ],
    [
      'GET /api/blog, page 1',
      () => postListQueries.publishedPosts(handle.db, FIRST, starts.get(FIRST)!),
      'blog_posts',
    ],
    [
      'a category, page 2',
      () => postListQueries.publishedSummaries(handle.db, CATEGORY, starts.get(CATEGORY)!),
      'blog_posts',
    ],
    ['the categories', () => postListQueries.categories(), 'blog_posts'],
    [
      'the admin list',
      () => postListQueries.adminSummaries(handle.db, { page: 1, pageSize: 20 }),
      'blog_posts',
    ],
    // A search that finds a few posts, as an admin looking for one does. (For a word in a fifth of all
    // posts the planner rightly prefers reading the table: the first 20 matches are near its start.)
    [
      'the admin search',
      () => postListQueries.adminSummaries(handle.db, { page: 1, pageSize: 20, q: 'part 4242' }),
      'blog_posts',
    ],
    [
      'the admin search of drafts',
      () =>
        postListQueries.adminSummaries(handle.db, { page: 1, pageSize: 20, q: 'part 99', status: 'draft' }),
      'blog_posts',
    ],
    [
      'GET /api/admin/blogs?q=',
      () => postListQueries.adminPosts(handle.db, { page: 1, pageSize: 20, q: 'Post 12' }),
      'blog_posts',
    ],
    [
      'episodes, page 1',
      () => episodeListQueries.page(handle.db, { page: 1, pageSize: 6 }, true),
      'podcast_episodes',
    ],
    ['whether a real episode exists', () => episodeListQueries.anyReal(handle.db), 'podcast_episodes'],
    [
      'episodes searched',
      () => episodeListQueries.page(handle.db, { page: 1, pageSize: 6, q: 'farming' }, true),
      'podcast_episodes',
    ],
  ];
  for (const [name, query, table] of cases) {
    it(`${name}: no sequential scan of ${table}`, async () => {
      const plan = await planOf(query());
      if (process.env.SHOW_PLANS) console.log(`${name}: ${describePlan(plan)}`);
      expectNoSeqScan(plan, table);
    });
  }
});

/** The rows each node of a query's plan read when it ran (EXPLAIN ANALYZE), by node. */
async function rowsRead(query: Built): Promise<Array<{ node: string; rows: number }>> {
  const { sql: text, params } = (query as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  const chunks: SQL[] = [sql.raw('explain (analyze, format json) ')];
  const parts = text.split(/\$(\d+)/);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${params[Number(parts[i]) - 1]}`);
  }
  const plan = await explain(sql.join(chunks));
  return nodes(plan).map((n) => ({
    node: `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`,
    rows: Number((n as { 'Actual Rows'?: number })['Actual Rows'] ?? 0),
  }));
}

describe('a deep page costs what the first costs (issue 47.4)', () => {
  for (const [name, filter] of [
    ['/blog?page=500', { page: 500, pageSize: 12 }],
    ['/api/blog?page=300&limit=20', { page: 300, pageSize: 20 }],
    ['a category, its last page', { page: 19, pageSize: 12, category: 'Category 7' }],
  ] as const) {
    it(`${name}: reads its own rows from an index seek, not every row before it`, async () => {
      const read = await rowsRead(
        postListQueries.publishedSummaries(handle.db, filter, await startOf(filter)),
      );
      if (process.env.SHOW_PLANS) console.log(`${name}: ${JSON.stringify(read)}`);
      const scans = read.filter((n) => /Scan/.test(n.node));
      expect(scans.length, JSON.stringify(read)).toBeGreaterThan(0);
      for (const scan of scans) expect(scan.rows, JSON.stringify(read)).toBeLessThanOrEqual(filter.pageSize);
    });
  }
});

describe('search reads through its indexes however many posts match (issue 47.3)', () => {
  // "hertfordshire" is in every post's text, "markets" in a fifth of the titles: the planner, which
  // knows it from the statistics, would read every post for the first (and every post's whole
  // vector from TOAST), and rank every match of the second.
  const common = searchQueryOf([['hertfordshire']]);
  const titled = searchQueryOf([['markets']]);
  const both = searchQueryOf([['markets'], ['hertfordshire']]);
  const cases: Array<[string, () => SQL, string]> = [
    ['the count of a common word', () => searchQueries.count(common), 'blog_posts_search_idx'],
    [
      'the ranked posts of a word in titles',
      () => searchQueries.ranked(titled, 'all', { offset: 0, limit: 10, needle: 'marke' }),
      'blog_posts_rank_search_idx',
    ],
    [
      // The posts with both words are found through the matches' index, each tested against its
      // own rank_search: the posts naming either word up front are many more.
      'the ranked posts of two words',
      () => searchQueries.ranked(both, 'all', { offset: 0, limit: 10, needle: 'marke' }),
      'blog_posts_search_idx',
    ],
    ['the other matches of a few', () => searchQueries.older(titled, 'all', 0, 10), 'blog_posts_search_idx'],
  ];
  for (const [name, statement, index] of cases) {
    it(`${name}: through ${index}, no sequential scan`, async () => {
      const plan = await planOf(statement());
      if (process.env.SHOW_PLANS) console.log(`${name}: ${describePlan(plan)}`);
      expectNoSeqScan(plan, 'blog_posts');
      expect(describePlan(plan)).toContain(index);
    });
  }

  /** The rows each scan of blog_posts read when the statement ran. */
  async function scansOf(statement: SQL): Promise<Array<{ node: string; rows: number }>> {
    const plan = await explain(sql`explain (analyze, format json) ${statement}`);
    return nodes(plan)
      .filter((n) => /Scan/.test(n['Node Type']) && n['Relation Name'] === 'blog_posts')
      .map((n) => ({
        node: `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`,
        rows: Number((n as { 'Actual Rows'?: number })['Actual Rows'] ?? 0),
      }));
  }

  it('walks the newest posts for a common word, reading a few more than the page', async () => {
    const read = await scansOf(searchQueries.olderRecent(common, 'all', 100, 0, 10));
    expect(read, JSON.stringify(read)).toEqual([
      { node: 'Index Scan using blog_posts_published_idx', rows: expect.any(Number) },
    ]);
    expect(read[0]!.rows).toBeLessThanOrEqual(20);
  });

  it('reads none of the posts naming a word that the word list shows named by more than it ranks', async () => {
    const page = { offset: 0, limit: 10, needle: 'marke' };
    const readPosts = async () =>
      (await scansOf(searchQueries.ranked(titled, 'all', page))).reduce((n, scan) => n + scan.rows, 0);
    // Without the word in the list (as before it counted the posts naming it), a thousand are read to
    // find that more than that many name it.
    expect(await readPosts()).toBeGreaterThan(SEARCH_RANKED_MAX);
    // The list as a save keeps it: "markets" in the titles of 1,800 of the published posts.
    await handle.db.execute(sql`
      insert into blog_search_words (word, posts, named) values ('markets', 1800, 1800)
      on conflict (word) do update set posts = excluded.posts, named = excluded.named`);
    try {
      expect(await readPosts()).toBe(0);
    } finally {
      await handle.db.execute(sql`delete from blog_search_words where word = 'markets'`);
    }
  });

  it('ranks among the newest posts when very many name the word, reading no more of them', async () => {
    const read = await scansOf(
      searchQueries.ranked(titled, 'recent', { offset: 0, limit: 10, needle: 'marke' }),
    );
    // The walk, and the page's posts read one by one by their ids for what the page shows.
    expect(read.map((r) => r.node)).toEqual([
      'Index Scan using blog_posts_published_idx',
      'Index Scan using blog_posts_pkey',
    ]);
    expect(read[0]!.rows).toBeLessThanOrEqual(SEARCH_RECENT_POSTS);
  });
});
