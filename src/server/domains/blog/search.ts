import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../platform/db/rows';
import type { Database } from '../../platform/db/client';
import { BLOG_SEARCH_TOTAL_MAX } from '../../../shared/blog-publishing';

export const SEARCH_PAGE_SIZE = 10;
/**
 * Searches that miss the response cache (a repeat is a cache hit and costs nothing): a reader who
 * types a search every few seconds and pages through the results makes 10-20 a minute; a flood of
 * distinct searches from one address stops here.
 */
export const SEARCH_RATE_LIMIT = { name: 'search', max: 60, windowMs: 60_000 } as const;
const MARK_START = '\u0002';
const MARK_END = '\u0003';

/** ts_headline's marked text as parts; the markers are control characters no post contains. */
export function highlightParts(marked: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  const re = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g');
  let last = 0;
  for (const m of marked.matchAll(re)) {
    if (m.index > last) parts.push({ text: marked.slice(last, m.index), match: false });
    parts.push({ text: m[1]!, match: true });
    last = m.index + m[0].length;
  }
  if (last < marked.length) parts.push({ text: marked.slice(last), match: false });
  return parts;
}

type Part = { text: string; match: boolean };

/** Ends a sentence (or a quotation of one): a snippet stopping after it is not cut short. */
const SENTENCE_END = /[.!?…"'”’)]$/;

/**
 * A snippet as a reader expects one: no space before punctuation ('6.15pm , with', from posts whose
 * text was stored with a space for each tag), '…' before it when it starts mid-sentence and after it
 * when it stops mid-sentence.
 */
export function tidySnippet(parts: readonly Part[]): Part[] {
  const tidy = parts.map((part, i) => {
    let text = part.text.replace(/\s+(?=[,.;:!?)])/g, '');
    const next = parts[i + 1]?.text ?? '';
    if (/^[,.;:!?)]/.test(next)) text = text.trimEnd();
    return { ...part, text };
  });
  const shown = tidy.filter((part) => part.text !== '');
  const first = shown[0];
  const last = shown.at(-1);
  if (!first || !last) return shown;
  if (/^\s*\p{Ll}/u.test(first.text)) shown.unshift({ text: '… ', match: false });
  if (!SENTENCE_END.test(last.text.trimEnd())) shown.push({ text: ' …', match: false });
  return shown;
}

// What one query may cost (decision 0020): at most SEARCH_WORDS_MAX of its words are searched; of
// those, at most SEARCH_CORRECTED_WORDS_MAX that are not words of any published post, each of 4 to
// CORRECTED_WORD_LENGTH_MAX letters, are corrected, the rest searched as typed; each corrected word
// scores the known words that share enough of its trigrams to reach similarity 0.3 (the trigram
// index finds them), keeps the SEARCH_CANDIDATES_MAX nearest, and of those up to 3 within 0.05 of
// the best. All of it is one statement, so the query's text has at most SEARCH_WORDS_MAX groups and
// 12 words.
export const SEARCH_WORDS_MAX = 6;
export const SEARCH_CORRECTED_WORDS_MAX = 3;
export const SEARCH_CANDIDATES_MAX = 10;
const CORRECTED_WORD_LENGTH_MAX = 24;

/** What a correction did: how many words it corrected, and how many candidate words it scored. */
export interface CorrectionWork {
  corrected: number;
  candidates: number;
}

/** The words of a query as searched: letters and digits, lower case, each once, at most SEARCH_WORDS_MAX. */
export function searchWords(q: string | undefined): string[] {
  const words = [...(q ?? '').toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/**
 * Each word as typed, or, when it is not a word of any published post (search-words.ts), the
 * nearest words that are, within the bounds above; the work it did, for the tests that hold it to them.
 */
export async function correctSearchWords(
  db: Database,
  words: string[],
): Promise<{ alternatives: string[][]; work: CorrectionWork }> {
  const kept = words.slice(0, SEARCH_WORDS_MAX);
  const result = (await db.execute(sql`
    with unknown as materialized (
      select a.word from jsonb_array_elements_text(${JSON.stringify(kept)}::jsonb) with ordinality as a(word, n)
      where length(a.word) between 4 and ${CORRECTED_WORD_LENGTH_MAX}
        and not exists (select 1 from blog_search_words w where w.word = a.word)
      order by a.n limit ${SEARCH_CORRECTED_WORDS_MAX}
    ),
    candidates as materialized (
      select u.word as asked, c.word, similarity(c.word, u.word) as s
      from unknown u cross join lateral (
        -- % (similarity of at least pg_trgm's 0.3) lets the trigram index pass over every word that
        -- shares too few trigrams; of the rest, the nearest are kept.
        select w.word from blog_search_words w where w.word % u.word
        order by w.word <-> u.word limit ${SEARCH_CANDIDATES_MAX}
      ) c
    ),
    ranked as (
      select asked, word, s, max(s) over (partition by asked) as best,
        row_number() over (partition by asked order by s desc, word) as place
      from candidates
    )
    select asked, word, null::int as corrected, null::int as candidates
      from ranked where s >= 0.3 and s >= best - 0.05 and place <= 3
    union all
    select null, null, (select count(*) from unknown)::int, (select count(*) from candidates)::int`)) as unknown as {
    rows: Array<{
      asked: string | null;
      word: string | null;
      corrected: number | null;
      candidates: number | null;
    }>;
  };
  const nearest = new Map<string, string[]>();
  const work: CorrectionWork = { corrected: 0, candidates: 0 };
  for (const row of result.rows) {
    if (row.asked === null) {
      work.corrected = Number(row.corrected);
      work.candidates = Number(row.candidates);
    } else nearest.set(row.asked, [...(nearest.get(row.asked) ?? []), row.word!]);
  }
  return { alternatives: kept.map((word) => nearest.get(word) ?? [word]), work };
}

// What one answer may read however many posts match, so a word in most posts costs
// about what a rare one does:
// - the matches are counted up to SEARCH_TOTAL_MAX; past it the answer says more than that many match;
// - only a post that names a searched word in its title, tags or excerpt can rank above the rest
//   (rank_search holds nothing else), so those are found through rank_search's own index and ranked:
//   all of them when they are at most SEARCH_RANKED_MAX, otherwise those among the
//   SEARCH_RECENT_POSTS newest posts (a town in the title of a tenth of 100,000 posts);
// - every other match comes after them, newest first: read down the date index from the newest post
//   when more than SEARCH_TOTAL_MAX match (a common word fills a page within a few posts), and
//   otherwise, or when that walk finds too few, gathered from the matches' index and put in order.
export const SEARCH_TOTAL_MAX = BLOG_SEARCH_TOTAL_MAX;
export const SEARCH_RANKED_MAX = 1000;
export const SEARCH_RECENT_POSTS = 3000;
/** How many posts the walk for the other matches reads per match it needs before gathering instead. */
const POSTS_READ_PER_MATCH = 5;

/** A search as tsquery texts: every group of words (one per word typed), and any word of any group. */
export interface SearchQuery {
  all: string;
  any: string;
  groups: number;
  /** Every word of every group, as searched. */
  words: string[];
}

/** The query texts of the words as corrected. Only letters and digits get in, each quoted: no tsquery syntax. */
export function searchQueryOf(alternatives: string[][]): SearchQuery {
  const quoted = alternatives.map((alts) => alts.map((w) => `'${w}'`));
  return {
    all: quoted.map((alts) => `(${alts.join(' | ')})`).join(' & '),
    any: quoted.flat().join(' | '),
    groups: alternatives.length,
    words: alternatives.flat(),
  };
}

/** Which posts are ranked: all that name a word up front, or those among the newest posts. */
export type RankedAmong = 'all' | 'recent';

/**
 * The query as a CTE the statements read through `(select ... from q)`: the planner then cannot see
 * the words, so it takes the index each statement is written for instead of a plan it would cost
 * from the words' statistics. Those plans miss what testing `search` costs (reading the post's
 * whole vector from TOAST), which made a word in most posts a test of every post.
 * `floor` is the rank of a post that names none of the words in its title, tags or excerpt.
 */
function queryCte(query: SearchQuery): SQL {
  return sql`q as materialized (
    select to_tsquery('english', ${query.all}) as query, to_tsquery('english', ${query.any}) as anyq,
      ts_rank('~'::tsvector, to_tsquery('english', ${query.all})) as floor)`;
}

/** The `limit` newest visible posts, newest first, down the date index. */
const newestPosts = (columns: SQL, limit: number) => sql`
  select ${columns} from blog_posts p where p.published_at <= now()
  order by p.published_at desc, p.id desc limit ${limit}`;

/** A post ranked above the rest (given that it matches), among `among`. */
const isRanked = (
  among: RankedAmong,
) => sql`(ts_rank(p.rank_search, (select query from q)) > (select floor from q)
  ${among === 'recent' ? sql`and p.id in (${newestPosts(sql`p.id`, SEARCH_RECENT_POSTS)})` : sql``})`;

/**
 * True when the word list (search-words.ts) shows more than SEARCH_RANKED_MAX posts naming a word
 * of a one-word query up front: the posts that name it cannot all be ranked, and reading a thousand
 * of them to find that out was most of the cost of a town named in a tenth of 100,000 posts. (A
 * word named by a post in its title, tags or excerpt is in its rank_search, so the count is a floor.)
 */
const crowded = (query: SearchQuery) =>
  query.groups === 1
    ? sql`((select coalesce(max(w.named), 0) from blog_search_words w
        where w.word = any(${`{${query.words.join(',')}}`}::text[])) > ${SEARCH_RANKED_MAX})`
    : sql`false`;

/**
 * The posts that name a word up front, with their rank. ts_match_vq is @@ as a function, which no
 * index answers: among the newest posts, the walk down the date index is the plan.
 */
function namingPosts(query: SearchQuery, among: RankedAmong): SQL {
  if (among === 'all' && query.groups > 1)
    // Several words: the posts with all of them are few, those naming any of them up front many, so
    // the matches' index finds them and each is tested against its own short rank_search.
    return sql`
      select p.id, p.published_at, p.rank_search from blog_posts p
      where p.search @@ (select query from q) and p.published_at <= now()
        and ts_match_vq(p.rank_search, (select anyq from q))
      limit ${SEARCH_RANKED_MAX + 1}`;
  if (among === 'all')
    // Not read when the word list says more posts name the word than are ranked among all.
    return sql`
      select p.id, p.published_at, p.rank_search from blog_posts p
      where p.rank_search @@ (select anyq from q) and p.published_at <= now()
        and not ${crowded(query)}
      limit ${SEARCH_RANKED_MAX + 1}`;
  return sql`
    select p.id, p.published_at, p.rank_search
    from (${newestPosts(sql`p.id, p.published_at, p.rank_search, p.search`, SEARCH_RECENT_POSTS)}) p
    where ts_match_vq(p.rank_search, (select anyq from q))
      ${query.groups > 1 ? sql`and ts_match_vq(p.search, (select query from q))` : sql``}`;
}

/**
 * How many posts match, counted up to one more than SEARCH_TOTAL_MAX from the matches' index; not
 * counted when a single word's posts in the word list already pass that (each of them matches), as a
 * word in most posts would cost the reading of its whole entry in the index.
 */
const matchesCounted = (query: SearchQuery) => sql`case when (
    select coalesce(max(w.posts), 0) from blog_search_words w
    where w.word = any(${`{${query.groups === 1 ? query.words.join(',') : ''}}`}::text[])
      and to_tsvector('english', w.word) @@ (select query from q)
  ) > ${SEARCH_TOTAL_MAX} then ${SEARCH_TOTAL_MAX + 1}
  else (select count(*)::int from (
    select 1 from blog_posts p
    where p.search @@ (select query from q) and p.published_at <= now()
    limit ${SEARCH_TOTAL_MAX + 1}) m) end`;

/** What the page shows of a post: its title and a snippet, the words marked. */
const shownColumns = (needle: string) => sql`p.id, p.slug, p.title, p.category, p.published_at,
  ts_headline('english', p.title, (select query from q), ${HIGHLIGHT_OPTIONS}) as title_hl,
  ts_headline('english', p.excerpt || ' … ' || (case
      when strpos(lower(p.content_text), ${needle}) > 200
        -- from the first whole word of the window, never half of one
        then regexp_replace(substr(p.content_text, strpos(lower(p.content_text), ${needle}) - 200, 800), '^\\S*\\s+', '')
      else left(p.content_text, 800) end), (select query from q), ${SNIPPET_OPTIONS}) as snippet_hl`;

/** The statements of a search, each a function of the query, for searchPosts and the plans' tests. */
export const searchQueries = {
  /** How many posts match (up to one more than SEARCH_TOTAL_MAX): see matchesCounted. */
  count: (query: SearchQuery) => sql`with ${queryCte(query)} select ${matchesCounted(query)} as n`,

  /**
   * A page of the ranked matches as the page shows them, best first (newest first among equals),
   * with how many are ranked, how many posts named a word (`named`: up to one more than
   * SEARCH_RANKED_MAX when among all) and, among all, how many match (`n`, as `count`) and whether
   * the word list showed too many posts naming the word to rank them all (`crowded`: then none were
   * read); a row with a null id when the page has none. One statement, as most searches need no other.
   */
  ranked: (
    query: SearchQuery,
    among: RankedAmong,
    page: { offset: number; limit: number; needle: string },
  ) => sql`
    with ${queryCte(query)},
    named as materialized (${namingPosts(query, among)}),
    ranked as (
      select id, published_at, ts_rank(rank_search, (select query from q)) as rank from named
      where ts_rank(rank_search, (select query from q)) > (select floor from q)
        -- among all: ranked only when all of them are here (else the newest posts are read instead)
        ${among === 'all' ? sql`and (select count(*) from named) <= ${SEARCH_RANKED_MAX}` : sql``})
    select c.n, c.named, c.ranked, c.crowded, r.* from (
      select ${among === 'all' ? matchesCounted(query) : sql`null::int`} as n,
        (select count(*) from named)::int as named, (select count(*) from ranked)::int as ranked,
        ${among === 'all' ? crowded(query) : sql`false`} as crowded) c
    left join lateral (
      select ${shownColumns(page.needle)}, x.rank from (
        select id, rank, published_at from ranked
        order by rank desc, published_at desc, id desc offset ${page.offset} limit ${page.limit}) x
      join blog_posts p on p.id = x.id) r on true
    order by r.rank desc, r.published_at desc, r.id desc`,

  /**
   * A page of the other matches, newest first, read down the date index among the `window` newest
   * posts: fewer than `limit` rows means the page lies further back. A ranked post is passed over
   * before its whole vector is read.
   */
  olderRecent: (query: SearchQuery, among: RankedAmong, window: number, offset: number, limit: number) => sql`
    with ${queryCte(query)}
    select p.id from (${newestPosts(sql`p.id, p.published_at, p.rank_search, p.search`, window)}) p
    where case when ${isRanked(among)} then false else ts_match_vq(p.search, (select query from q)) end
    order by p.published_at desc, p.id desc offset ${offset} limit ${limit}`,

  /** The same gathered from the matches' index and sorted. */
  older: (query: SearchQuery, among: RankedAmong, offset: number, limit: number) => sql`
    with ${queryCte(query)}
    select p.id from blog_posts p
    where p.search @@ (select query from q) and p.published_at <= now() and not ${isRanked(among)}
    order by p.published_at desc, p.id desc offset ${offset} limit ${limit}`,

  /** These posts as the page shows them, in no order. */
  rows: (query: SearchQuery, ids: readonly number[], needle: string) => sql`
    with ${queryCte(query)}
    select ${shownColumns(needle)}
    from blog_posts p where p.id = any(${`{${ids.map(Number).join(',')}}`}::int[])`,
};

const HIGHLIGHT_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
const SNIPPET_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

interface ShownRow {
  id: number | string;
  slug: string;
  title: string;
  category: string;
  published_at: string | Date | null;
  title_hl: string;
  snippet_hl: string;
}

/**
 * How many posts match (exact up to SEARCH_TOTAL_MAX, else that many and `more`), and a page of the
 * ranked matches as shown, how many there are and among which posts they were ranked.
 */
async function rankedPage(db: Database, query: SearchQuery, offset: number, needle: string) {
  type Row = Partial<ShownRow> & {
    n: number | string | null;
    named: number | string;
    ranked: number | string;
    crowded: boolean | null;
  };
  const read = async (among: RankedAmong) => {
    const page = { offset, limit: SEARCH_PAGE_SIZE, needle };
    const rows = await queryRows<Row>(db, searchQueries.ranked(query, among, page));
    return {
      shown: rows.filter((r): r is Row & ShownRow => r.id !== null && r.id !== undefined),
      n: Number(rows[0]?.n ?? 0),
      ranked: Number(rows[0]?.ranked ?? 0),
      named: Number(rows[0]?.named ?? 0),
      crowded: rows[0]?.crowded === true,
      among,
    };
  };
  const all = await read('all');
  const total = { total: Math.min(all.n, SEARCH_TOTAL_MAX), more: all.n > SEARCH_TOTAL_MAX };
  return { ...total, ...(all.named <= SEARCH_RANKED_MAX && !all.crowded ? all : await read('recent')) };
}

/** A page of the other matches, newest first. */
async function olderPage(
  db: Database,
  query: SearchQuery,
  among: RankedAmong,
  { offset, limit, many }: { offset: number; limit: number; many: boolean },
): Promise<number[]> {
  type Row = { id: number | string };
  if (many) {
    const window = Math.min(SEARCH_RECENT_POSTS, (offset + limit) * POSTS_READ_PER_MATCH);
    const recent = await queryRows<Row>(db, searchQueries.olderRecent(query, among, window, offset, limit));
    if (recent.length === limit) return recent.map((r) => Number(r.id));
  }
  const rows = await queryRows<Row>(db, searchQueries.older(query, among, offset, limit));
  return rows.map((r) => Number(r.id));
}

/** A search result as the API answers it. */
function toHit(r: ShownRow) {
  return {
    id: Number(r.id),
    slug: r.slug,
    title: r.title,
    category: r.category,
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
    titleParts: highlightParts(r.title_hl),
    snippetParts: tidySnippet(highlightParts(r.snippet_hl)),
  };
}

export async function searchPosts(db: Database, q: string | undefined, page: number) {
  const empty = { items: [], total: 0, page, pageSize: SEARCH_PAGE_SIZE };
  const words = searchWords(q);
  if (words.length === 0) return empty;
  const { alternatives } = await correctSearchWords(db, words);
  const query = searchQueryOf(alternatives);
  // The snippet is cut from 800 characters around the first place the first word appears (its
  // first five letters, which a stemmed form shares), not from the whole post: ts_headline's
  // fragment search costs grow with the square of the matches in the text it is given, so a post
  // that names its town many times made one search slow (docs/bench/2026-11-27-blog-search.md).
  const needle = (alternatives[0]?.[0] ?? '').slice(0, 5);
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const ranked = await rankedPage(db, query, offset, needle);
  if (ranked.total === 0) return empty;
  const shown = ranked.shown.map(toHit);
  if (shown.length < SEARCH_PAGE_SIZE) {
    const ids = await olderPage(db, query, ranked.among, {
      offset: Math.max(0, offset - ranked.ranked),
      limit: SEARCH_PAGE_SIZE - shown.length,
      many: ranked.more,
    });
    const rows = ids.length > 0 ? await queryRows<ShownRow>(db, searchQueries.rows(query, ids, needle)) : [];
    const byId = new Map(rows.map((r) => [Number(r.id), toHit(r)]));
    shown.push(...ids.flatMap((id) => byId.get(id) ?? []));
  }
  return {
    items: shown,
    total: ranked.total,
    ...(ranked.more ? { moreThanTotal: true } : {}),
    page,
    pageSize: SEARCH_PAGE_SIZE,
  };
}
