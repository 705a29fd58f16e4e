import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  correctSearchWords,
  SEARCH_CANDIDATES_MAX,
  SEARCH_CORRECTED_WORDS_MAX,
  SEARCH_RATE_LIMIT,
  SEARCH_WORDS_MAX,
} from '../../src/server/domains/blog';
import { BLOG_SEARCH_BUSY_MESSAGE } from '../../src/shared/blog-publishing';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// Issue 44.1: what one address's searches may cost. A query's spelling correction does a bounded
// amount of work however many misspelt words it holds (counted here, not timed).

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ auth } = await signedInAdmin(t, {
    name: 'Sam Search',
    email: 'sam@hertslocalmedia.co.uk',
    password: 'Harbour-Thistle-Copper-8',
  }));
});
afterAll(async () => {
  await t.close();
});

const TOWNS = [
  'stevenage',
  'hitchin',
  'harpenden',
  'letchworth',
  'berkhamsted',
  'hertford',
  'royston',
  'baldock',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A hundred words near each town (the town and two letters), so every misspelling has many near words. */
function crowdedVocabulary(): string[] {
  return TOWNS.flatMap((town) =>
    Array.from({ length: 100 }, (_, i) => `${town}${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26)]}`),
  );
}

describe('the spelling correction a query can cause is bounded (issue 44.1)', () => {
  it('corrects at most a few words of a query, each against a bounded number of candidates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: auth,
      payload: {
        title: 'Town names, and many like them',
        content: `<p>${TOWNS.join(' ')} ${crowdedVocabulary().join(' ')}</p>`,
        published: true,
      },
    });
    expect(res.statusCode, res.payload).toBe(200);

    // Twelve misspelt words, each near a hundred known ones.
    const misspelt = [
      'stevenagge',
      'hitchinn',
      'harpendden',
      'letchwort',
      'berkhamstedd',
      'hertfort',
      'roystan',
      'baldok',
      'stevanage',
      'hitchen',
      'harpendon',
      'letchwerth',
    ];
    const { alternatives, work } = await correctSearchWords(t.deps.db, misspelt);
    expect(work.corrected).toBe(SEARCH_CORRECTED_WORDS_MAX);
    expect(work.candidates).toBeGreaterThan(0);
    expect(work.candidates).toBeLessThanOrEqual(SEARCH_CORRECTED_WORDS_MAX * SEARCH_CANDIDATES_MAX);
    // Only the words a query keeps are looked at, each corrected to at most three.
    expect(alternatives.length).toBeLessThanOrEqual(SEARCH_WORDS_MAX);
    for (const words of alternatives) expect(words.length).toBeLessThanOrEqual(3);

    // The correction still finds the nearest word among the crowd.
    const one = await correctSearchWords(t.deps.db, ['hichin']);
    expect(one.alternatives[0]).toEqual(['hitchin']);
    expect(one.work).toEqual({ corrected: 1, candidates: SEARCH_CANDIDATES_MAX });

    const search = await t.app.inject({
      method: 'GET',
      url: `/api/blog/search?q=${encodeURIComponent(misspelt.slice(0, 9).join(' '))}`,
    });
    expect(search.statusCode, search.payload).toBe(200);
  });
});

describe('searches from one address are limited, as REST, tRPC and the /search page (issue 44.1)', () => {
  // The real limits (multiplier 1), and the pages rendered from the built client.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      env: { RATE_LIMIT_MULTIPLIER: '1', CLIENT_DIST: builtClientDist() },
      outbox: 'manual',
    });
  });
  afterAll(async () => {
    await limited.close();
  });
  const FLOODER = '198.51.100.7';
  const READER = '198.51.100.8';
  const { max } = SEARCH_RATE_LIMIT;
  const searchFrom = (remoteAddress: string, url: string) =>
    limited.app.inject({ method: 'GET', url, remoteAddress });

  it('lets a reader search and page through results, and answers a flood of distinct searches 429 after the limit while another address still searches', async () => {
    // A reader: a few searches, then the pages of one, and a repeat (a cache hit, which is free).
    for (const q of ['hitchin', 'markets', 'hitchin markets']) {
      for (const page of [1, 2, 3]) {
        const res = await searchFrom(READER, `/api/blog/search?q=${encodeURIComponent(q)}&page=${page}`);
        expect(res.statusCode, res.payload).toBe(200);
      }
    }
    expect((await searchFrom(READER, '/api/blog/search?q=hitchin&page=1')).headers['x-cache']).toBe('hit');

    // A flood: distinct searches, half of them over tRPC, all counted against one limit.
    const statuses: number[] = [];
    for (let i = 0; i < max + 5; i++) {
      const q = `flood${i} hichin`;
      const url =
        i % 2 === 0
          ? `/api/blog/search?q=${encodeURIComponent(q)}`
          : `/trpc/blog.search?input=${encodeURIComponent(JSON.stringify({ q, page: 1 }))}`;
      statuses.push((await searchFrom(FLOODER, url)).statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429, 429, 429, 429]);

    const refused = await searchFrom(FLOODER, '/api/blog/search?q=one%20more');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: expect.any(String), code: 'TOO_MANY_REQUESTS' });

    // The search page tells the flooder kindly, with the same status and Retry-After.
    const page = await searchFrom(FLOODER, '/search?q=still%20flooding');
    expect(page.statusCode).toBe(429);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.payload).toContain(BLOG_SEARCH_BUSY_MESSAGE.replace("'", '&#x27;'));
    expect(page.payload).toContain('<meta name="robots" content="noindex" />');

    // Another address is not held back.
    const other = await searchFrom(READER, '/api/blog/search?q=another%20search');
    expect(other.statusCode).toBe(200);
    const otherPage = await searchFrom(READER, '/search?q=stevenage');
    expect(otherPage.statusCode).toBe(200);
  });
});
