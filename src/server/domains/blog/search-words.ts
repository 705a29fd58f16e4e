import { sql } from 'drizzle-orm';
import type { Db } from './tables';

// The word list spelling correction reads (search.ts): every word of the published posts, each
// with how many of them use it and how many name it up front (title, tags or excerpt: what search
// ranks by, so it can tell a word named by too many posts to rank them all), in blog_search_words, so every instance reads the same list. A
// post's words count from the moment it is published (saved as published, or marked by the go-out
// job when its time comes) until it is not (back to draft, moved later, deleted); a word no
// published post uses is removed. A draft's words, saved or autosaved, never enter it, so search
// cannot reveal them. Each change to posts moves the counts by the difference it made, in the
// change's own transaction.

/** How many of the posts use a word anywhere, and how many in their title, tags or excerpt. */
export interface WordCount {
  posts: number;
  named: number;
}

/** Word -> its counts among the posts. */
export type WordCounts = Map<string, WordCount>;

/**
 * The words these posts give the list as they are now: those of the published ones among them
 * (title, tags, excerpt and text, split as the 'simple' configuration splits them), each with how
 * many of the posts use it, and how many of them in their title, tags or excerpt.
 */
export async function countedWords(db: Db, postIds: readonly number[]): Promise<WordCounts> {
  const counts: WordCounts = new Map();
  if (postIds.length === 0) return counts;
  const ids = postIds.map((id) => Number(id)).join(', ');
  const published = `from blog_posts where status = 'published' and id in (${ids})`;
  const result = (await db.execute(sql`
    select a.word, a.ndoc as posts, coalesce(b.ndoc, 0) as named
    from ts_stat(${`select to_tsvector('simple', title || ' ' || tags_text || ' ' || excerpt || ' ' || content_text) ${published}`}) a
    left join ts_stat(${`select to_tsvector('simple', title || ' ' || tags_text || ' ' || excerpt) ${published}`}) b
      on b.word = a.word`)) as unknown as {
    rows: Array<{ word: string; posts: number | string; named: number | string }>;
  };
  for (const row of result.rows) counts.set(row.word, { posts: Number(row.posts), named: Number(row.named) });
  return counts;
}

/**
 * Moves the list from what the posts gave before a change to what they give after it. The words
 * are written in one order (an upsert sorted by word), so two saves at once never deadlock.
 */
export async function moveWordCounts(tx: Db, before: WordCounts, after: WordCounts): Promise<void> {
  const none: WordCount = { posts: 0, named: 0 };
  const changes: Record<string, [number, number]> = {};
  for (const word of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(word) ?? none;
    const now = after.get(word) ?? none;
    if (now.posts !== was.posts || now.named !== was.named)
      changes[word] = [now.posts - was.posts, now.named - was.named];
  }
  if (Object.keys(changes).length === 0) return;
  const json = JSON.stringify(changes);
  await tx.execute(sql`
    insert into blog_search_words (word, posts, named)
    select key, (value->>0)::int, (value->>1)::int from jsonb_each(${json}::jsonb) order by key
    on conflict (word) do update
      set posts = blog_search_words.posts + excluded.posts, named = blog_search_words.named + excluded.named`);
  await tx.execute(sql`
    delete from blog_search_words
    where posts <= 0 and word in (select jsonb_object_keys(${json}::jsonb))`);
}

/** Runs a change to these posts and moves the list by what it changed in their words. */
export async function keepingWordList<T>(
  tx: Db,
  postIds: readonly number[],
  change: () => Promise<T>,
): Promise<T> {
  const before = await countedWords(tx, postIds);
  const result = await change();
  await moveWordCounts(tx, before, await countedWords(tx, postIds));
  return result;
}
