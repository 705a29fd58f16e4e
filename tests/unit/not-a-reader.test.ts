import { describe, expect, it } from 'vitest';
import { isNotAReader } from '../../src/server/domains/analytics/classify';

// What a beacon's user agent says of its sender, asked once or thousands of times: the answers are
// remembered for the user agents seen lately (classify.ts), and must stay isbot's.
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

describe('a beacon’s sender', () => {
  it('is a reader or not by its user agent however often it is asked, past the memo’s bounds too', () => {
    for (let round = 0; round < 3; round++) {
      expect(isNotAReader(CHROME, {})).toBe(false);
      expect(isNotAReader(GOOGLEBOT, {})).toBe(true);
      expect(isNotAReader(HEADLESS, {})).toBe(true);
      expect(isNotAReader('', {})).toBe(true);
      // More user agents than are remembered, and ones too long to remember.
      for (let i = 0; i < 1500; i++) expect(isNotAReader(`${CHROME} v${i}`, {})).toBe(false);
      expect(isNotAReader(`${CHROME} ${'x'.repeat(600)}`, {})).toBe(false);
      expect(isNotAReader(`${GOOGLEBOT} ${'x'.repeat(600)}`, {})).toBe(true);
    }
  });

  it('is not a reader when the browser says the page was prefetched, whatever its user agent', () => {
    expect(isNotAReader(CHROME, {})).toBe(false);
    expect(isNotAReader(CHROME, { 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isNotAReader(CHROME, { purpose: 'prefetch' })).toBe(true);
    expect(isNotAReader(CHROME, {})).toBe(false);
  });
});
