import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from '../helpers/app-process';
import { createPostgresServer, type PostgresServer } from '../helpers/postgres-server';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startS3Server, type S3Server } from '../helpers/s3-server';

// Two app processes built as `npm start` runs them (A and B), started
// together on one PostgreSQL server, one Redis and one S3-compatible bucket, as two replicas behind
// a load balancer would be. Whatever goes through A, B must serve at once. Run it with
// `npm run test:multi` (after `npm run build:server`); .ci/run does. The e-mail job taken over
// from a killed instance is job-takeover.test.ts.

const ADMIN = {
  email: 'multi@hertslocalmedia.co.uk',
  password: 'Ware-Priory-Lantern-62',
  name: 'Two Instances',
};

let pg: PostgresServer;
let redis: RedisServer;
let s3: S3Server;
let a: AppProcess;
let b: AppProcess;
let auth: { authorization: string };

beforeAll(async () => {
  [pg, redis, s3] = await Promise.all([createPostgresServer(), startRedisServer(), startS3Server()]);
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    ...s3.env,
    // The production limits: the shared ones are what is checked.
    RATE_LIMIT_MULTIPLIER: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
  };
  // Together, as replicas start: migrations and seeds must not trip over each other.
  [a, b] = await Promise.all([startApp({ env }), startApp({ env })]);
  const login = await fetch(`${a.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status).toBe(200);
  auth = { authorization: `Bearer ${((await login.json()) as { authToken: string }).authToken}` };
});
afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await Promise.allSettled([redis?.stop(), s3?.stop()]);
  pg?.destroy();
});

const asAdmin = (url: string, method: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: body === undefined ? auth : { 'content-type': 'application/json', ...auth },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** How long B may take to act on a message A sent through Redis: it reads it between requests. */
const SOON = { timeout: 2_000, interval: 20 };

describe('two instances on one PostgreSQL, one Redis and one bucket', () => {
  it('are both ready, each with every engine answering', async () => {
    for (const instance of [a, b]) {
      const res = await fetch(`${instance.url}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', database: 'up', redis: 'up', storage: 'up' });
    }
  });

  it('serves on B a post published through A within a moment, though B had the list cached', async () => {
    const list = async () => {
      const res = await fetch(`${b.url}/api/blog`);
      return {
        cache: res.headers.get('x-cache'),
        titles: ((await res.json()) as Array<{ title: string }>).map((p) => p.title),
      };
    };
    await list();
    expect((await list()).cache).toBe('hit');
    const created = await asAdmin(`${a.url}/api/admin/blogs`, 'POST', {
      title: 'Two instances, one blog',
      content: '<p>Served everywhere.</p>',
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    const published = await asAdmin(`${a.url}/api/admin/blogs/${id}`, 'PATCH', { published: true });
    expect(published.status).toBe(200);
    // A answers once Redis has taken its message for B; B acts on it as it reads it, within a moment
    // (under CI's load a request to B was once answered before B had read the message).
    await expect.poll(async () => (await list()).titles[0], SOON).toBe('Two instances, one blog');
    expect((await fetch(`${b.url}/api/blog/${id}`)).status).toBe(200);
  });

  it("answers on B a post's addresses as A last changed them, though B kept the old ones in memory", async () => {
    const status = async (path: string) => {
      const res = await fetch(`${b.url}${path}`, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location') };
    };
    const created = await asAdmin(`${a.url}/api/admin/blogs`, 'POST', {
      title: 'Remembered on both',
      content: '<p>Its addresses move.</p>',
      slug: 'remembered-on-both',
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    // A draft: B answers 404 for its address and its number, the second time from memory.
    for (let i = 0; i < 2; i++) {
      expect((await status('/blog/remembered-on-both')).status).toBe(404);
      expect((await status(`/blog/${id}`)).status).toBe(404);
    }
    // Each change on A reaches B through Redis within a moment (see the test above).
    expect((await asAdmin(`${a.url}/api/admin/blogs/${id}`, 'PATCH', { published: true })).status).toBe(200);
    await expect
      .poll(() => status('/blog/remembered-on-both'), SOON)
      .toEqual({ status: 200, location: null });
    expect(await status(`/blog/${id}`)).toEqual({ status: 301, location: '/blog/remembered-on-both' });
    // A new address: the old one and the number lead to it on B.
    expect(
      (await asAdmin(`${a.url}/api/admin/blogs/${id}`, 'PATCH', { slug: 'remembered-and-moved' })).status,
    ).toBe(200);
    await expect
      .poll(() => status('/blog/remembered-on-both'), SOON)
      .toEqual({
        status: 301,
        location: '/blog/remembered-and-moved',
      });
    expect(await status(`/blog/${id}`)).toEqual({ status: 301, location: '/blog/remembered-and-moved' });
    // Taken down on A: gone on B under every address.
    expect((await asAdmin(`${a.url}/api/admin/blogs/${id}`, 'DELETE')).status).toBe(200);
    for (const path of ['/blog/remembered-and-moved', '/blog/remembered-on-both', `/blog/${id}`])
      await expect.poll(async () => (await status(path)).status, SOON).toBe(404);
  });

  it('counts failed sign-ins on A and B against one shared limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'intruder@example.co.uk', password: `guess-number-${i}` }),
      });
      statuses.push(res.status);
    }
    // Three failures on A and two on B are the five that block the sixth, wherever it goes.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('serves through B an image uploaded through A, its link working once on either', async () => {
    const image = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#00695c' } })
      .png()
      .toBuffer();
    const ticket = await fetch(`${a.url}/api/objects/upload`, { method: 'POST', headers: auth });
    expect(ticket.status).toBe(200);
    const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
    const put = await fetch(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: image,
    });
    expect(put.status).toBe(200);
    // The link was signed by A and used up through A: B refuses it too.
    const link = new URL(uploadURL);
    const again = await fetch(`${b.url}${link.pathname}${link.search}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: image,
    });
    expect(again.status).toBe(403);

    const served = await fetch(`${b.url}${objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    const small = await fetch(`${b.url}${objectPath}?w=320`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
  });
});
