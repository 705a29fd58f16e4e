import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrpcClient } from '../../src/client/lib/trpc';
import { appRouter } from '../../src/server/router';
import { TRPC_URL_MAX_LENGTH } from '../../src/shared/trpc-batching';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { OPENAPI_FILE } from '../helpers/openapi-check';

// The site's own client batches the queries a screen makes into one GET, whose path names every
// procedure: /trpc/a,b,c?batch=1&input=... . Such a path must not be refused for its length.

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: { enum?: unknown[]; example?: unknown };
}
const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; parameters?: Parameter[] }>>;
};
interface Procedure {
  _def: { type: string; inputs: Array<{ safeParse(input: unknown): { success: boolean } }> };
}
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def
  .procedures;

/**
 * Every query of the admin area that needs no record to exist (no id in its path), with an input
 * it takes: its required parameters filled from the document.
 */
function adminQueries(): Array<{ procedure: string; input: Record<string, unknown> | undefined }> {
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const get = item.get;
    const procedure = get?.operationId.replaceAll('-', '.');
    if (!get || !procedure || !path.startsWith('/admin/') || path.includes('{')) return [];
    const definition = procedures[procedure]?._def;
    if (definition?.type !== 'query') return [];
    const required = get.parameters?.filter((p) => p.in === 'query' && p.required) ?? [];
    const input = Object.fromEntries(
      required.map((p) => [p.name, p.schema.enum?.[0] ?? p.schema.example ?? 'a']),
    );
    const takesNothing = definition.inputs.every((parser) => parser.safeParse(undefined).success);
    return [{ procedure, input: takesNothing && required.length === 0 ? undefined : input }];
  });
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signedInAdmin(t));
});
afterAll(async () => {
  await t.close();
});

describe('batched tRPC GETs', () => {
  it('answers one GET naming every query the admin area makes, 200 with a result for each', async () => {
    const queries = adminQueries();
    expect(queries.length).toBeGreaterThan(20);
    const inputs = Object.fromEntries(queries.flatMap((q, i) => (q.input ? [[i, q.input]] : [])));
    const url = `/trpc/${queries.map((q) => q.procedure).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    const errors = res.body.match(/"error":\{"message":"[^"]*"/g);
    expect(res.statusCode, `${url.length} characters: ${errors?.join(', ') ?? res.body.slice(0, 300)}`).toBe(
      200,
    );
    const answers = res.json() as Array<{ result?: unknown; error?: unknown }>;
    expect(answers).toHaveLength(queries.length);
    answers.forEach((answer, i) => expect(answer.error, queries[i]!.procedure).toBeUndefined());
  });

  it('takes an address of TRPC_URL_MAX_LENGTH characters, which the client never exceeds, and answers a longer one 414', async () => {
    const address = (length: number) => {
      const start = '/trpc/auth.user?padding=';
      return start + 'x'.repeat(length - start.length);
    };
    const longest = await t.app.inject({
      method: 'GET',
      url: address(TRPC_URL_MAX_LENGTH),
      headers: { cookie },
    });
    expect(longest.statusCode).toBe(200);
    const over = await t.app.inject({
      method: 'GET',
      url: address(TRPC_URL_MAX_LENGTH + 1),
      headers: { cookie },
    });
    expect(over.statusCode).toBe(414);
    expect(over.json()).toEqual({
      message: `The address is ${TRPC_URL_MAX_LENGTH + 1} characters long; at most ${TRPC_URL_MAX_LENGTH} are taken.`,
      code: 'URI_TOO_LONG',
    });
  });

  it("the site's client splits a batch before its address is longer than that, so every query is answered", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const addresses: string[] = [];
    const fetchAsBefore = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      addresses.push(String(input));
      return fetchAsBefore(input, init);
    };
    try {
      const client = createTrpcClient(base);
      // 60 queries made at once, as a busy screen makes them: about 5,000 characters in one address.
      const pages = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          client.blog.list.query({ category: `Category ${i} ${'x'.repeat(40)}` }),
        ),
      );
      expect(pages.every((posts) => Array.isArray(posts))).toBe(true);
    } finally {
      globalThis.fetch = fetchAsBefore;
    }
    expect(addresses.length).toBeGreaterThan(1);
    for (const address of addresses) expect(address.length).toBeLessThanOrEqual(TRPC_URL_MAX_LENGTH);
  });
});
