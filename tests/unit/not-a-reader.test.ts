import { describe, expect, it } from 'vitest';
import { isBotAgent, isPrefetch } from '../../src/server/domains/analytics/classify';

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
      expect(isBotAgent(CHROME)).toBe(false);
      expect(isBotAgent(GOOGLEBOT)).toBe(true);
      expect(isBotAgent(HEADLESS)).toBe(true);
      expect(isBotAgent('')).toBe(true);
      // More user agents than are remembered, and ones too long to remember.
      for (let i = 0; i < 1500; i++) expect(isBotAgent(`${CHROME} v${i}`)).toBe(false);
      expect(isBotAgent(`${CHROME} ${'x'.repeat(600)}`)).toBe(false);
      expect(isBotAgent(`${GOOGLEBOT} ${'x'.repeat(600)}`)).toBe(true);
    }
  });

  it('is a prefetch when the browser says the page was fetched ahead, and not otherwise', () => {
    expect(isPrefetch({})).toBe(false);
    expect(isPrefetch({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'other' })).toBe(false);
  });
});
