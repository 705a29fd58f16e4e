import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildTestApp, postRaw, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { OPENAPI_FILE } from '../helpers/openapi-check';

// One error shape, every status declared, HTTP semantics, and HEAD (decision 0003).
// Every answer below is also checked against openapi.json by the test helper.

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; operationId?: string; security?: unknown[] };
const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Json & {
  paths: Record<string, Record<string, Operation>>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({
      path,
      method,
      op,
      server: (item.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '/api',
    })),
);

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  ({ auth } = await signedInAdmin(t, {
    name: 'Rhea Rest',
    email: 'rhea@example.co.uk',
    password: 'Harbour-Lantern-Quince-4',
  }));
});
afterAll(async () => {
  await t.close();
});

/** The body of an error answer: only message, code and (for validation) issues. */
function errorBody(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json() as {
    message: string;
    code: string;
    issues?: Array<{ path: string; message: string; code: string }>;
  };
  expect(Object.keys(body).every((k) => ['message', 'code', 'issues'].includes(k))).toBe(true);
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('one error shape from every layer', () => {
  it('procedure input validation: field: message, and every field in issues[] by path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'not-an-address', type: 'advertising' },
    });
    const body = errorBody(res, 400, 'BAD_REQUEST');
    expect(body.message).toMatch(/^name: /);
    expect(body.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    for (const issue of body.issues ?? []) expect(typeof issue.code).toBe('string');
  });

  it('nested fields are named by their dotted path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Sam Parent',
        email: 'sam@example.co.uk',
        subject: 'Free Workshop Reservation',
        message: 'Please book us in',
        type: 'workshop_reservation',
        details: {
          parentName: 'Sam',
          parentEmail: 'sam@example.co.uk',
          parentMobile: '07700 900123',
          childName: 'Alex',
          childAge: 9,
          deviceType: 'Laptop',
        },
      },
    });
    expect(errorBody(res, 400, 'BAD_REQUEST').issues?.[0]?.path).toBe('details.childAge');
  });

  it('a domain error from a service', async () => {
    errorBody(await t.app.inject({ method: 'GET', url: '/api/blog/999999' }), 404, 'NOT_FOUND');
  });

  it('the admin middleware', async () => {
    errorBody(await t.app.inject({ method: 'GET', url: '/api/admin/user' }), 401, 'UNAUTHORIZED');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: {
        cookie: `session=${auth.authorization.slice(7)}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: { title: 'x', content: '<p>x</p>' },
    });
    errorBody(crossSite, 403, 'FORBIDDEN');
  });

  it("Fastify's body parser, body limit and content types", async () => {
    const broken = await postRaw(t.app, '/api/contact', '{"name": ');
    errorBody(broken, 400, 'BAD_REQUEST');
    const huge = await postRaw(t.app, '/api/contact', JSON.stringify({ message: 'x'.repeat(1_100_000) }));
    errorBody(huge, 413, 'PAYLOAD_TOO_LARGE');
    const text = await postRaw(t.app, '/api/contact', 'hello', 'text/plain');
    expect(errorBody(text, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toMatch(/application\/json/);
    const xml = await postRaw(t.app, '/api/contact', '<a/>', 'application/xml');
    errorBody(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('the hand-written routes', async () => {
    errorBody(await t.app.inject({ method: 'GET', url: '/api/audio-proxy/abc' }), 400, 'BAD_REQUEST');
    errorBody(await t.app.inject({ method: 'GET', url: '/api/audio-proxy/99999' }), 404, 'NOT_FOUND');
    errorBody(await t.app.inject({ method: 'GET', url: '/api/admin/subscribers.csv' }), 401, 'UNAUTHORIZED');
    errorBody(
      await t.app.inject({
        method: 'PUT',
        url: '/api/objects/uploads/abcdefghijklmnopqrstuvwxyz234567?expires=1&signature=x',
        headers: { 'content-type': 'image/png' },
        payload: 'x',
      }),
      403,
      'FORBIDDEN',
    );
    errorBody(
      await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1' } }),
      503,
      'SERVICE_UNAVAILABLE',
    );
  });

  it('unknown paths and methods', async () => {
    errorBody(await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'NOT_FOUND');
    errorBody(await t.app.inject({ method: 'GET', url: '/api/audio-proxy/' }), 404, 'NOT_FOUND');
    const put = await t.app.inject({ method: 'PUT', url: '/api/blog' });
    errorBody(put, 405, 'METHOD_NOT_SUPPORTED');
    expect(put.headers.allow).toBe('GET, HEAD, OPTIONS');
    // The method is checked before the body is read.
    const wrongWithBadBody = await postRaw(t.app, '/api/blog', '{');
    errorBody(wrongWithBadBody, 405, 'METHOD_NOT_SUPPORTED');
  });

  it('refuses the NUL character (which PostgreSQL cannot store) as a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/subscriptions?status=%00',
      headers: auth,
    });
    expect(errorBody(res, 400, 'BAD_REQUEST').issues?.[0]?.path).toBe('status');
  });

  it('keeps tRPC its own envelope, with the same message the REST answer has', async () => {
    const rest = await t.app.inject({ method: 'GET', url: '/api/blog/999999' });
    const rpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/blog.get?input=${encodeURIComponent(JSON.stringify({ id: 999999 }))}`,
    });
    expect(rpc.statusCode).toBe(404);
    expect((rpc.json() as { error: { message: string; data: { httpStatus: number } } }).error).toMatchObject({
      message: (rest.json() as { message: string }).message,
      data: { httpStatus: 404 },
    });
  });
});

describe('HTTP that generic clients rely on', () => {
  it('OPTIONS answers 204 with Allow on every documented path', async () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const server = (item.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '/api';
      const url = `${server.replace(/\/$/, '')}${path.replace(/\{[^}]+\}/g, '1')}`;
      const res = await t.app.inject({ method: 'OPTIONS', url });
      expect(res.statusCode, url).toBe(204);
      const offered = METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
      for (const method of offered) expect(res.headers.allow, url).toContain(method);
      expect(res.body).toBe('');
    }
    expect((await t.app.inject({ method: 'OPTIONS', url: '/api/admin/blogs/7' })).headers.allow).toBe(
      'GET, HEAD, PATCH, DELETE, OPTIONS',
    );
  });

  it('a method a path does not offer is 405 with Allow, for procedures and plain routes alike', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/contact'],
      ['POST', '/api/audio-proxy/1'],
      ['PATCH', '/api/objects/uploads/abcdefghijklmnopqrstuvwxyz234567'],
      ['DELETE', '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567'],
      ['PUT', '/api/admin/subscribers.csv'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toMatch(/OPTIONS$/);
    }
  });
});

// HEAD answers like GET without the body.
describe('HEAD on every GET under /api', () => {
  const gets = operations.filter((o) => o.method === 'get' && o.server === '/api');

  it('has the same status and headers as GET, and the Content-Length GET would send', async () => {
    expect(gets.length).toBeGreaterThan(20);
    const volatile = new Set([
      'date',
      'x-request-id',
      'connection',
      'keep-alive',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
    for (const { path } of gets) {
      for (const headers of [{}, auth, { ...auth, 'accept-encoding': 'gzip, br' }]) {
        const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`;
        // Warm first, so GET and HEAD both come from the response cache where a read is cached.
        await t.app.inject({ method: 'GET', url, headers });
        const head = await t.app.inject({ method: 'HEAD', url, headers });
        const get = await t.app.inject({ method: 'GET', url, headers });
        const context = `HEAD ${url} ${JSON.stringify(Object.keys(headers))}`;
        expect(head.statusCode, context).toBe(get.statusCode);
        expect(head.rawPayload.length, context).toBe(0);
        // A challenge is new on every request (its numbers and signature differ), and the health
        // report's uptime can gain a digit between the two, so only their length's presence can
        // be compared; every other answer is the same bytes twice.
        const fresh = path === '/contact/challenge' || path === '/health';
        if (fresh) expect(head.headers['content-length'], context).toMatch(/^[1-9]\d*$/);
        else expect(head.headers['content-length'], context).toBe(String(get.rawPayload.length));
        const skip = fresh ? new Set([...volatile, 'content-length', 'etag']) : volatile;
        const strip = (h: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(h).filter(([k]) => !skip.has(k)));
        expect(strip(head.headers), context).toEqual(strip(get.headers));
      }
    }
  });
});

describe('the document', () => {
  it('declares on each operation its own causes, not the first ones written for the code', () => {
    const responses = (path: string, method: string) => doc.paths[path]![method]!.responses;
    expect(responses('/admin/enquiries/{id}', 'patch')['404']!.description).toMatch(/No such enquiry/);
    expect(responses('/admin/login', 'post')['401']!.description).toMatch(/Invalid email or password/);
    for (const { path, method, op } of operations) {
      const unauthorised = op.responses['401']?.description as string | undefined;
      if (path !== '/admin/login' && unauthorised)
        expect(unauthorised, `${method} ${path}`).not.toMatch(/Invalid email or password/);
    }
    expect(responses('/create-subscription', 'post')['503']!.description).toMatch(/not set up/);
    expect(responses('/newsletter/confirm', 'post')['404']).toBeDefined();
    expect(responses('/admin/blogs/{id}', 'delete')['400']).toBeDefined();
  });

  it('gives every operation an operationId, security, a default response and the one Error schema on every error', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toBeTruthy();
      expect(ids.has(op.operationId!), where).toBe(false);
      ids.add(op.operationId!);
      expect(Array.isArray(op.security), where).toBe(true);
      expect(op.responses.default, where).toBeDefined();
      for (const [status, response] of Object.entries(op.responses)) {
        if (status !== 'default' && Number(status) < 400) continue;
        // GET /health and GET /readyz answer 503 with their reports (which engine is down), not an error.
        if ((path === '/health' || path === '/readyz') && status === '503') continue;
        const content = response.content as Record<string, { schema: unknown }>;
        expect(content['application/json']!.schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
        if (status === '429')
          expect((response.headers as Json)['Retry-After'], where).toMatchObject({ required: true });
      }
      const isAdmin = (path.startsWith('/admin/') && path !== '/admin/login') || path === '/objects/upload';
      if (isAdmin) {
        expect(op.security, where).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
        expect(op.responses['401'], where).toBeDefined();
        if (method !== 'get') expect(op.responses['403'], where).toBeDefined();
      } else {
        expect(op.security, where).toEqual([]);
      }
    }
    expect(Object.keys((doc.components as { schemas: Json }).schemas)).toContain('Error');
    expect((doc.info as Json).license).toBeDefined();
    expect(JSON.stringify(doc)).not.toMatch(/"nullable"/);
  });

  it('declares 429 with Retry-After on every rate-limited operation, and headers on sign-in and ranges', () => {
    for (const [path, method] of [
      ['/admin/login', 'post'],
      ['/forgot-password', 'post'],
      ['/reset-password', 'post'],
      ['/contact', 'post'],
      ['/subscribe', 'post'],
      ['/create-subscription', 'post'],
      ['/objects/upload', 'post'],
      ['/audio-proxy/{id}', 'get'],
    ] as const) {
      expect(doc.paths[path]![method]!.responses['429'], `${method} ${path}`).toBeDefined();
    }
    expect((doc.paths['/admin/login']!.post!.responses['200']!.headers as Json)['Set-Cookie']).toBeDefined();
    expect(
      (doc.paths['/audio-proxy/{id}']!.get!.responses['206']!.headers as Json)['Content-Range'],
    ).toBeDefined();
    expect(
      (doc.paths['/audio-proxy/{id}']!.get!.responses['206']!.headers as Json)['Accept-Ranges'],
    ).toBeDefined();
  });

  it('has an example, valid against its schema, on every request body and success response', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(doc, 'doc');
    const pointer = (parts: string[]) =>
      parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    let checked = 0;
    for (const { path, method, op } of operations) {
      const media: Array<[string[], Json]> = [];
      for (const [type, m] of Object.entries(
        ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>,
      )) {
        media.push([['paths', path, method, 'requestBody', 'content', type], m]);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^2/.test(status)) continue;
        for (const [type, m] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          media.push([['paths', path, method, 'responses', status, 'content', type], m]);
        }
      }
      for (const [where, m] of media) {
        const type = where.at(-1)!;
        // Binary bodies (audio, images, file uploads) have no meaningful example.
        if (/^(audio|image)\/|^multipart\//.test(type)) continue;
        expect(m.example, where.join(' ')).toBeDefined();
        const validate = ajv.compile({ $ref: `doc#/${pointer([...where, 'schema'])}` });
        expect(validate(m.example), `${where.join(' ')}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
