import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS_SEED } from '../../src/shared/business';
import { CONTENT_LIST_LIMIT_MAX } from '../../src/shared/content';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin, type SignedInAdmin } from '../helpers/admin';

// The admin edits the home page's content lists and the business details through
// /api/admin/..., and visitors see each change at once in the public reads (hidden items left out,
// in the admin's order, a page at a time).

let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload === undefined ? {} : { payload }) });
const publicList = async (path: string) => (await get(`/api${path}`)).json() as Json[];

/** The four lists, with a valid new item and the public path that shows them. */
const LISTS = [
  {
    admin: '/api/admin/advertising-services',
    public: '/advertising-services',
    label: 'title',
    item: {
      title: 'Leaflet Drops',
      description: 'Your leaflet through every letterbox in the town.',
      features: ['Door to door', 'GPS-tracked rounds'],
      icon: 'Users',
      isPopular: false,
    },
  },
  {
    admin: '/api/admin/newsletters',
    public: '/newsletters',
    label: 'name',
    item: {
      name: 'Wareside',
      description: 'News for Wareside and the villages around it.',
      location: 'Wareside, East Hertfordshire',
      subscribeUrl: 'https://wareside.example.co.uk/subscribe',
    },
  },
  {
    admin: '/api/admin/testimonials',
    public: '/testimonials',
    label: 'name',
    item: { name: 'Tom Reeve', location: 'Reeve & Sons, Ware', content: 'Busiest spring we have had.' },
  },
  {
    admin: '/api/admin/partners',
    public: '/partners',
    label: 'name',
    item: { name: 'Ware Rotary', logoUrl: '/images/partners/ware-community-trust.svg' },
  },
] as const;

describe('the content lists: who may change them', () => {
  it('answers 401 to every operation without a session, and changes nothing', async () => {
    for (const list of LISTS) {
      const before = await publicList(list.public);
      for (const [method, url] of [
        ['GET', list.admin],
        ['POST', list.admin],
        ['PATCH', `${list.admin}/1`],
        ['DELETE', `${list.admin}/1`],
        ['POST', `${list.admin}/1/move`],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : list.item });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await publicList(list.public)).toEqual(before);
    }
    const business = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/business',
      payload: BUSINESS_DETAILS_SEED,
    });
    expect(business.statusCode).toBe(401);
  });
});

describe('the content lists: create, edit, hide, reorder, delete', () => {
  // Partners are read eight at a time (below), so their lifecycle is tested there.
  for (const list of LISTS.slice(0, 3)) {
    it(`${list.public}: each change shows in the public read at once`, async () => {
      const label = list.label;
      const start = await publicList(list.public);
      // Read twice so the answer is in the response cache: the change below must empty it.
      expect((await get(`/api${list.public}`)).headers['x-cache']).toBe('hit');

      const created = await call('POST', list.admin, list.item);
      expect(created.statusCode, created.body).toBe(200);
      const item = created.json() as Json & { id: number; position: number };
      expect(item).toMatchObject({ ...list.item, visible: true });
      let shown = await publicList(list.public);
      // A new item goes to the end.
      expect(shown.map((i) => i[label])).toEqual([...start.map((i) => i[label]), list.item[label as never]]);
      expect(shown.at(-1)).not.toHaveProperty('visible');
      expect(shown.at(-1)).not.toHaveProperty('position');

      const renamed = await call('PATCH', `${list.admin}/${item.id}`, { [label]: 'Renamed by the owner' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await publicList(list.public)).at(-1)![label]).toBe('Renamed by the owner');

      // Up one place: it changes places with the item above it.
      const moved = await call('POST', `${list.admin}/${item.id}/move`, { direction: 'up' });
      expect(moved.statusCode, moved.body).toBe(200);
      shown = await publicList(list.public);
      expect(shown.at(-2)![label]).toBe('Renamed by the owner');
      expect(shown.at(-1)![label]).toBe(start.at(-1)![label]);
      // At the end already, down leaves it there.
      await call('POST', `${list.admin}/${item.id}/move`, { direction: 'down' });
      const atEnd = await call('POST', `${list.admin}/${item.id}/move`, { direction: 'down' });
      expect(atEnd.statusCode).toBe(200);
      expect((await publicList(list.public)).at(-1)![label]).toBe('Renamed by the owner');

      const hidden = await call('PATCH', `${list.admin}/${item.id}`, { visible: false });
      expect(hidden.json()).toMatchObject({ visible: false });
      expect((await publicList(list.public)).map((i) => i[label])).not.toContain('Renamed by the owner');
      // The admin still lists it, in its place.
      const adminList = (await get(`${list.admin}?pageSize=100`, admin.auth)).json() as {
        items: Array<Json & { id: number }>;
        total: number;
      };
      expect(adminList.items.at(-1)).toMatchObject({ id: item.id, visible: false });
      expect(adminList.total).toBe(start.length + 1);

      const deleted = await call('DELETE', `${list.admin}/${item.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(await publicList(list.public)).toEqual(start);
      expect((await call('DELETE', `${list.admin}/${item.id}`)).statusCode).toBe(404);
      expect((await call('PATCH', `${list.admin}/${item.id}`, { visible: true })).statusCode).toBe(404);
      expect((await call('POST', `${list.admin}/${item.id}/move`, { direction: 'up' })).statusCode).toBe(404);
    });
  }

  it('refuses what the shared schemas refuse, naming the field', async () => {
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/api/admin/advertising-services', { ...LISTS[0].item, title: '  ' }, /^title: /],
      ['POST', '/api/admin/advertising-services', { ...LISTS[0].item, icon: 'Rocket' }, /^icon: /],
      [
        'POST',
        '/api/admin/advertising-services',
        { ...LISTS[0].item, features: Array(13).fill('x') },
        /features/,
      ],
      [
        'POST',
        '/api/admin/newsletters',
        { ...LISTS[1].item, subscribeUrl: 'javascript:alert(1)' },
        /subscribeUrl/,
      ],
      [
        'POST',
        '/api/admin/testimonials',
        { ...LISTS[2].item, imageUrl: 'https://evil.example/x.png' },
        /imageUrl/,
      ],
      ['POST', '/api/admin/partners', { name: 'No logo' }, /logoUrl/],
      ['PATCH', '/api/admin/partners/abc', { name: 'x' }, /id/],
      ['POST', '/api/admin/partners/1/move', { direction: 'sideways' }, /direction/],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: admin.auth,
        payload: payload as Json,
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('an empty subscribe link sends the button back to the signup form; a newsletter keeps its link otherwise', async () => {
    const [broxtown] = (await get('/api/admin/newsletters', admin.auth)).json().items as Array<
      Json & { id: number }
    >;
    expect(broxtown!.subscribeUrl).toBe('https://broxtown.substack.com/subscribe');
    const cleared = await call('PATCH', `/api/admin/newsletters/${broxtown!.id}`, { subscribeUrl: '' });
    expect(cleared.json().subscribeUrl).toBeNull();
    expect((await publicList('/newsletters'))[0]).toMatchObject({ name: 'Broxtown', subscribeUrl: null });
    const real = 'https://broxtown-news.example.co.uk/join';
    await call('PATCH', `/api/admin/newsletters/${broxtown!.id}`, { subscribeUrl: real });
    expect((await publicList('/newsletters'))[0]).toMatchObject({ subscribeUrl: real });
  });
});

describe('the public lists are bounded', () => {
  it('page and limit, with X-Total-Count and Link, and a documented maximum', async () => {
    const res = await get('/api/advertising-services?page=2&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.headers.link).toContain('/api/advertising-services?page=3&limit=1>; rel="next"');
    expect(res.headers.link).toContain('/api/advertising-services?page=1&limit=1>; rel="prev"');
    expect((await get('/api/testimonials?page=9')).json()).toEqual([]);
    const tooMany = await get(`/api/newsletters?limit=${CONTENT_LIST_LIMIT_MAX + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^limit: /);
  });

  it('the home page shows at most eight partners, the first eight visible ones', async () => {
    expect(await publicList('/partners')).toHaveLength(8);
    const ninth = await call('POST', '/api/admin/partners', LISTS[3].item);
    const ninthId = (ninth.json() as { id: number }).id;
    expect((await publicList('/partners')).map((p) => p.name)).not.toContain('Ware Rotary');
    // Moved up one place, it is among the eight, in the eighth's place.
    await call('POST', `/api/admin/partners/${ninthId}/move`, { direction: 'up' });
    expect((await publicList('/partners')).map((p) => p.name).at(-1)).toBe('Ware Rotary');
    await call('POST', `/api/admin/partners/${ninthId}/move`, { direction: 'down' });
    expect((await publicList('/partners')).map((p) => p.name)).not.toContain('Ware Rotary');
    const first = (await publicList('/partners'))[0] as { id: number };
    await call('PATCH', `/api/admin/partners/${first.id}`, { visible: false });
    const shown = await publicList('/partners');
    expect(shown).toHaveLength(8);
    expect(shown.at(-1)).toMatchObject({ name: 'Ware Rotary', linkUrl: null });
    await call('PATCH', `/api/admin/partners/${first.id}`, { visible: true });
    expect((await call('DELETE', `/api/admin/partners/${ninthId}`)).statusCode).toBe(200);
    expect(await publicList('/partners')).toHaveLength(8);
  });
});

describe('the business details', () => {
  it('start as the seed, are changed by an admin, and every page reads them at once', async () => {
    expect((await get('/api/business')).json()).toEqual(BUSINESS_DETAILS_SEED);
    const changed = { ...BUSINESS_DETAILS_SEED, phone: '01992 555 123', streetAddress: '12 Fore Street' };
    const res = await call('PUT', '/api/admin/business', changed);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/business')).json()).toEqual(changed);

    const bad = await call('PUT', '/api/admin/business', { ...changed, email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^email: /);
    const missing = await call('PUT', '/api/admin/business', { ...changed, town: '' });
    expect(missing.statusCode).toBe(400);
    expect((await get('/api/business')).json()).toEqual(changed);
  });

  it("the newsletter's confirmation e-mail carries the address the owner saved", async () => {
    await call('PUT', '/api/admin/business', {
      ...BUSINESS_DETAILS_SEED,
      streetAddress: '3 Parliament Square',
      postcode: 'SG14 1EZ',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'reader@example.co.uk', newsletter: 'general' },
    });
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.text).toContain(
      'Herts Local Media Ltd, 3 Parliament Square, Hertford, Hertfordshire SG14 1EZ',
    );
  });
});
