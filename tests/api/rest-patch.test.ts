import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { answered } from '../helpers/challenge';
import { OPENAPI_FILE } from '../helpers/openapi-check';

// A PATCH changes the fields it is given and no others. Every PATCH of openapi.json is walked: a
// record is made with every field filled (each with a value other than its default, so a default
// filling an absent field shows), then each field is sent alone, to a record of its own, and every
// other field is read back unchanged. The values come from the document's schemas, so a new PATCH
// is covered without editing this file.

interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: Array<{ name: string; in: string; schema: Schema }>;
}
type Item = Record<string, unknown> & { id: number };

const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const bodyOf = (op: Operation | undefined) => op?.requestBody?.content['application/json']?.schema;

/**
 * Fields that are one fact under two names, or that another field decides, as their operations
 * say: sending the first may change those listed (and only those).
 */
const DECIDES: Record<string, Record<string, string[]>> = {
  // published is the older name of status (the category and the tags are apart since issue 46.3).
  '/admin/blogs/{id}': {
    published: ['status'],
    status: ['published'],
  },
  // A video call keeps no venue, an in-person session no link.
  '/admin/academy/sessions/{id}': { delivery: ['venue', 'joinLink'] },
};

let t: TestApp;
let auth: { authorization: string };
let made = 0;
/** Text no other record has: a name that is found again by search. */
const unique = (what: string) => `${what} ${++made} ${Math.random().toString(36).slice(2, 7)}`;

/**
 * Fields whose values are other records' ids, which no schema can name: the values that exist here
 * (set once the test's admin is made).
 */
const EXISTING: Record<string, unknown[]> = {};

/** Values a field may take, the likeliest first (new text on every call). */
function candidates(schema: Schema, name: string): unknown[] {
  if (EXISTING[name]) return EXISTING[name];
  if (schema.anyOf) {
    const values = schema.anyOf.filter((s) => s.type !== 'null').flatMap((s) => candidates(s, name));
    return schema.anyOf.some((s) => s.type === 'null') ? [...values, null] : values;
  }
  if (schema.enum) return [...schema.enum];
  if (schema.type === 'boolean') return [true, false];
  if (schema.type === 'integer' || schema.type === 'number') {
    const low = schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1;
    const high = Math.min(schema.maximum ?? low + 100, low + 100);
    return [low + 3, low + 7, high].filter((n, i, all) => n <= high && all.indexOf(n) === i);
  }
  if (schema.type === 'array') {
    const count = Math.max(schema.minItems ?? 0, Math.min(2, schema.maxItems ?? 2));
    const item = schema.items ?? { type: 'string' };
    return [0, 1, 2].map(() => Array.from({ length: count }, () => candidates(item, name)[0]));
  }
  return stringCandidates(schema, name);
}

function stringCandidates(schema: Schema, name: string): string[] {
  const word = unique(name);
  const slug = word.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const year = 2031 + (made % 7);
  const month = String(1 + (made % 9)).padStart(2, '0');
  const shapes =
    schema.format === 'date-time'
      ? [`${year}-${month}-15T10:00:00.000Z`]
      : [
          ...examples(schema),
          word,
          `${year}-${month}-1${made % 9}`,
          ...['09', '11', '13', '15', '17', '19'].map((h) => `${h}:${String(made % 60).padStart(2, '0')}`),
          slug,
          `https://www.example.com/${slug}`,
          `/images/${slug}.png`,
        ];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  return shapes
    .map((s) => s.slice(0, schema.maxLength ?? s.length))
    .filter((s) => s.length >= (schema.minLength ?? 0) && (!pattern || pattern.test(s)));
}

/** The document's example of a field, and another like it (an address with a query added). */
function examples(schema: Schema): string[] {
  if (typeof schema.example !== 'string') return [];
  if (!/^https?:\/\//.test(schema.example)) return [schema.example];
  const other = new URL(schema.example);
  other.searchParams.set('v', String(made));
  return [schema.example, other.toString()];
}

/** The candidates of a field in the order a new record tries them: those other than its default first. */
function forCreating(schema: Schema, name: string): unknown[] {
  const all = candidates(schema, name);
  const fallback = schema.default ?? schema.anyOf?.find((s) => s.default !== undefined)?.default;
  return [...all.filter((v) => v !== fallback), ...all.filter((v) => v === fallback)];
}

async function send(method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: auth,
    payload: payload as object,
  });
}

/**
 * Posts a body with every field of `schema` filled; a field the answer names as wrong (a value the
 * schema cannot say is refused, such as an end before the start) takes its next candidate.
 */
async function createWithEveryField(path: string, schema: Schema): Promise<number> {
  const options = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, s]) => [name, forCreating(s, name)]),
  );
  const choice: Record<string, number> = {};
  for (let attempt = 0; attempt < 30; attempt++) {
    const body = Object.fromEntries(
      Object.entries(options).map(([name, list]) => [name, list[choice[name] ?? 0]]),
    );
    const res = await send('POST', path, body);
    if (res.statusCode < 300) return (res.json() as Item).id;
    // The fields named: by issues, or by the message's 'field: ' of a service's refusal.
    const answer = res.json() as { message: string; issues?: Array<{ path: string }> };
    const named = answer.issues?.map((i) => i.path) ?? [answer.message.split(':')[0]!];
    const fields = [...new Set(named.map((p) => p.split('.')[0]!).filter((f) => f in options))];
    if (res.statusCode !== 400 || fields.length === 0)
      throw new Error(`POST ${path} answered ${res.statusCode}: ${res.body}\nbody: ${JSON.stringify(body)}`);
    for (const f of fields) {
      choice[f] = (choice[f] ?? 0) + 1;
      if (choice[f]! >= options[f]!.length)
        throw new Error(`POST ${path}: no value of ${f} is accepted: ${res.body}`);
    }
  }
  throw new Error(`POST ${path}: no body was accepted`);
}

/** Records whose collection has no POST of its own: made the way the site makes them. */
const MADE_ELSEWHERE: Record<string, () => Promise<number>> = {
  // Your own profile: no id, it is the signed-in person's.
  '/admin/profile': async () => 0,
  // Staff are added with POST /admin/register.
  '/admin/users/{id}': async () => {
    const name = unique('writer');
    const added = await send('POST', '/admin/register', {
      name,
      email: `${name.replace(/\W+/g, '-')}@hertslocalmedia.co.uk`,
      password: 'Bramble-Lane-Otter-77',
      role: 'contributor',
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().id as number;
  },
  '/admin/blog-tags/{id}': async () => {
    const name = unique('tag');
    const post = await send('POST', '/admin/blogs', {
      title: unique('post'),
      content: '<p>Tagged</p>',
      tags: [name],
    });
    expect(post.statusCode).toBe(200);
    const tags = (await send('GET', `/admin/blog-tags?q=${encodeURIComponent(name)}`)).json() as {
      items: Item[];
    };
    return tags.items.find((tag) => tag.name === name)!.id;
  },
  '/admin/enquiries/{id}': async () => {
    const name = unique('sender');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, {
        name,
        email: 'patch@example.co.uk',
        subject: 'Advert',
        message: 'Please call',
        type: 'advertising',
      }),
    });
    expect(sent.statusCode).toBe(200);
    const list = (await send('GET', `/admin/enquiries?q=${encodeURIComponent(name)}`)).json() as {
      items: Item[];
    };
    return list.items[0]!.id;
  },
};

/** Reads a record back: the GET of its own path, or its collection's GET, page by page. */
async function readBack(path: string, collection: string, id: number): Promise<Item> {
  if (doc.paths[path]?.get) {
    const res = await send('GET', path.replace('{id}', String(id)));
    expect(res.statusCode, `GET ${path}`).toBe(200);
    return res.json() as Item;
  }
  const list = doc.paths[collection]?.get;
  if (!list) throw new Error(`${path} has no GET, nor has ${collection}: nothing reads a record back`);
  const pageSize = list.parameters?.find((p) => p.name === 'pageSize')?.schema.maximum ?? 25;
  for (let page = 1; page < 1000; page++) {
    const res = await send('GET', `${collection}?page=${page}&pageSize=${pageSize}`);
    expect(res.statusCode, `GET ${collection}`).toBe(200);
    const { items } = res.json() as { items: Item[] };
    const found = items.find((item) => item.id === id);
    if (found) return found;
    if (items.length < pageSize) break;
  }
  throw new Error(`record ${id} is not in GET ${collection}`);
}

const patches = Object.entries(doc.paths).flatMap(([path, item]) =>
  item.patch ? [{ path, op: item.patch, collection: path.replace(/\/\{id\}$/, '') }] : [],
);

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await signedInAdmin(t);
  auth = admin.auth;
  // A post's byline names staff who write: the test's own admin.
  EXISTING.authorIds = [[admin.id]];
});
afterAll(async () => {
  await t.close();
});

describe('every PATCH of the API', () => {
  it('is found in the document, each at a path ending in {id}', () => {
    expect(patches.length).toBeGreaterThanOrEqual(10);
    // Or your own record, which needs none.
    for (const { path } of patches) if (path !== '/admin/profile') expect(path).toMatch(/\/\{id\}$/);
  });

  it.each(patches)(
    'PATCH $path changes the field sent alone and no other',
    async ({ path, op, collection }) => {
      const creating = bodyOf(doc.paths[collection]?.post);
      const patching = bodyOf(op)!;
      const make = creating
        ? () => createWithEveryField(collection, creating)
        : (MADE_ELSEWHERE[path] ??
          (() => {
            throw new Error(`nothing makes a record for PATCH ${path}: add it to MADE_ELSEWHERE`);
          }));
      // The record's fields: what a create sets (a PATCH may also take preconditions, e.g. expectedVersion).
      const fields = Object.keys(patching.properties ?? {}).filter(
        (name) => !creating || name in (creating.properties ?? {}),
      );
      expect(fields.length, path).toBeGreaterThan(0);

      for (const field of fields) {
        const id = await make();
        const url = path.replace('{id}', String(id));
        const before = await readBack(path, collection, id);
        const kept = fields.filter((f) => f !== field && f in before && !DECIDES[path]?.[field]?.includes(f));
        const keptOf = (item: Item) => Object.fromEntries(kept.map((f) => [f, item[f]]));
        const tried: string[] = [];
        let accepted = false;
        for (const value of candidates(patching.properties![field]!, field)) {
          if (field in before && JSON.stringify(before[field]) === JSON.stringify(value)) continue;
          const res = await send('PATCH', url, { [field]: value });
          tried.push(`${JSON.stringify(value)}: ${res.statusCode} ${res.statusCode < 300 ? '' : res.body}`);
          const after = await readBack(path, collection, id);
          // Refused or not, no other field moves.
          expect(
            keptOf(after),
            `PATCH ${url} ${JSON.stringify({ [field]: value })} (${res.statusCode})`,
          ).toEqual(keptOf(before));
          if (res.statusCode < 300) {
            accepted = true;
            break;
          }
          expect(res.statusCode, `PATCH ${url} ${field}`).toBeLessThan(500);
        }
        expect(accepted, `PATCH ${path} with ${field} alone was never accepted:\n${tried.join('\n')}`).toBe(
          true,
        );
      }
    },
  );
});
