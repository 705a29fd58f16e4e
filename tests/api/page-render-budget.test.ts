import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { PAGE_RENDER_RATE_LIMIT, RATE_LIMIT_MESSAGE } from '../../src/server/web/trpc/rate-limit';

// Issue 47.2: a page the response cache does not have is rendered, and a stranger can ask for a new
// one on every request (another page number, another category); each address has a budget of those
// renders, while cached pages keep answering it and everyone else.

const SCALE = 0.02;
let t: TestApp;
beforeAll(async () => {
  // The limits at a fiftieth (a budget of 6 renders a minute rather than 300, so the window cannot
  // roll over on a busy machine while the test asks), and the pages rendered from the built client.
  t = await buildTestApp({
    env: { RATE_LIMIT_MULTIPLIER: String(SCALE), CLIENT_DIST: builtClientDist() },
  });
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

describe('pages rendered for one address', () => {
  it('are refused past the budget with 429 and Retry-After, while cached pages and other addresses are served', async () => {
    const stranger = '203.0.113.40';
    const max = Math.round(PAGE_RENDER_RATE_LIMIT.max * SCALE);
    const first = await page('/blog', stranger);
    expect(first.statusCode).toBe(200);
    for (let n = 2; n <= max; n++) {
      const res = await page(`/blog?page=${n}`, stranger);
      expect([200, 404], `page ${n}`).toContain(res.statusCode);
    }
    const refused = await page(`/blog?page=${max + 1}`, stranger);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain(RATE_LIMIT_MESSAGE);
    // Not kept: asked again later, the page is rendered for whoever asks.
    expect(refused.headers['cache-control']).toBe('no-store');

    // A page the cache has costs nothing and is still served to the same address.
    const cached = await page('/blog', stranger);
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-cache']).toBe('hit');
    // Another reader is not held back by the stranger.
    const other = await page(`/blog?page=${max + 1}`, '198.51.100.23');
    expect([200, 404]).toContain(other.statusCode);
  });
});
