import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { answered } from '../helpers/challenge';
import { buildTestApp, postRaw, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// Rate limits, cross-site request forgery and what error answers may contain.
let t: TestApp;
let token: string;
beforeAll(async () => {
  // Real limits (no multiplier), as in production.
  t = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
  ({ token } = await signedInAdmin(t, {
    name: 'Hana Admin',
    email: 'hana@example.co.uk',
    password: 'Pelican-Orchard-Lantern-8',
  }));
});
afterAll(async () => {
  await t.close();
});

const enquiry = (i: number) => ({
  name: `Visitor ${i}`,
  email: `visitor${i}@example.co.uk`,
  subject: '',
  message: 'Hello',
  type: 'advertising',
});

describe('rate limits', () => {
  it('refuses the 11th contact message in ten minutes from one address with 429, Retry-After and a message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: await answered(t.app, enquiry(i)),
        remoteAddress: '203.0.113.7',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().message).toMatch(/Too many requests/);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Nothing was stored for the refused one, and another address is not affected.
    expect(await t.deps.db.$count(contactMessages)).toBe(10);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, enquiry(99)),
      remoteAddress: '198.51.100.4',
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits the newsletter signup, password reset and checkout per address too', async () => {
    const hit = async (url: string, payload: object, times: number) => {
      let last = 0;
      for (let i = 0; i < times; i++) {
        last = (await t.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.55' })).statusCode;
      }
      return last;
    };
    expect(await hit('/api/forgot-password', { email: 'someone@example.co.uk' }, 6)).toBe(429);
    expect(await hit('/api/subscribe', { email: 'someone@example.co.uk', newsletter: 'general' }, 11)).toBe(
      429,
    );
    expect(await hit('/api/create-subscription', { plan: 'explorer' }, 21)).toBe(429);
  });
});

describe('cross-site request forgery', () => {
  const create = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers,
      payload: { title: 'A post', content: '<p>Text</p>' },
    });

  it('refuses a cookie-authenticated write from another site', async () => {
    const res = await create({
      cookie: `session=${token}`,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Cross-site/);
  });

  it('accepts the same write from our own origin, and a bearer-token call from anywhere', async () => {
    const sameOrigin = await create({
      cookie: `session=${token}`,
      origin: t.config.publicUrl,
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const bearer = await create({
      authorization: `Bearer ${token}`,
      origin: 'https://partner.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('takes the site origin from PUBLIC_URL, not from a Host header the client chose (issue 13.11)', async () => {
    // An older browser (no Sec-Fetch-Site) on evil.example, with a Host header made to match it.
    const forged = await create({
      cookie: `session=${token}`,
      origin: 'https://evil.example',
      host: 'evil.example',
    });
    expect(forged.statusCode).toBe(403);
    const other = await create({
      cookie: `session=${token}`,
      origin: 'http://evil.example:80',
      host: 'evil.example:80',
    });
    expect(other.statusCode).toBe(403);
    // Our own origin still works without Sec-Fetch-Site, whatever Host says.
    const own = await create({
      cookie: `session=${token}`,
      origin: t.config.publicUrl,
      host: 'internal-name:8080',
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('error answers', () => {
  it('carry a message but no stack trace, SQL or internals', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/blog/not-a-number' }),
      postRaw(t.app, '/api/contact', '{"name":'),
      t.app.inject({
        method: 'GET',
        url: '/api/admin/blogs',
        headers: { authorization: 'Bearer forged.token' },
      }),
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/blogs/1',
        headers: { authorization: `Bearer ${token}` },
        payload: { title: 5 },
      }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
      expect(res.body).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|SELECT |INSERT |stack/);
    }
  });
});
