// The posts the search bench searches (scripts/bench-search.ts): a blog's archive as a local
// publisher writes it, made the same on every run from a fixed seed. Each post is about one of ten
// towns (a tenth of the posts each) and one of a dozen topics, of 150 to 1,500 words (about 4 KB on
// average) drawn from everyday English and a long tail of rarer words, as real text is (a few words
// in most posts, most words in few). "community" is in about four posts of five and "local" in
// nine of ten; "phone" in a few hundred; no post has "xylophone".
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/platform/db/client';
import { countedWords, moveWordCounts } from '../src/server/domains/blog/search-words';

/** The towns, each the subject of a tenth of the posts. */
export const TOWNS = [
  'Hitchin',
  'Stevenage',
  'Harpenden',
  'Letchworth',
  'Baldock',
  'Royston',
  'Hertford',
  'Watford',
  'Berkhamsted',
  'Tring',
] as const;

const TOPICS = [
  'market',
  'parking',
  'school',
  'festival',
  'football',
  'library',
  'planning',
  'bakery',
  'railway',
  'allotment',
  'charity',
  'theatre',
];

// Everyday words, most frequent first (stop words included: the english configuration drops them).
const COMMON = `the of and to a in is it that for was on are with as be at by this have from or had not
but what all were when we there can an your which their said if do will each about how up out them then
she many some so these would other into has more her two like him see time could no make than first
been its who now people my made over did down only way find use may water long little very after
words called just where most know get through back much go good new write our me man too any day same
right look think also around another came come work three word must because does part even place well
such here take why things help put years different away again off went old number great tell men say
small every found still between name should home big give air line set own under read last never us
left end along while might next sound below saw something thought both few those always looked show
large often together asked house world going want school important until form food keep children feet
land side without boy once animals life enough took sometimes four head above kind began almost live
page got earth need far hand high year mother light parents country father let night following picture
being study second eyes soon times story boys since white days ever paper hard near sentence better best
across during today others however sure means knew try told young miles sun ways thing whole hear
example heard several change answer room sea against top turned learn point city play toward five using
himself usually money seen car morning given body family later move face door cut done group true half
red fish plants living black eat short run book gave order open ground cold really table remember tree
course front seemed nothing state phone council residents town centre weekend visitors shop street
project plans event week month volunteers business support green park club local community new
opening road station evening history music garden church village county team season young owners`.split(
  /\s+/,
);

/** A deterministic generator of numbers in [0, 1) (mulberry32), so every run writes the same posts. */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The long tail: made-up words of two to four syllables, each once. */
function rareWords(count: number, random: () => number): string[] {
  const onsets = [
    'b',
    'c',
    'd',
    'f',
    'g',
    'h',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'w',
    'br',
    'st',
    'tr',
    'gl',
    'sh',
    'ch',
    'pl',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'oo'];
  const codas = ['', '', 'n', 'r', 'l', 's', 't', 'm', 'ck', 'nd'];
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = '';
    for (let s = 0; s < syllables; s++)
      word +=
        onsets[Math.floor(random() * onsets.length)]! +
        vowels[Math.floor(random() * vowels.length)]! +
        codas[Math.floor(random() * codas.length)]!;
    words.add(word);
  }
  return [...words];
}

/** Picks an index in [0, n) with a Zipf-like (1/rank) distribution, by inverting its integral. */
function zipfIndex(n: number, random: () => number): number {
  return Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1)) - 1));
}

export interface CorpusPost {
  title: string;
  excerpt: string;
  text: string;
  category: string;
  tags: string;
}

/** Post number i (from 0) of the corpus: the same for the same i on every run. */
export function corpusPost(i: number, rare: readonly string[]): CorpusPost {
  const random = randomFrom(i * 7919 + 17);
  const town = TOWNS[i % TOWNS.length]!;
  const topic = TOPICS[Math.floor(i / TOWNS.length) % TOPICS.length]!;
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const word = () =>
    random() < 0.8 ? COMMON[zipfIndex(COMMON.length, random)]! : rare[zipfIndex(rare.length, random)]!;
  const sentence = (words: number) => {
    const out: string[] = [];
    for (let w = 0; w < words; w++) out.push(word());
    return out;
  };
  const length = 150 + Math.floor(random() * random() * 1350);
  const paragraphs: string[] = [];
  let written = 0;
  while (written < length) {
    const words = sentence(12 + Math.floor(random() * 10));
    // The town, the topic and, in most posts, the common words are named along the way.
    if (random() < 0.35) words.splice(Math.floor(random() * words.length), 0, town);
    if (random() < 0.25) words.splice(Math.floor(random() * words.length), 0, topic);
    if (random() < 0.02) words.push(String(1 + Math.floor(random() * 2000)));
    written += words.length;
    paragraphs.push(`${words.join(' ')}.`);
  }
  if (i % 5 !== 0) paragraphs.push(`The ${town} community came together for it.`);
  else paragraphs.push(`More from ${town} next week.`);
  if (i % 10 !== 3) paragraphs.push('Local readers can send us their news.');
  if (i % 37 === 0) paragraphs.push(`Call the organisers by phone from ${pick(TOWNS)}.`);
  const title = `${town} ${topic} ${sentence(2 + Math.floor(random() * 4)).join(' ')}`;
  const excerpt = `${sentence(10 + Math.floor(random() * 10)).join(' ')} in ${town}`;
  return { title, excerpt, text: paragraphs.join(' '), category: topic, tags: `${topic} ${town}` };
}

/**
 * Replaces every post with `posts` published posts of the corpus, one a minute back from now, in
 * batches of 500, each batch's words added to the search word list as saving them would add them.
 */
export async function writeCorpus(db: Database, posts: number): Promise<void> {
  const rare = rareWords(40_000, randomFrom(1));
  await db.execute(sql`delete from blog_posts`);
  await db.execute(sql`delete from blog_search_words`);
  for (let start = 0; start < posts; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(posts, start + 500); i++) batch.push({ ...corpusPost(i, rare), n: i });
    const inserted = (await db.execute(sql`
      insert into blog_posts (title, excerpt, content, category, published_at, created_at, updated_at,
                              slug, status, content_text, tags_text)
      select p.title, p.excerpt, '<p>' || p.text || '</p>', p.category,
             now() - (p.n || ' minutes')::interval, now() - (p.n || ' minutes')::interval,
             now(), 'post-' || p.n, 'published', p.text, p.tags
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as p(title text, excerpt text, text text, category text, tags text, n int)
      returning id`)) as unknown as { rows: Array<{ id: number }> };
    const ids = inserted.rows.map((r) => Number(r.id));
    await moveWordCounts(db, new Map(), await countedWords(db, ids));
  }
  await db.execute(sql`analyze blog_posts`);
  await db.execute(sql`analyze blog_search_words`);
}
