import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../src/server/domains/newsletter/tables';
import { ADMIN_MESSAGES } from '../../src/shared/admin';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { scaled } from '../helpers/timeouts';

// The newsletter subscribers in the admin: the paged list, GDPR erasure and the CSV export, on
// 3,000 generated subscriptions (every third one confirmed).

const ROWS = 3000;
const BASE = Date.parse('2026-02-01T08:00:00Z');
const isConfirmed = (i: number) => i % 3 === 0;

let t: TestApp;
let auth: { authorization: string };
let cookie: string;

interface Sub {
  id: number;
  email: string;
  newsletter: string;
  confirmedAt: string | null;
  createdAt: string;
}

const get = (url: string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url, headers });
const list = async (query: string) => {
  const res = await get(`/api/admin/subscribers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Sub[]; total: number; page: number; pageSize: number };
};

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth, cookie } = await signedInAdmin(t, {
    name: 'Sam Lists',
    email: 'sam@hertslocalmedia.co.uk',
    password: 'Oxhey-Woods-Kestrel-8',
  }));
  for (let start = 0; start < ROWS; start += 1000) {
    await t.deps.db.insert(newsletterSubscriptions).values(
      Array.from({ length: 1000 }, (_, k) => {
        const i = start + k;
        const created = new Date(BASE + i * 60_000);
        return {
          email: `reader${i}@example.co.uk`,
          newsletter: 'general',
          confirmedAt: isConfirmed(i) ? new Date(created.getTime() + 30 * 60_000) : null,
          createdAt: created,
          updatedAt: created,
        };
      }),
    );
  }
}, scaled(60_000));
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/subscribers', () => {
  it('pages newest first with confirmation status and date', async () => {
    const p1 = await list('page=1&pageSize=100');
    expect(p1.total).toBe(ROWS);
    expect(p1.items).toHaveLength(100);
    expect(p1.items[0]).toMatchObject({
      email: `reader${ROWS - 1}@example.co.uk`,
      newsletter: 'general',
      confirmedAt: null,
    });
    const confirmed = p1.items.find((s) => s.email === 'reader2997@example.co.uk')!;
    expect(Date.parse(confirmed.confirmedAt!)).toBe(BASE + 2997 * 60_000 + 30 * 60_000);
    const p30 = await list('page=30&pageSize=100');
    expect(p30.items.at(-1)!.email).toBe('reader0@example.co.uk');
    expect((await list('page=31&pageSize=100')).items).toEqual([]);
    expect((await get('/api/admin/subscribers?pageSize=1000')).statusCode).toBe(400);
  });

  it('filters by status and searches the address, ignoring case', async () => {
    expect((await list('status=confirmed&pageSize=1')).total).toBe(ROWS / 3);
    expect((await list('status=pending&pageSize=1')).total).toBe((ROWS * 2) / 3);
    const found = await list('q=READER123@');
    expect(found.items.map((s) => s.email)).toEqual(['reader123@example.co.uk']);
    expect(
      (await list('q=reader12&status=confirmed&pageSize=100')).items.every(
        (s) => s.confirmedAt !== null && s.email.includes('reader12'),
      ),
    ).toBe(true);
    expect((await get('/api/admin/subscribers?status=maybe')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/subscribers.csv', () => {
  it('exports exactly the confirmed subscribers as CSV, with the bearer token or the session cookie', async () => {
    for (const headers of [auth, { cookie }]) {
      const res = await get('/api/admin/subscribers.csv', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const lines = res.body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe('"email","newsletter","confirmed_at"');
      const rows = lines.slice(1, -1);
      expect(rows).toHaveLength(ROWS / 3);
      expect(rows[0]).toBe(
        `"reader0@example.co.uk","general","${new Date(BASE + 30 * 60_000).toISOString()}"`,
      );
      expect(
        rows.every((line) => /^"reader(\d+)@example\.co\.uk","general","\d{4}-\d\d-\d\dT/.test(line)),
      ).toBe(true);
      expect(rows.every((line) => Number(/^"reader(\d+)@/.exec(line)![1]) % 3 === 0)).toBe(true);
    }
  });

  it('neutralises cells a spreadsheet would run as formulas and quotes every cell, so no locale splits one (issue 13.9)', async () => {
    const now = new Date();
    await t.deps.db.insert(newsletterSubscriptions).values([
      { email: '=hyperlink("http://evil.example")@x.co.uk', newsletter: 'general', confirmedAt: now },
      { email: '+44@x.co.uk', newsletter: '@sum(1+1)', confirmedAt: now },
      { email: '-1@x.co.uk', newsletter: 'local, weekly', confirmedAt: now },
      { email: 'plain@x.co.uk', newsletter: 'say "hi"', confirmedAt: now },
      // Stored before addresses were checked strictly: a ';' spreadsheet must not start a cell at '='.
      { email: 'a;=1+2@evil.example', newsletter: 'general', confirmedAt: now },
    ]);
    const res = await get('/api/admin/subscribers.csv');
    const tail = res.body
      .split('\r\n')
      .slice(-6, -1)
      .map((line) => line.replace(/,"[^"]*"$/, ''));
    expect(tail).toEqual([
      `"'=hyperlink(""http://evil.example"")@x.co.uk","general"`,
      `"'+44@x.co.uk","'@sum(1+1)"`,
      `"'-1@x.co.uk","local, weekly"`,
      `"plain@x.co.uk","say ""hi"""`,
      `"a;=1+2@evil.example","general"`,
    ]);
    // Read as a ';' locale would, honouring quotes: every cell is one quoted value, none starts a formula.
    for (const line of tail) {
      const cells = line.match(/"(?:[^"]|"")*"/g) ?? [];
      expect(cells.join(','), line).toBe(line);
      for (const cell of cells) expect(cell.slice(1), line).not.toMatch(/^[=+\-@]/);
    }
    await t.deps.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.confirmedAt, now));
  });

  it('is 401 without a session, with a bad token and after logout', async () => {
    expect((await get('/api/admin/subscribers.csv', {})).statusCode).toBe(401);
    expect(
      (await get('/api/admin/subscribers.csv', { authorization: 'Bearer abc.def' })).json().message,
    ).toBe('Please sign in to continue.');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'sam@hertslocalmedia.co.uk', password: 'Oxhey-Woods-Kestrel-8' },
    });
    const token = other.json().authToken as string;
    expect((await get('/api/admin/subscribers.csv', { authorization: `Bearer ${token}` })).statusCode).toBe(
      200,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const after = await get('/api/admin/subscribers.csv', { authorization: `Bearer ${token}` });
    expect(after.statusCode).toBe(401);
    expect(after.body).not.toContain('reader');
  });
});

describe('DELETE /api/admin/subscribers/{id} (GDPR erasure)', () => {
  it('deletes the row: gone from the list, the export and the database; a second delete is 404', async () => {
    const [target] = (await list('q=reader300@')).items;
    expect(target!.confirmedAt).not.toBeNull();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscribers/${target!.id}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ADMIN_MESSAGES.subscriberRemoved);
    expect((await list('q=reader300@')).total).toBe(0);
    expect((await get('/api/admin/subscribers.csv')).body).not.toContain('reader300@');
    const rows = await t.deps.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader300@example.co.uk'));
    expect(rows).toEqual([]);
    expect((await list('')).total).toBe(ROWS - 1);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscribers/${target!.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ADMIN_MESSAGES.subscriberNotFound);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/subscribers/x', headers: auth })).statusCode,
    ).toBe(400);
  });

  it('is refused without a session, and across sites with only the cookie', async () => {
    const [target] = (await list('q=reader301@')).items;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/subscribers/${target!.id}` })).statusCode,
    ).toBe(401);
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscribers/${target!.id}`,
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await list('q=reader301@')).total).toBe(1);
  });
});
