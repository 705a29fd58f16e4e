import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';

export const SEARCH_PAGE_SIZE = 10;
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

// What one query may cost (decision 0020): at most SEARCH_WORDS_MAX of its words are searched; of
// those, at most SEARCH_CORRECTED_WORDS_MAX that are not words of any published post, each of 4 to
// CORRECTED_WORD_LENGTH_MAX letters, are corrected, the rest searched as typed; each corrected word
// reads its SEARCH_CANDIDATES_MAX nearest words (a nearest-first walk of the trigram index that
// stops there) and keeps up to 3 with similarity 0.3 or more, within 0.05 of the best. All of it is
// one statement, so the query's text has at most SEARCH_WORDS_MAX groups and 12 words.
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
        select w.word from blog_search_words w order by w.word <-> u.word limit ${SEARCH_CANDIDATES_MAX}
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

export async function searchPosts(db: Database, q: string | undefined, page: number) {
  const words = searchWords(q);
  if (words.length === 0) return { items: [], total: 0, page, pageSize: SEARCH_PAGE_SIZE };
  const { alternatives } = await correctSearchWords(db, words);
  // Only letters and digits reach the query text, each quoted: no tsquery syntax gets in.
  const queryText = alternatives.map((alts) => `(${alts.map((w) => `'${w}'`).join(' | ')})`).join(' & ');
  const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
  // The snippet is cut from 800 characters around the first place the first word appears (its
  // first five letters, which a stemmed form shares), not from the whole post: ts_headline's
  // fragment search costs grow with the square of the matches in the text it is given, so a post
  // that names its town many times made one search slow (docs/bench/2026-11-27-blog-search.md).
  const needle = (alternatives[0]?.[0] ?? '').slice(0, 5);
  const snippetOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  // Ranked by the title, tags and excerpt (rank_search: weights A, B, C), newest first among equals:
  // a post whose body alone matches comes after every post that names the words up front. Ranking by
  // the whole text cost the square of each word's repeats (ts_rank pairs every position of one word
  // with every position of the next; decision 0020). Ranked and counted on ids
  // alone; only the page's ten rows are read whole.
  const result = (await db.execute(sql`
    with q as (select to_tsquery('english', ${queryText}) as query),
    matches as materialized (
      select p.id, p.published_at,
        ts_rank(p.rank_search, q.query) as rank
      from blog_posts p, q
      where p.search @@ q.query and p.published_at <= now()
    ),
    page as (
      select id, rank, published_at from matches
      order by rank desc, published_at desc, id desc
      limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE}
    )
    select p.id, p.slug, p.title, p.category, p.published_at, (select count(*) from matches) as total,
      ts_headline('english', p.title, (select query from q), ${options}) as title_hl,
      ts_headline('english', p.excerpt || ' … ' || (case
          when strpos(lower(p.content_text), ${needle}) > 200
            -- from the first whole word of the window, never half of one
            then regexp_replace(substr(p.content_text, strpos(lower(p.content_text), ${needle}) - 200, 800), '^\\S*\\s+', '')
          else left(p.content_text, 800) end), (select query from q), ${snippetOptions}) as snippet_hl
    from page join blog_posts p on p.id = page.id
    order by page.rank desc, page.published_at desc, page.id desc`)) as unknown as {
    rows: Array<{
      id: number;
      slug: string;
      title: string;
      category: string;
      published_at: string | Date | null;
      total: number | string;
      title_hl: string;
      snippet_hl: string;
    }>;
  };
  const rows = result.rows;
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      slug: r.slug,
      title: r.title,
      category: r.category,
      publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
      titleParts: highlightParts(r.title_hl),
      snippetParts: highlightParts(r.snippet_hl),
    })),
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    page,
    pageSize: SEARCH_PAGE_SIZE,
  };
}
