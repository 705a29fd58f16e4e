import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/activity';
import { pruneActivityLog, recordActivity } from '../../src/server/domains/activity/log';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin, type SignedInAdmin } from '../helpers/admin';

// Every admin change and every sign-in is recorded (who, when, what, a short
// before/after for edits) and shown in the admin, newest first, paged; kept a year.

let t: TestApp;
let admin: SignedInAdmin;
const OFFICE = '198.51.100.23';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const activity = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/activity${query}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: ActivityEntry[]; total: number; page: number; pageSize: number };
};
const latest = async () => (await activity('?pageSize=1')).items[0]!;

describe('the activity log', () => {
  it('is for admins only, and refuses an unknown kind', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?kind=coffee',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^kind: /);
  });

  it('records sign-ins, failed ones with the address they tried and where from', async () => {
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email, password },
        remoteAddress: OFFICE,
      });
    expect((await signIn('nobody@example.co.uk', 'whatever-it-is')).statusCode).toBe(401);
    expect(await latest()).toMatchObject({
      kind: 'sign_in_failed',
      actor: 'nobody@example.co.uk',
      action: 'auth.login',
      ip: OFFICE,
      summary: 'Sign-in failed: no admin has this e-mail address',
    });
    expect((await signIn(admin.email, 'not-the-password')).statusCode).toBe(401);
    expect(await latest()).toMatchObject({
      kind: 'sign_in_failed',
      summary: 'Sign-in failed: wrong password',
      target: `admin ${admin.id}`,
    });
    expect((await signIn(admin.email, admin.password)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      kind: 'sign_in',
      actor: `${admin.name} <${admin.email}>`,
      ip: OFFICE,
    });
    const failures = await activity('?kind=sign_in_failed');
    expect(failures.total).toBe(2);
    expect(failures.items.every((e) => e.kind === 'sign_in_failed')).toBe(true);
    expect(JSON.stringify(failures)).not.toContain('not-the-password');
  });

  it('records an edit with who, what and a short before and after', async () => {
    const [service] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/advertising-services', headers: admin.auth })
    ).json().items as Array<{ id: number; title: string }>;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/advertising-services/${service!.id}`,
      headers: admin.auth,
      payload: { title: 'Newsletter Adverts', isPopular: true },
    });
    expect(res.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      kind: 'change',
      actor: `${admin.name} <${admin.email}>`,
      action: 'siteContent.services.update',
      summary:
        'PATCH /api/admin/advertising-services/{id}: Changes an advertising service: the fields given, visible to show or hide it',
      target: `advertising service ${service!.id}: Newsletter Adverts`,
      details: {
        changes: {
          title: { from: service!.title, to: 'Newsletter Adverts' },
          isPopular: { from: false, to: true },
        },
      },
    });
    expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("logs other sections' changes by itself: their input, with secrets hidden and long HTML cut short", async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: admin.auth,
      payload: { name: 'Bea Second', email: 'bea@hertslocalmedia.co.uk', password: 'Tewin-Orchard-Kite-81' },
    });
    expect(register.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({ kind: 'change', action: 'auth.register' });
    expect(entry.details).toEqual({
      input: { name: 'Bea Second', email: 'bea@hertslocalmedia.co.uk', password: '[hidden]' },
    });

    const post = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: admin.auth,
      payload: { title: 'A long one', content: `<p>${'Market day in Hertford. '.repeat(400)}</p>` },
    });
    expect(post.statusCode).toBe(200);
    const logged = (await latest()).details as { input: { content: string } };
    expect(logged.input.content.length).toBeLessThanOrEqual(160);
    expect(logged.input.content).not.toContain('<p>');
  });

  it('records signing out, and nothing for a change that failed', async () => {
    const before = (await activity()).total;
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/testimonials/999999',
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect((await activity()).total).toBe(before);

    const other = await signedInAdmin(t, {
      name: 'Cal Third',
      email: 'cal@hertslocalmedia.co.uk',
      password: 'Ashwell-Spring-Heron-30',
    });
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: other.auth });
    expect(await latest()).toMatchObject({
      kind: 'sign_out',
      actor: 'Cal Third <cal@hertslocalmedia.co.uk>',
    });
  });

  it('is newest first, a page at a time', async () => {
    const all = await activity('?pageSize=100');
    const times = all.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await activity('?page=2&pageSize=2');
    expect(second.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    expect(second.total).toBe(all.total);
  });

  it('keeps a year: older entries are pruned', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 366 * 24 * 60 * 60 * 1000);
    const recent = new Date(now.getTime() - 300 * 24 * 60 * 60 * 1000);
    for (const at of [old, recent])
      await recordActivity(t.deps.db, {
        kind: 'change',
        at,
        user: null,
        actor: 'x',
        action: 'test',
        summary: at.toISOString(),
      });
    const before = await activity('?pageSize=100');
    expect(await pruneActivityLog(t.deps.db, now)).toBe(1);
    const after = await activity('?pageSize=100');
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((e) => e.summary)).toContain(recent.toISOString());
    expect(after.items.map((e) => e.summary)).not.toContain(old.toISOString());
  });
});
