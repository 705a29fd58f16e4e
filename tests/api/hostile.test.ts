import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../src/server/domains/auth/tables';
import { podcastEpisodes } from '../../src/server/domains/podcasts/tables';
import { buildTestApp, builtClientDist, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { schemaTables } from '../helpers/tables';
import { ConfigError, loadConfig } from '../../src/server/config';
import { fillPageTemplate } from '../../src/server/web/http/pages';
import { ROUTE_LIST } from '../../src/shared/routes';
import { createAdmin } from '../../src/server/domains/auth';
import { importPodcastFeed, importPodcastFeedFromUrl } from '../../src/server/domains/podcasts';
import { createOutboundClient } from '../../src/server/platform/outbound';
import { mailJobRows } from '../helpers/jobs';
import { scaled } from '../helpers/timeouts';

// Generated and malicious input against every REST path of the OpenAPI document: never a 5xx,
// nothing stored when a request is refused, and the server keeps answering.

type Operation = { method: string; path: string; bodyKeys: string[]; queryKeys: string[] };

let t: TestApp;
const operations: Operation[] = [];
/** Every documented operation at its path as a client sends it: the API's under /api, feeds and files at the root. */
const documentedOperations: Array<{ method: string; path: string }> = [];
/** An admin's session, so the admin paths are attacked past their sign-in check too. */
let adminToken = '';

// Visitor figures are written in batches a second after the beacons of earlier tests (decision
// 0016), so they may change during any test here: they hold no visitor's submission.
const BUFFERED = new Set(['analytics_page_views', 'analytics_salts', 'analytics_conversions']);
const tables = (await schemaTables()).filter((table) => !BUFFERED.has(getTableName(table)));

/**
 * Every table's row count, in one statement: the property below takes it twice for each of its
 * thousands of requests, and one query per table made it most of the suite's time.
 */
let countAll: ReturnType<typeof sql.raw> | undefined;

async function rowCounts(): Promise<string> {
  countAll ??= sql.raw(
    `SELECT ${tables
      .map((table) => `'${getTableName(table)}=' || (SELECT COUNT(*) FROM "${getTableName(table)}")`)
      .join(` || ',' || `)} AS counts`,
  );
  const result = (await t.deps.db.execute(countAll)) as unknown as
    { rows: Array<{ counts: string }> } | Array<{ counts: string }>;
  const list = Array.isArray(result) ? result : result.rows;
  return list[0]?.counts ?? '';
}

beforeAll(async () => {
  t = await buildTestApp({
    env: { RATE_LIMIT_MULTIPLIER: '1000', STRIPE_WEBHOOK_SECRET: 'whsec_hostile_input_test' },
  });
  ({ token: adminToken } = await signedInAdmin(t, {
    name: 'Fuzz Admin',
    email: 'fuzz@example.co.uk',
    password: 'Kestrel-Quarry-Bramble-5',
  }));
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    const atRoot = (item as { servers?: Array<{ url: string }> }).servers?.some((s) => s.url === '/');
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      documentedOperations.push({ method: method.toUpperCase(), path: atRoot ? path : `/api${path}` });
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(json?.properties ?? {}),
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
}, scaled(60_000));

afterAll(async () => {
  await t.close();
});

const nasty = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\uD800',
    '𝕳𝖊𝖗𝖙𝖘 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
    '${jndi:ldap://x}',
    '{{7*7}}',
    'javascript:alert(1)',
    '-1',
    '1e309',
    'NaN',
    '9007199254740993',
    '',
    ' ',
  ),
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  // A long value, past every field's limit: a random piece repeated, since drawing 20,000-60,000
  // characters one by one was a quarter of this file's time and finds nothing the repeats do not.
  fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.integer({ min: 20_000, max: 60_000 }),
    )
    .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length)),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 200 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a'), nasty),
  fc.jsonValue({ maxDepth: 3 }),
);

function bodyFor(op: Operation): fc.Arbitrary<unknown> {
  const shaped =
    op.bodyKeys.length > 0
      ? fc.record(Object.fromEntries(op.bodyKeys.map((k) => [k, nastyValue])), { requiredKeys: [] })
      : fc.constant({});
  return fc.oneof(
    shaped,
    nastyValue,
    fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')),
  );
}

/** Like encodeURIComponent, but a lone surrogate becomes U+FFFD instead of throwing. */
function encodeSegment(value: string): string {
  const encoded = encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
  // '.' and '..' are not values but dot segments: every URL library resolves them before sending
  // (/subscribers/. is /subscribers/, whose DELETE is a 405), so a client can never send them as an id.
  return encoded === '.' || encoded === '..' ? `${encoded}x` : encoded;
}

function urlFor(op: Operation, pathValue: string, query: Record<string, string>): string {
  const path = op.path.replace(/\{[^}]+\}/g, () => encodeSegment(pathValue));
  const qs = new URLSearchParams(query).toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

describe('hostile input against every REST path in openapi/openapi.json', () => {
  it('finds the documented paths', () => {
    expect(operations.length).toBeGreaterThan(2);
  });

  it('never answers 5xx and stores nothing it refused', { timeout: scaled(600_000) }, async () => {
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(
          bodyFor(op),
          nasty,
          fc.dictionary(fc.constantFrom(...op.queryKeys, 'x', '__proto__'), nasty, { maxKeys: 3 }),
          fc.constantFrom('json', 'malformed', 'text', 'form', 'none'),
          fc.boolean(),
          async (body, pathValue, query, encoding, signedIn) => {
            const before = await rowCounts();
            const hasBody = !['GET', 'DELETE'].includes(op.method);
            const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${adminToken}` } : {};
            let payload: string | undefined;
            if (hasBody && encoding !== 'none') {
              if (encoding === 'json') {
                headers['content-type'] = 'application/json';
                payload = JSON.stringify(body);
              } else if (encoding === 'malformed') {
                headers['content-type'] = 'application/json';
                payload = `{"a": ${JSON.stringify(String(pathValue)).slice(0, 30)}`;
              } else if (encoding === 'text') {
                headers['content-type'] = 'text/plain';
                payload = String(pathValue);
              } else {
                headers['content-type'] = 'application/x-www-form-urlencoded';
                payload = 'a=1&__proto__[admin]=1';
              }
            }
            const res = await t.app.inject({
              method: op.method as 'GET',
              url: urlFor(op, String(pathValue), query as Record<string, string>),
              headers,
              payload,
            });
            const context = `${op.method} ${op.path} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, context).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type'], context).toMatch(/application\/json/);
              expect(typeof res.json().message, context).toBe('string');
              expect(res.body, context).not.toMatch(/\bat \S+ \(|node_modules|SELECT |INSERT /);
              expect(await rowCounts(), context).toBe(before);
            }
          },
        ),
        { numRuns: Number(process.env.HOSTILE_RUNS ?? 25), endOnFailure: true },
      );
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect({} as Record<string, unknown>).not.toHaveProperty('admin');
  });
});

// NUL and byte sequences that are not UTF-8, percent-encoded as a client can send them: PostgreSQL
// text takes neither (a NUL tag slug reached the feed's query and failed there as a 500).
const BROKEN_SEGMENTS = ['%00', 'a%00b', '%FF', 'x%C3%28', '%ED%A0%80', '%F0%28%8C%BC', '%C0%AF', '%E9t%E9'];

/** A path template of the route table (`:slug`) or of openapi.json (`{slug}`) with each parameter as given. */
function filledPath(template: string, value: string): string {
  return template.replace(/:[A-Za-z]+\??|\{[^}]+\}/g, value);
}

describe('NUL and broken UTF-8 in the path or query of every page, feed and API path (issue 44.7)', () => {
  /** Every page of the route table and every documented operation: a new route is swept without editing this test. */
  const targets = () => [
    ...ROUTE_LIST.map((route) => ({ method: 'GET', path: route.path })),
    ...documentedOperations,
  ];
  // The pages as the site serves them, rendered from the built client (CI builds it before these tests).
  let site: TestApp;
  beforeAll(async () => {
    site = await buildTestApp({
      env: { CLIENT_DIST: builtClientDist(), RATE_LIMIT_MULTIPLIER: '1000' },
      outbox: 'manual',
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it('sweeps the route table and the documented paths', () => {
    expect(targets().map((target) => target.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/search',
        '/blog/tag/:slug',
        '/blog/tag/{slug}/rss.xml',
        '/api/blog/search',
      ]),
    );
  });

  it(
    'answers a path parameter with them 404 and a query parameter 400 naming it, in the one error shape, never 5xx',
    { timeout: scaled(180_000) },
    async () => {
      /** A request, and what it must answer: 404, or 400 naming this parameter. */
      const requests: Array<{ method: string; url: string; status: 404 | 400; names?: string }> = [];
      for (const { method, path: template } of targets()) {
        const path = filledPath(template, 'word');
        for (const [i, broken] of BROKEN_SEGMENTS.entries()) {
          // In a value, in a value after another parameter, and in a name, by turns.
          const [query, names] = [
            [`q=${broken}`, 'q'],
            [`page=1&x=${broken}`, 'x'],
            [`${broken}=1`, ''],
          ][i % 3]!;
          requests.push({ method, url: `${path}?${query}`, status: 400, names });
          if (/[:{]/.test(template))
            requests.push({ method, url: filledPath(template, broken), status: 404 });
        }
      }
      const wrong: string[] = [];
      for (const { method, url, status, names } of requests) {
        // The test app also checks each answer against openapi.json, and throws where it differs.
        const res = await site.app.inject({ method: method as 'GET', url }).catch((error: Error) => error);
        if (res instanceof Error) {
          wrong.push(`${method} ${url} -> ${res.message.split('\n', 1)[0]}`);
          continue;
        }
        const body = /application\/json/.test(String(res.headers['content-type']))
          ? (res.json() as { code?: string; message?: unknown; issues?: Array<{ path: string }> })
          : {};
        const shaped =
          typeof body.message === 'string' &&
          body.code === (status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST') &&
          (names === undefined || body.issues?.[0]?.path === names);
        if (res.statusCode !== status || !shaped)
          wrong.push(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(wrong).toEqual([]);
      expect((await site.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
  );

  it('still reads percent-encoded UTF-8 and a lone per cent sign as they were', async () => {
    for (const url of [
      '/search?q=caf%C3%A9',
      '/api/blog/search?q=caf%C3%A9',
      '/api/blog/search?q=50%25',
      '/api/blog/search?q=50%off',
      '/blog/tag/%F0%9F%8D%B0/rss.xml',
    ]) {
      const res = await site.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

// --- The security review's findings: each attack as it was reproduced ----------------

/** A plain HTTP server on 127.0.0.1 that records every request it gets. */
async function localServer(
  handler: http.RequestListener,
): Promise<{ server: http.Server; port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '/');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Stores episodes with these audio URLs; answers their ids by guid. */
async function addEpisodes(app: TestApp, items: Record<string, string>): Promise<Record<string, number>> {
  const entries = Object.entries(items)
    .map(
      ([guid, url]) =>
        `<item><title>${guid}</title><guid>${guid}</guid><enclosure url="${url}" type="audio/mpeg" length="1"/></item>`,
    )
    .join('');
  await importPodcastFeed(
    app.deps.db,
    `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title>${entries}</channel></rss>`,
  );
  const rows = await app.deps.db
    .select({ id: podcastEpisodes.id, guid: podcastEpisodes.guid })
    .from(podcastEpisodes);
  return Object.fromEntries(rows.map((r) => [r.guid, r.id]));
}

describe('13.1 the audio proxy is no way into the internal network', () => {
  let internal: Awaited<ReturnType<typeof localServer>>;
  let audioHost: Awaited<ReturnType<typeof localServer>>;
  let strict: TestApp;
  let allowing: TestApp;
  let strictIds: Record<string, number>;
  let allowingIds: Record<string, number>;

  beforeAll(async () => {
    // An internal service that must never be reached through us.
    internal = await localServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('INTERNAL-SECRET'),
    );
    const secret = `http://127.0.0.1:${internal.port}/secret`;
    // An audio host the operator allows (OUTBOUND_ALLOW_PRIVATE names its address and port only).
    audioHost = await localServer((req, res) => {
      if (req.url === '/to-internal.mp3') res.writeHead(302, { Location: secret }).end();
      else if (req.url === '/to-localhost.mp3')
        res.writeHead(307, { Location: `http://localhost:${internal.port}/secret` }).end();
      else if (req.url === '/page.html')
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end('<script>alert(localStorage.authToken)</script>');
      else if (req.url === '/evil.js')
        res
          .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
          .end('alert(document.cookie)');
      else res.writeHead(200, { 'Content-Type': 'audio/ogg; codecs=opus' }).end(Buffer.alloc(100, 1));
    });

    strict = await buildTestApp({ seed: false });
    strictIds = await addEpisodes(strict, {
      loopback: secret,
      'loopback-name': `http://localhost:${internal.port}/secret`,
      mapped: `http://[::ffff:127.0.0.1]:${internal.port}/secret`,
      'mapped-hex': `http://[::ffff:7f00:1]:${internal.port}/secret`,
      decimal: `http://2130706433:${internal.port}/secret`,
      'this-host': `http://0.0.0.0:${internal.port}/secret`,
      'ipv6-loopback': `http://[::1]:${internal.port}/secret`,
      metadata: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      private: 'http://10.0.0.1/',
      cgnat: 'http://100.100.100.200/latest/meta-data/',
      'unique-local': 'http://[fd00:ec2::254]/latest/meta-data/',
    });
    allowing = await buildTestApp({
      seed: false,
      env: { OUTBOUND_ALLOW_PRIVATE: `127.0.0.1:${audioHost.port}` },
    });
    const base = `http://127.0.0.1:${audioHost.port}`;
    allowingIds = await addEpisodes(allowing, {
      'redirect-internal': `${base}/to-internal.mp3`,
      'redirect-localhost': `${base}/to-localhost.mp3`,
      html: `${base}/page.html`,
      javascript: `${base}/evil.js`,
      audio: `${base}/show.opus`,
      'internal-direct': secret,
    });
  }, scaled(60_000));

  afterAll(async () => {
    await strict?.close();
    await allowing?.close();
    await internal?.close();
    await audioHost?.close();
  });

  it('refuses loopback, a name resolving to loopback, IPv4-mapped and other spellings, metadata and private addresses', async () => {
    for (const [guid, id] of Object.entries(strictIds)) {
      const res = await strict.app.inject({ method: 'GET', url: `/api/audio-proxy/${id}` });
      expect(res.statusCode, guid).toBe(502);
      expect(res.headers['content-type'], guid).toMatch(/application\/json/);
      expect(res.json().message, guid).toMatch(/does not fetch from/);
      expect(res.body).not.toContain('INTERNAL-SECRET');
    }
    expect(internal.hits).toEqual([]);
  });

  it('checks every redirect hop, and an allowed host does not open the rest of the machine', async () => {
    for (const guid of ['redirect-internal', 'redirect-localhost', 'internal-direct']) {
      const res = await allowing.app.inject({ method: 'GET', url: `/api/audio-proxy/${allowingIds[guid]}` });
      expect(res.statusCode, guid).toBe(502);
      expect(res.body, guid).not.toContain('INTERNAL-SECRET');
    }
    expect(internal.hits).toEqual([]);
  });

  it('serves an HTML or JavaScript answer as inert audio: audio type, nosniff, a sandbox policy, inline download name', async () => {
    for (const guid of ['html', 'javascript']) {
      const id = allowingIds[guid]!;
      const res = await allowing.app.inject({ method: 'GET', url: `/api/audio-proxy/${id}` });
      expect(res.statusCode, guid).toBe(200);
      expect(res.headers['content-type'], guid).toBe('audio/mpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['content-disposition']).toBe(`inline; filename="episode-${id}.mp3"`);
    }
    const audio = await allowing.app.inject({ method: 'GET', url: `/api/audio-proxy/${allowingIds.audio}` });
    expect(audio.headers['content-type']).toBe('audio/ogg');
    expect(audio.headers['content-disposition']).toBe(`inline; filename="episode-${allowingIds.audio}.ogg"`);
  });
});

describe('13.1 the feed import fetches only from public addresses', () => {
  it('refuses a feed on 127.0.0.1 and on a name resolving to it with the default settings', async () => {
    const host = await localServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end('<rss/>'),
    );
    const t = await buildTestApp({ seed: false });
    try {
      const outbound = createOutboundClient({ allowPrivate: t.config.outboundAllowPrivate });
      for (const url of [
        `http://127.0.0.1:${host.port}/feed.xml`,
        `http://localhost:${host.port}/feed.xml`,
      ]) {
        await expect(importPodcastFeedFromUrl(t.deps.db, url, { outbound }), url).rejects.toThrow(
          /not a public address/,
        );
      }
      expect(host.hits).toEqual([]);
    } finally {
      await t.close();
      await host.close();
    }
  });
});

describe('13.2 a client cannot choose the address that limits count against', () => {
  it('refuses TRUST_PROXY=true at start with the reason, and anything but a hop count or addresses', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() };
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY="true": .*X-Forwarded-For.*any client/,
    );
    for (const bad of ['yes', '0', 'loopback', '10.0.0.0/40', 'proxy.internal']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    for (const good of ['1', '2', '10.0.0.5', '10.0.0.0/24, fd00::/8']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: good }), good).not.toThrow();
    }
  });

  it('ignores X-Forwarded-For from a direct client, with or without a trusted proxy configured', async () => {
    for (const trustProxy of [undefined, '10.9.8.7']) {
      const app = await buildTestApp({
        seed: false,
        env: { RATE_LIMIT_MULTIPLIER: '1', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const res = await app.app.inject({
            method: 'POST',
            url: '/api/subscribe',
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
            payload: { email: `reader${i}@example.co.uk`, newsletter: 'general' },
          });
          statuses.push(res.statusCode);
        }
        // Ten per ten minutes for one address, whatever the header claimed.
        expect(
          statuses.slice(0, 10).every((s) => s === 200),
          `${trustProxy} ${statuses.join()}`,
        ).toBe(true);
        expect(statuses[10], String(trustProxy)).toBe(429);
      } finally {
        await app.close();
      }
    }
  });

  it('believes the header only from the configured proxy', async () => {
    const app = await buildTestApp({
      seed: false,
      env: { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '10.9.8.7' },
    });
    try {
      for (let i = 0; i < 12; i++) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/subscribe',
          remoteAddress: '10.9.8.7',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: { email: `proxied${i}@example.co.uk`, newsletter: 'general' },
        });
        // Each request is a different visitor behind the proxy: none is limited.
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('docker-compose publishes only the reverse proxy, and the app trusts only that proxy', () => {
    const compose = parseYaml(fs.readFileSync('docker-compose.yml', 'utf8')) as {
      services: Record<
        string,
        { image?: string; ports?: unknown[]; environment?: Record<string, string>; networks?: unknown }
      >;
    };
    const { app, proxy } = compose.services;
    expect(app?.ports).toBeUndefined();
    expect(proxy?.image).toMatch(/^caddy:/);
    expect(proxy?.ports?.length).toBeGreaterThan(0);
    for (const [name, service] of Object.entries(compose.services)) {
      if (name !== 'proxy') expect(service.ports, name).toBeUndefined();
    }
    const proxyAddress = (proxy?.networks as { front: { ipv4_address: string } }).front.ipv4_address;
    expect(app?.environment?.TRUST_PROXY).toBe(proxyAddress);
    expect(app?.environment?.TRUST_PROXY).not.toMatch(/true/);
    // Every instance of the app, found by its service name (docker-compose runs several).
    expect(fs.readFileSync('deploy/Caddyfile', 'utf8')).toMatch(
      /reverse_proxy \{\s+(#.*\s+)*dynamic a app 5000/,
    );
  });
});

describe('13.3 nobody can lock the admin out', () => {
  const VICTIM = {
    name: 'Vera Victim',
    email: 'vera@hertslocalmedia.co.uk',
    password: 'Heron-Marsh-Lantern-8',
  };
  const ATTACKER = '203.0.113.66';
  const ADMIN_DESK = '198.51.100.7';
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: false, env: { RATE_LIMIT_MULTIPLIER: '1' } });
    await createAdmin(app.deps, VICTIM);
  });
  afterAll(async () => {
    app.setNow(new Date());
    await app?.close();
  });
  const signIn = (remoteAddress: string, password: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: VICTIM.email, password },
      remoteAddress,
    });

  it('lets the right password in from an address that has not been failing, while the account is under attack', async () => {
    // Five wrong passwords from the attacker, then one more every time the block ends.
    for (let i = 0; i < 5; i++) expect((await signIn(ATTACKER, `guess-${i}`)).statusCode).toBe(401);
    expect((await signIn(ATTACKER, 'guess-5')).statusCode).toBe(429);
    expect((await signIn(ADMIN_DESK, VICTIM.password)).statusCode).toBe(200);
    let now = Date.now();
    for (let round = 0; round < 3; round++) {
      now += 16 * 60_000;
      app.setNow(new Date(now));
      expect((await signIn(ATTACKER, `guess-round-${round}`)).statusCode).toBe(401);
      expect((await signIn(ADMIN_DESK, VICTIM.password)).statusCode).toBe(200);
    }
    // The attacker, with the right password even, stays refused.
    expect((await signIn(ATTACKER, VICTIM.password)).statusCode).toBe(429);
  });

  it('lifts the blocks on an account when its password is reset', async () => {
    expect((await signIn(ATTACKER, VICTIM.password)).statusCode).toBe(429);
    await app.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: VICTIM.email },
      remoteAddress: ADMIN_DESK,
    });
    const mail = app.mailer.sent
      .filter((m) => m.to === VICTIM.email && /reset-password\?token=/.test(m.text))
      .at(-1)!;
    const token = /reset-password\?token=([a-z2-7]+)/.exec(mail.text)![1]!;
    const newPassword = 'Kingfisher-Weir-Candle-9';
    const reset = await app.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, newPassword },
      remoteAddress: ADMIN_DESK,
    });
    expect(reset.statusCode).toBe(200);
    // The admin was working from the attacked address (a shared office, say): it works again at once.
    expect((await signIn(ATTACKER, newPassword)).statusCode).toBe(200);
    VICTIM.password = newPassword;
  });

  it('tells the admin by e-mail that someone is trying, once an hour however long it goes on', async () => {
    const alerts = () =>
      app.mailer.sent.filter((m) => m.to === VICTIM.email && /failed attempts to sign in/.test(m.text));
    const before = alerts().length;
    // Many addresses, a few guesses each: none is blocked, but the account is clearly being attacked.
    for (let i = 0; i < 30; i++)
      expect((await signIn(`203.0.113.${100 + (i % 10)}`, `spray-${i}`)).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 50));
    expect(alerts().length).toBe(before + 1);
    const alert = alerts().at(-1)!;
    expect(alert.subject).toMatch(/Failed sign-ins/);
    expect(alert.text).toContain(`${app.config.publicUrl}/forgot-password`);
    expect(alert.text).not.toMatch(/spray-/);
    // The real admin still gets in.
    expect((await signIn(ADMIN_DESK, VICTIM.password)).statusCode).toBe(200);
  });
});

describe('13.4 $ patterns in a post cannot rewrite the page', () => {
  // The whole page path is covered by tests/e2e/blog.spec.ts (a post full of $ patterns rendered on
  // the server); here any text, however hostile, goes through the template untouched.
  it('puts any head, body and page data into the template exactly as given', () => {
    const template = fs.readFileSync('src/client/index.html', 'utf8');
    const dollarText = fc.string({
      unit: fc.constantFrom('$', "'", '`', '&', '1', '0', '<', '>', '/', 'a', ' '),
      maxLength: 40,
    });
    fc.assert(
      fc.property(dollarText, dollarText, dollarText, (head, body, pageData) => {
        const html = fillPageTemplate(template, { head, body, pageData });
        const [before = '', after = ''] = html.split(`<div id="root">${body}</div>`);
        expect(before).toContain(`    ${head}\n  </head>`);
        expect(
          after.startsWith(`\n    <script type="application/json" id="__PAGE_DATA__">${pageData}</script>`),
        ).toBe(true);
        expect(html.length).toBe(
          fillPageTemplate(template, { head: 'H', body: 'B', pageData: 'D' }).length -
            3 +
            head.length +
            body.length +
            pageData.length,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('13.5 the math question is checked by the server', () => {
  const enquiry = {
    name: 'Bot',
    email: 'bot@example.co.uk',
    subject: 'Buy now',
    message: 'Cheap links',
    type: 'other',
  };
  it('refuses a direct POST /api/contact without the question, with a made-up or a replayed one, and stores nothing', async () => {
    const before = await rowCounts();
    const bare = await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry });
    expect(bare.statusCode).toBe(400);
    // A challenge signed with another key, as a bot that guessed the format would make it.
    const id = 'a'.repeat(32);
    const expires = Date.now() + 60_000;
    const forged = `${id}.1.1.${expires}.${createHmac('sha256', 'guessed-key').update(`contact-challenge:v1:${id}:1:1:${expires}`).digest('base64url')}`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...enquiry, challenge: forged, answer: 2 },
    });
    expect(made.statusCode).toBe(400);
    expect(await rowCounts()).toBe(before);

    const { challenge, a, b } = (
      await t.app.inject({ method: 'GET', url: '/api/contact/challenge' })
    ).json() as { challenge: string; a: number; b: number };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...enquiry, challenge, answer: a + b },
    });
    expect(first.statusCode).toBe(200);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...enquiry, challenge, answer: a + b },
        }),
      ),
    );
    expect(replays.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
  });
});

describe('13.9 an e-mail address is exactly one mailbox', () => {
  const lists = [
    'a;=1+2@evil.example',
    'a,b@evil.example',
    'a@evil.example,b@evil.example',
    '"a b"@evil.example',
    'a <b@evil.example>',
    'a@[127.0.0.1]',
    'a@evil',
    'a@-evil.example',
    'a..b@evil.example',
    `${'a'.repeat(65)}@evil.example`,
  ];
  it('refuses list separators and anything else that is not one RFC 5321 mailbox, on every form, storing and mailing nothing', async () => {
    await challengeAnswer(); // the first challenge makes the signing key: not part of what is counted
    const before = await rowCounts();
    const sentBefore = t.mailer.sent.length;
    for (const email of lists) {
      const subscribe = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email } });
      expect(subscribe.statusCode, `subscribe ${email}`).toBe(400);
      expect(subscribe.json().issues[0].path, email).toBe('email');
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Eve',
          email,
          subject: 'Hi',
          message: 'Hello',
          type: 'other',
          ...(await challengeAnswer()),
        },
      });
      expect(contact.statusCode, `contact ${email}`).toBe(400);
      const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      expect(forgot.statusCode, `forgot ${email}`).toBe(400);
    }
    expect(await rowCounts()).toBe(before);
    expect(t.mailer.sent.length).toBe(sentBefore);
  });

  it('keeps accepting real addresses: plus tags, apostrophes, hyphens, subdomains, IDN domains', async () => {
    for (const email of [
      "o'brien+news@mail.example.co.uk",
      'jo-anne.smith@hertford-town.example.org',
      'x@xn--bcher-kva.example',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email } });
      expect(res.statusCode, email).toBe(200);
    }
  });
});

async function challengeAnswer(): Promise<{ challenge: string; answer: number }> {
  const { challenge, a, b } = (
    await t.app.inject({ method: 'GET', url: '/api/contact/challenge' })
  ).json() as { challenge: string; a: number; b: number };
  return { challenge, answer: a + b };
}

describe("13.6 the forgotten-password form does not tell whether an address is an admin's", () => {
  it("does the same single write for an admin's address and any other; the worker then mails only the admin", async () => {
    const quiet = await buildTestApp({ outbox: 'manual' });
    try {
      await createAdmin(quiet.deps, {
        name: 'Tess Timing',
        email: 'tess@hertslocalmedia.co.uk',
        password: 'Kingfisher-Weir-Lock-2',
      });
      const writes = async (email: string) => {
        const before = await rowCountsOf(quiet);
        const res = await quiet.app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email },
        });
        expect(res.statusCode).toBe(200);
        const after = await rowCountsOf(quiet);
        const changed = Object.entries(after).flatMap(([table, n]) =>
          n === before[table] ? [] : [[table, n - before[table]!]],
        );
        return { answer: res.body, changed };
      };
      const admin = await writes('tess@hertslocalmedia.co.uk');
      const stranger = await writes('nobody-here@example.co.uk');
      expect(admin).toEqual(stranger);
      expect(admin.changed).toEqual([['mail jobs', 1]]);
      expect(await quiet.deps.db.select().from(passwordResetTokens)).toHaveLength(0);

      // The worker: one link for the admin, nothing for the stranger, and no request rows left.
      await quiet.deps.jobs.runDue();
      expect(quiet.mailer.sent.map((m) => m.to)).toEqual(['tess@hertslocalmedia.co.uk']);
      expect(quiet.mailer.sent[0]!.text).toMatch(/\/reset-password\?token=/);
      expect(await quiet.deps.db.select().from(passwordResetTokens)).toHaveLength(1);
      expect((await mailJobRows(quiet.deps.db)).map((r) => [r.kind, r.state])).toEqual([
        ['password_reset', 'completed'],
        ['password_reset_request', 'completed'],
        ['password_reset_request', 'completed'],
      ]);
    } finally {
      await quiet.close();
    }
  });
});

async function rowCountsOf(app: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [passwordResetTokens, users, sessions]) {
    const rows = await app.deps.db.select().from(table);
    counts[getTableName(table)] = rows.length;
  }
  counts['mail jobs'] = (await mailJobRows(app.deps.db)).length;
  return counts;
}

describe('13.11 an answer without Content-Length is capped while it streams', () => {
  it('stops reading a chunked feed past its byte limit instead of holding it all first', async () => {
    let written = 0;
    let stopped = false;
    // A host that sends 1 KB chunks without Content-Length for as long as anyone reads them.
    const host = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
      const chunk = Buffer.alloc(1024, 0x20);
      const pump = () => {
        while (!stopped && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (stopped = true));
      pump();
    });
    const t = await buildTestApp({ seed: false, env: { OUTBOUND_ALLOW_PRIVATE: `127.0.0.1:${host.port}` } });
    try {
      const outbound = createOutboundClient({ allowPrivate: t.config.outboundAllowPrivate });
      await expect(
        outbound.getText(`http://127.0.0.1:${host.port}/feed.xml`, { timeoutMs: 5000, maxBytes: 100 * 1024 }),
      ).rejects.toThrow(/larger than 102400 bytes/);
      await expect.poll(() => stopped).toBe(true);
      // The host was cut off near the cap (socket buffers aside), not read to its 64 MB end.
      expect(written).toBeLessThan(16 * 1024 * 1024);
    } finally {
      await t.close();
      await host.close();
    }
  });
});
