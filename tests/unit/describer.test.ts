import { describe, expect, it } from 'vitest';
import { countryLookup } from '../../src/server/domains/analytics/country';
import {
  createDescriber,
  describeChunk,
  takenLine,
  type TakenView,
} from '../../src/server/domains/analytics/describer';
import { ViewBuffer } from '../../src/server/domains/analytics/view-lines';

// Views are described on a thread of their own (describer.ts): what comes back must be what the
// server's thread would have written, bots left out, in the order handed over; and a thread that
// fails hands its work back rather than losing it.
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const view = (i: number, overrides: Partial<TakenView> = {}): TakenView => ({
  atMs: Date.parse('2026-03-12T08:00:00Z') + i,
  day: '2026-03-12',
  salt: 'salt-of-the-day',
  ip: `81.2.69.${i % 250}`,
  userAgent: i % 2 ? FIREFOX : IPHONE,
  host: 'herts.example',
  search: `?utm_campaign=c${i}`,
  referrer: i % 3 === 0 ? 'https://www.google.com/' : undefined,
  width: 390,
  page: '/blog',
  ...overrides,
});

function chunkOf(views: TakenView[]) {
  const buffer = new ViewBuffer(views.length, 64);
  for (const v of views) buffer.add(takenLine(v));
  return buffer.take();
}

const text = (chunk: { bytes: Uint8Array }) => Buffer.from(chunk.bytes).toString('utf8');

describe('describing views on their own thread', () => {
  it('gives back the lines this thread would write, bots left out, chunk after chunk in order', async () => {
    await countryLookup();
    const chunks = [0, 1, 2].map((c) =>
      Array.from({ length: 40 }, (_, i) =>
        view(c * 40 + i, i === 7 ? { userAgent: GOOGLEBOT } : i === 8 ? { referrer: '', search: '' } : {}),
      ),
    );
    const describer = createDescriber('copy');
    try {
      const described = await Promise.all(chunks.map((views) => describer.describe(chunkOf(views))));
      expect(describer.onOwnThread()).toBe(true);
      for (const [c, views] of chunks.entries()) {
        const here = describeChunk(chunkOf(views), 'copy');
        expect(described[c]!.ends.length).toBe(39);
        expect(text(described[c]!)).toBe(text(here));
      }
      const lines = text(described[0]!).split('\n');
      // The first view: Google, a campaign, an iPhone; the ninth: no referrer, so Direct.
      expect(lines[0]).toMatch(
        /^2026-03-12T08:00:00\.000Z\t2026-03-12\t-?\d+\t\/blog\tGoogle\tc0\t(GB|\\N)\tMobile\tSafari\tiOS$/,
      );
      expect(lines[7]).toMatch(/\t\/blog\tDirect\t\\N\t/);
      const json = await describer.describe(chunkOf([view(1)]));
      expect(text(json)).toBe(text(describeChunk(chunkOf([view(1)]), 'copy')));
    } finally {
      await describer.close();
    }
    expect(describer.onOwnThread()).toBe(false);
  });

  it('describes on this thread, losing nothing after it, once its thread has failed', async () => {
    const warnings: string[] = [];
    const describer = createDescriber('json', { log: { warn: (_o, msg) => warnings.push(msg) } });
    try {
      expect(text(await describer.describe(chunkOf([view(2)])))).toBe(
        text(describeChunk(chunkOf([view(2)]), 'json')),
      );
      expect(describer.onOwnThread()).toBe(true);
      // A chunk that is not taken views stops the thread (it never gets one): that chunk is lost,
      // as a batch that cannot be written is; the next is described here.
      const broken = { bytes: new TextEncoder().encode('not json\n'), ends: new Int32Array([9]) };
      await expect(describer.describe(broken)).rejects.toThrow();
      expect(describer.onOwnThread()).toBe(false);
      expect(warnings).toEqual([expect.stringMatching(/described on the server thread/)]);
      const after = await describer.describe(chunkOf([view(3), view(4, { userAgent: GOOGLEBOT })]));
      expect(JSON.parse(text(after))).toEqual([
        Date.parse('2026-03-12T08:00:00Z') + 3,
        '2026-03-12',
        expect.stringMatching(/^-?\d+$/),
        '/blog',
        'Google',
        'c3',
        expect.anything(),
        // 390 pixels wide.
        'Mobile',
        'Firefox',
        'Windows',
      ]);
    } finally {
      await describer.close();
    }
  });
});
