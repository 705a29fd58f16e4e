import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISING_ICONS } from '../../src/shared/content';
import { buildTestApp, postRaw, type TestApp } from '../helpers/app';
import { runSeeds } from '../../src/server/domains';
import { advertisingServices } from '../../src/server/domains/site-content/tables';
import { eq } from 'drizzle-orm';

/** An advertising service's fields, in sorted order: what the API answers and documents. */
const SERVICE_FIELDS = ['description', 'features', 'icon', 'id', 'isPopular', 'title'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/advertising-services', () => {
  it('returns the four seeded services with the fields of docs/specification.md §3', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body).toHaveLength(4);
    for (const service of body) {
      expect(Object.keys(service).sort()).toEqual(SERVICE_FIELDS);
      expect(ADVERTISING_ICONS).toContain(service.icon);
      expect(Array.isArray(service.features)).toBe(true);
      expect((service.features as string[]).length).toBeGreaterThan(0);
    }
    expect(body.map((s) => s.icon).sort()).toEqual(['Calendar', 'FileText', 'Mail', 'Users']);
    expect(body.filter((s) => s.isPopular)).toHaveLength(1);
  });

  it('answers the same list over tRPC', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/content.advertisingServices' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toHaveLength(4);
  });

  it('keeps an admin edit when the seeds run again (a restart)', async () => {
    const [first] = await t.deps.db.select().from(advertisingServices).limit(1);
    await t.deps.db
      .update(advertisingServices)
      .set({ title: 'Edited by the admin' })
      .where(eq(advertisingServices.id, first!.id));
    expect(await runSeeds(t.deps.db)).toEqual([]);
    const rows = await t.deps.db.select().from(advertisingServices);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.id === first!.id)?.title).toBe('Edited by the admin');
  });
});

describe('the API surface', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toBeTruthy();
  });

  it('serves the OpenAPI document with the advertising path and its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const op = doc.paths['/advertising-services'].get;
    const schema = op.responses['200'].content['application/json'].schema;
    expect(schema.type).toBe('array');
    expect(Object.keys(schema.items.properties).sort()).toEqual(SERVICE_FIELDS);
  });

  it('serves a readable API reference page from our own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>API reference - Herts Local Media</title>');
    expect(res.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(res.body).not.toMatch(/https?:\/\//);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    // The page reads the generated document, the same one /api/openapi.json serves.
    const shown = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const served = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(shown.json()).toEqual(served.json());
  });

  it('reports a healthy database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers malformed JSON with a 400 and a JSON message', async () => {
    const res = await postRaw(t.app, '/api/advertising-services', '{"broken');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("gives API answers and feeds a policy that lets them load and run nothing, without the page's own headers", async () => {
    for (const url of [
      '/api/advertising-services',
      '/api/no-such-thing',
      '/trpc/content.advertisingServices',
      '/sitemap.xml',
      '/rss.xml',
      '/robots.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });
});

describe('validation messages', () => {
  it('name the field at fault on the REST paths', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Sam' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^email: /);
  });
});
