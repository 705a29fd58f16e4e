import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  correctSearchWords,
  SEARCH_CANDIDATES_MAX,
  SEARCH_CORRECTED_WORDS_MAX,
  SEARCH_WORDS_MAX,
} from '../../src/server/services/blog';
import { buildTestApp, type TestApp } from '../helpers/app';
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
