import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/server/deps';
import { registerResponseCache } from '../../src/server/web/http/response-cache';
import { createAdmin } from '../../src/server/domains/auth';
import { openSharedState, type SharedState } from '../../src/server/platform/shared-state';
import { createSignInThrottle } from '../../src/server/domains/auth';
import { buildTestApp, checkResponsesAgainstDocument, createAppOn, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';

// Two instances of the app (A and B, each with its own response cache and its own Redis
// connections) on one database and one Redis, in this process. What one does, the other sees.

const quiet = { warn() {}, info() {} };
let redis: RedisServer;
let a: TestApp;
let b: FastifyInstance;
let bState: SharedState;
let auth: { authorization: string };

beforeAll(async () => {
  redis = await startRedisServer();
  // The production limits, not scaled up for tests: the shared ones are what is checked here.
  a = await buildTestApp({ env: { REDIS_URL: redis.url, RATE_LIMIT_MULTIPLIER: '1' } });
  bState = (await openSharedState(a.config, { clock: a.deps.clock, log: quiet }))!;
  const bDeps: AppDeps = {
    ...a.deps,
    sharedState: bState,
    signInThrottle: createSignInThrottle(bState.counters),
  };
  b = await createAppOn(bDeps, { logger: false });
  await b.ready();
  checkResponsesAgainstDocument(b);
  ({ auth } = await signedInAdmin(a));
});
afterAll(async () => {
  await b?.close();
  await bState?.close();
  await a?.close();
  await redis?.stop();
});

const titles = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/blog' });
  return {
    cache: res.headers['x-cache'],
    titles: (res.json() as Array<{ title: string }>).map((p) => p.title),
  };
};

describe('two instances on one Redis', () => {
  it('serves on B a post published through A at once, though B had the list cached', async () => {
    await titles(b);
    expect((await titles(b)).cache).toBe('hit');
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: auth,
      payload: { title: 'Fireworks on Hertford Castle lawns', content: '<p>Bring a torch.</p>' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const published = await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/blogs/${id}`,
      headers: auth,
      payload: { published: true },
    });
    expect(published.statusCode).toBe(200);
    const onB = await titles(b);
    expect(onB.cache).toBeUndefined();
    expect(onB.titles[0]).toBe('Fireworks on Hertford Castle lawns');
    expect((await b.inject({ method: 'GET', url: `/api/blog/${id}` })).statusCode).toBe(200);
  });

  it('counts failed sign-ins on A and B against one limit', async () => {
    const email = 'hazel@hertslocalmedia.co.uk';
    await createAdmin(a.deps, { name: 'Hazel', email, password: 'Tewin-Orchard-Lantern-8' });
    const address = '203.0.113.40';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? a.app : b;
      const res = await instance.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email, password: `wrong-${i}` },
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    // Five failures, three on A and two on B, block the sixth attempt, wherever it goes.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts requests against the rate limits on A and B together', async () => {
    const address = '203.0.113.41';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? a.app : b;
      const res = await instance.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'someone@example.co.uk' },
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    // Five password-reset requests per address in 15 minutes, across both instances.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('does not keep an answer whose read began before another instance wrote', async () => {
    // A read that is slow on purpose, cached by the real cache on instance X; Y writes meanwhile.
    const x = Fastify({ logger: false });
    const xState = (await openSharedState(a.config, { clock: a.deps.clock, log: quiet }))!;
    registerResponseCache(x, {
      ttlMs: 60_000,
      alsoCache: (url) => url === '/slow',
      invalidation: xState.cache,
    });
    let version = 1;
    let release: () => void = () => {};
    let gated = false;
    x.get('/slow', async () => {
      const seen = version;
      if (gated) await new Promise<void>((resolve) => (release = resolve));
      return { version: seen };
    });
    const heard = () => new Promise<void>((resolve) => xState.cache.onInvalidate(resolve));
    try {
      expect((await x.inject('/slow')).json()).toEqual({ version: 1 });
      expect((await x.inject('/slow')).headers['x-cache']).toBe('hit');
      // Another instance writes; X hears of it and drops its entry.
      let message = heard();
      await bState.cache.publish();
      await message;
      gated = true;
      const slow = x.inject('/slow');
      await new Promise((r) => setTimeout(r, 50));
      // The write happens while the read is under way, and X hears of it before the read ends.
      version = 2;
      message = heard();
      await bState.cache.publish();
      await message;
      release();
      expect((await slow).json()).toEqual({ version: 1 });
      gated = false;
      const next = await x.inject('/slow');
      expect(next.headers['x-cache']).toBeUndefined();
      expect(next.json()).toEqual({ version: 2 });
    } finally {
      await x.close();
      await xState.close();
    }
  });

  it('reports Redis in readiness; without it sign-in refuses for a moment and the site still reads', async () => {
    const ready = await a.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });

    await redis.kill();
    const down = await a.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'up', redis: 'down' });
    const signIn = await b.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'nobody@example.co.uk', password: 'whatever-it-is' },
      remoteAddress: '203.0.113.42',
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().message).toBe('Signing in is unavailable for a moment. Please try again shortly.');
    expect((await b.inject({ method: 'GET', url: '/api/blog' })).statusCode).toBe(200);
    // Rate limits let requests through while their counters are away.
    const reset = await b.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'someone@example.co.uk' },
      remoteAddress: '203.0.113.41',
    });
    expect(reset.statusCode).toBe(200);

    await redis.restart();
    const deadline = Date.now() + 10_000;
    let back = await a.app.inject({ method: 'GET', url: '/readyz' });
    while (back.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      back = await a.app.inject({ method: 'GET', url: '/readyz' });
    }
    expect(back.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });

    // And A listens again: B's writes reach it. (Coming back empties A's cache once by itself, so
    // only a second emptying, or more, is B's message.)
    let emptied = 0;
    a.deps.sharedState!.cache.onInvalidate(() => (emptied += 1));
    while (emptied < 2 && Date.now() < deadline + 10_000) {
      await bState.cache.publish().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(emptied).toBeGreaterThanOrEqual(2);
  });

  it('turns an instance that begins to stop unready at once, while the other stays ready', async () => {
    // What SIGTERM does first (main.ts), before it stops taking jobs and drains its requests.
    b.beginShutdown();
    const stopping = await b.inject({ method: 'GET', url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'stopping' });
    expect((await b.inject({ method: 'GET', url: '/api/blog' })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
