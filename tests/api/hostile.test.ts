import fc from 'fast-check';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helpers/app';
import { createAdmin, createSession } from '../../src/server/services/auth';

// Generated and malicious input against every REST path of the OpenAPI document: never a 5xx,
// nothing stored when a request is refused, and the server keeps answering.

type Operation = { method: string; path: string; bodyKeys: string[]; queryKeys: string[] };

let t: TestApp;
const operations: Operation[] = [];
/** An admin's session, so the admin paths are attacked past their sign-in check too. */
let adminToken = '';

const tables = Object.values(schema).filter(
  (v): v is typeof schema.users => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
);

async function rowCounts(): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (table) => {
      const name = getTableName(table);
      const rows = (await t.deps.db.db.execute(sql.raw(`SELECT COUNT(*)::int AS n FROM "${name}"`))) as unknown as
        | { rows: Array<{ n: number }> }
        | Array<{ n: number }>;
      const list = Array.isArray(rows) ? rows : rows.rows;
      return `${name}=${list[0]?.n}`;
    }),
  );
  return parts.join(',');
}

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000', STRIPE_WEBHOOK_SECRET: 'whsec_hostile_input_test' } });
  const admin = await createAdmin(t.deps, { name: 'Fuzz Admin', email: 'fuzz@example.co.uk', password: 'Kestrel-Quarry-Bramble-5' });
  adminToken = (await createSession(t.deps, admin.id)).token;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(json?.properties ?? {}),
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
}, 60_000);

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
  fc.string({ minLength: 20_000, maxLength: 60_000 }),
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
  return fc.oneof(shaped, nastyValue, fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')));
}

/** Like encodeURIComponent, but a lone surrogate becomes U+FFFD instead of throwing. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
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

  it('never answers 5xx and stores nothing it refused', { timeout: 600_000 }, async () => {
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
    expect(({}) as Record<string, unknown>).not.toHaveProperty('admin');
  });
});
