import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/openapi-client-types';
import { createAdmin } from '../../src/server/domains/auth';
import { buildTestApp, type TestApp } from '../helpers/app';
import { freePort } from '../helpers/net';
import { thirdPartyJourney } from '../third-party/journey';

// A third party generates a typed client from openapi/openapi.json (openapi-typescript +
// openapi-fetch) and uses the API with it. tests/third-party/journey.ts is that client's code, typed
// only by the generated file and checked by `npm run typecheck` with no casts; here it runs against
// a real listening server.

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  // The documented limits as they ship (no test multiplier), so the journey meets a real 429.
  t = await buildTestApp({
    env: { RATE_LIMIT_MULTIPLIER: '1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  await createAdmin(t.deps, {
    name: 'Pat Partner',
    email: 'pat@hertslocalmedia.co.uk',
    password: 'Chiltern-Beech-Lane-8',
  });
  await t.app.listen({ host: '127.0.0.1', port });
  baseUrl = `http://127.0.0.1:${port}/api`;
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('a client generated from openapi/openapi.json', () => {
  it('is what openapi-typescript makes of the committed document today', async () => {
    const document = JSON.parse(fs.readFileSync('openapi/openapi.json', 'utf8')) as object;
    expect(fs.readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await clientTypes(document));
  });

  it('needs no casts: the journey is written against the generated types alone', () => {
    const source = fs
      .readFileSync('tests/third-party/journey.ts', 'utf8')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/\/\*\*[\s\S]*?\*\//g, '');
    expect(source).not.toMatch(
      /\bas (unknown|any|never)\b|\bas [A-Z{[]|<any>|@ts-(ignore|expect-error)|from '\.\.\/\.\.\/src/,
    );
  });

  it('reads, signs in, uploads, writes a draft, subscribes, sends a message, shows a 400 by field and waits out a 429', async () => {
    const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    // Retry-After is minutes; instead of sleeping, the client's wait moves the clock the limits read.
    vi.useFakeTimers({ toFake: ['Date'] });
    const result = await thirdPartyJourney({
      baseUrl,
      email: 'pat@hertslocalmedia.co.uk',
      password: 'Chiltern-Beech-Lane-8',
      image: new Uint8Array(image),
      wait: async (seconds) => {
        vi.setSystemTime(Date.now() + seconds * 1000 + 1000);
      },
    });
    vi.useRealTimers();

    expect(result.publicPosts).toBeGreaterThan(0);
    expect(result.firstPostTitle.length).toBeGreaterThan(0);
    expect(result.signedInAs).toBe('pat@hertslocalmedia.co.uk');
    expect(result.objectPath).toMatch(/^\/objects\/uploads\/[a-z2-7]{32}$/);
    expect(result.created).toMatchObject({ published: false, imageUrl: result.objectPath });
    expect(result.updatedTitle).toBe('Draft from a partner, revised');
    expect(result.deletedThenMissing).toBe(404);
    expect(result.subscribed.length).toBeGreaterThan(0);
    expect(result.contactSent.length).toBeGreaterThan(0);
    expect(result.badRequest).toEqual({ status: 400, paths: ['email'], code: 'BAD_REQUEST' });
    expect(result.throttled.status).toBe(429);
    expect(result.throttled.code).toBe('TOO_MANY_REQUESTS');
    expect(result.throttled.retryAfter).toBeGreaterThan(0);
    expect(result.throttled.afterWaiting).toBe(200);
  });
});
