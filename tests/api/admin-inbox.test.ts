import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academySubscriptions } from '../../src/server/domains/academy/tables';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { workshopReservations, workshopSessions } from '../../src/server/domains/workshops/tables';
import { ADMIN_MESSAGES } from '../../src/shared/admin';
import { CONTACT_TYPES, SERVICE_TYPES } from '../../src/shared/contact';
import { answered } from '../helpers/challenge';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { scaled } from '../helpers/timeouts';

// The admin's inbox (GET/PATCH /api/admin/enquiries...), the dashboard summary and the academy
// lists, on 10,000 generated enquiries.

const ROWS = 10_000;
const BASE = Date.parse('2026-01-01T09:00:00Z');
const STATUSES = ['new', 'replied', 'archived'] as const;

let t: TestApp;
let auth: { authorization: string };

interface PageBody<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface Row {
  id: number;
  name: string;
  email: string;
  subject: string;
  preview: string;
  type: string;
  status: string;
  createdAt: string;
}

/** Row i of the generated inbox: every type and status, one minute apart (the highest i is newest). */
function generated(i: number) {
  const type = CONTACT_TYPES[i % CONTACT_TYPES.length]!;
  const status = STATUSES[i % 3]!;
  const reservation = type === 'workshop_reservation';
  return {
    name: `Sender ${i}`,
    email: `sender${i}@example.co.uk`,
    subject: reservation ? 'Free Workshop Reservation' : `Enquiry number ${i}`,
    message: `Message ${i}: ${'about local advertising in Hertfordshire. '.repeat(6)}`,
    type,
    status,
    details: reservation
      ? {
          parentName: `Sender ${i}`,
          parentEmail: `sender${i}@example.co.uk`,
          parentMobile: '07700 900123',
          childName: `Child ${i}`,
          childAge: 10 + (i % 7),
          deviceType: i % 2 ? 'Laptop' : 'Desktop',
        }
      : null,
    createdAt: new Date(BASE + i * 60_000),
    updatedAt: new Date(BASE + i * 60_000),
  };
}

const get = (url: string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url, headers });
const list = async (query: string) => {
  const res = await get(`/api/admin/enquiries?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PageBody<Row>;
};
const expected = (filter: (i: number) => boolean) => {
  let n = 0;
  for (let i = 0; i < ROWS; i++) if (filter(i)) n++;
  return n;
};

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t, {
    name: 'Ivy Inbox',
    email: 'ivy@hertslocalmedia.co.uk',
    password: 'Rye-Meads-Heron-31',
  }));
  for (let start = 0; start < ROWS; start += 1000) {
    await t.deps.db
      .insert(contactMessages)
      .values(Array.from({ length: 1000 }, (_, k) => generated(start + k)));
  }
}, scaled(120_000));
afterAll(async () => {
  await t.close();
});

describe('without a session', () => {
  it('every admin call of this area answers 401 with a message, and a bad token too', async () => {
    const calls: Array<[string, string, object?]> = [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/enquiries'],
      ['GET', '/api/admin/enquiries/1'],
      ['PATCH', '/api/admin/enquiries/1', { status: 'replied' }],
      ['GET', '/api/admin/subscribers'],
      ['DELETE', '/api/admin/subscribers/1'],
      ['GET', '/api/admin/subscribers.csv'],
      ['GET', '/api/admin/academy/reservations'],
      ['GET', '/api/admin/academy/subscriptions'],
      ['GET', '/api/admin/users'],
      ['DELETE', '/api/admin/users/1'],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [{}, { authorization: 'Bearer nope.nothing' }]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(typeof res.json().message, `${method} ${url}`).toBe('string');
      }
    }
    // Nothing was changed by the refused PATCH.
    expect((await get('/api/admin/enquiries/1')).json().status).toBe(generated(0).status);
  });
});

describe('the enquiry list on 10,000 rows', () => {
  it('pages newest first with the total, without overlap, and a partial last page', async () => {
    const p1 = await list('page=1&pageSize=100');
    expect(p1.total).toBe(ROWS);
    expect(p1.items).toHaveLength(100);
    expect(p1.items[0]!.name).toBe(`Sender ${ROWS - 1}`);
    const times = p1.items.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const p2 = await list('page=2&pageSize=100');
    expect(p2.items[0]!.name).toBe(`Sender ${ROWS - 101}`);
    expect(new Set([...p1.items, ...p2.items].map((r) => r.id)).size).toBe(200);

    const last = await list('page=334&pageSize=30');
    expect(last.items.map((r) => r.name)).toEqual([
      'Sender 9',
      'Sender 8',
      'Sender 7',
      'Sender 6',
      'Sender 5',
      'Sender 4',
      'Sender 3',
      'Sender 2',
      'Sender 1',
      'Sender 0',
    ]);
    expect((await list('page=335&pageSize=30')).items).toEqual([]);

    // Only the start of each message comes with the list.
    expect(p1.items[0]!.preview.length).toBe(140);
    expect(p1.items[0]).not.toHaveProperty('message');

    const defaults = await list('');
    expect(defaults).toMatchObject({ page: 1, pageSize: 25, total: ROWS });
    expect(defaults.items).toHaveLength(25);
  });

  it('refuses page sizes over 100 and nonsense paging with a 400 and a message', async () => {
    for (const query of ['pageSize=101', 'pageSize=0', 'page=0', 'page=abc', 'pageSize=2.5']) {
      const res = await get(`/api/admin/enquiries?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/page/i);
    }
    const big = await get('/api/admin/enquiries?pageSize=101');
    expect(big.json().message).toBe('pageSize: pageSize must be at most 100');
  });

  it('filters by type (workshop reservations among them) and status, and together', async () => {
    const reservations = await list('type=workshop_reservation&pageSize=100');
    expect(reservations.total).toBe(expected((i) => i % CONTACT_TYPES.length === 7));
    expect(reservations.items.every((r) => r.type === 'workshop_reservation')).toBe(true);

    for (const status of STATUSES) {
      const page = await list(`status=${status}&pageSize=50`);
      expect(page.total).toBe(expected((i) => STATUSES[i % 3] === status));
      expect(page.items.every((r) => r.status === status)).toBe(true);
    }

    const both = await list('type=podcast&status=archived&pageSize=100');
    const podcast = SERVICE_TYPES.indexOf('podcast');
    expect(both.total).toBe(expected((i) => i % CONTACT_TYPES.length === podcast && i % 3 === 2));
    expect(both.items.every((r) => r.type === 'podcast' && r.status === 'archived')).toBe(true);

    // Empty filters (an empty select) mean no filter; unknown values are a 400.
    expect((await list('type=&status=&q=')).total).toBe(ROWS);
    expect((await get('/api/admin/enquiries?type=spam')).statusCode).toBe(400);
    expect((await get('/api/admin/enquiries?status=deleted')).statusCode).toBe(400);
  });

  it('searches name, e-mail, subject and message, ignoring case; wildcards are literal', async () => {
    expect((await list('q=SENDER 4242')).items.map((r) => r.name)).toEqual(['Sender 4242']);
    expect((await list('q=sender4242@EXAMPLE')).items.map((r) => r.name)).toEqual(['Sender 4242']);
    expect((await list('q=Enquiry number 1234')).total).toBe(1);
    expect((await list(`q=${encodeURIComponent('Message 777:')}`)).total).toBe(1);
    expect((await list('q=hertfordshire&pageSize=1')).total).toBe(ROWS);
    expect((await list(`q=${encodeURIComponent('100%')}`)).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
    const search = await list('q=sender 99&type=website&pageSize=100');
    expect(search.items.length).toBeGreaterThan(0);
    expect(search.items.every((r) => r.type === 'website' && /sender 99/i.test(r.name))).toBe(true);
    expect((await get(`/api/admin/enquiries?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('one enquiry', () => {
  it('a message sent through the contact form is first in the inbox, whole on GET, and can be marked replied, archived and new', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: await answered(t.app, {
        name: 'Priya Shah',
        email: 'priya@wareflorist.co.uk',
        subject: 'Spring advert',
        message: 'Line one\nLine two',
        type: 'advertising',
      }),
    });
    expect(sent.statusCode).toBe(200);
    const before = (await get('/api/admin/summary')).json().newEnquiries as number;
    const [top] = (await list('pageSize=1')).items;
    expect(top).toMatchObject({
      name: 'Priya Shah',
      email: 'priya@wareflorist.co.uk',
      subject: 'Spring advert',
      status: 'new',
      type: 'advertising',
    });

    const one = await get(`/api/admin/enquiries/${top!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ message: 'Line one\nLine two', details: null });

    for (const status of ['replied', 'archived', 'new', 'replied'] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/enquiries/${top!.id}`,
        headers: auth,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
      expect((await get(`/api/admin/enquiries/${top!.id}`)).json().status).toBe(status);
    }
    expect((await get('/api/admin/summary')).json().newEnquiries).toBe(before - 1);

    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/enquiries/${top!.id}`,
      headers: auth,
      payload: { status: 'deleted' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
  });

  it('a workshop reservation carries its details; a missing enquiry is 404 and a bad id 400', async () => {
    const [reservation] = (await list('type=workshop_reservation&pageSize=1')).items;
    const res = (await get(`/api/admin/enquiries/${reservation!.id}`)).json();
    expect(res.details).toMatchObject({
      childAge: expect.any(Number),
      deviceType: expect.stringMatching(/Laptop|Desktop/),
    });

    const missing = await get('/api/admin/enquiries/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.enquiryNotFound);
    const patchMissing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/enquiries/99999999',
      headers: auth,
      payload: { status: 'replied' },
    });
    expect(patchMissing.statusCode).toBe(404);
    expect((await get('/api/admin/enquiries/abc')).statusCode).toBe(400);
  });
});

describe('the dashboard summary and the academy', () => {
  it("counts the new enquiries and the next workshop session's places", async () => {
    // No session yet: no places.
    expect((await get('/api/admin/summary')).json().workshop).toEqual({ spots: 0, taken: 0, left: 0 });
    const week = 7 * 24 * 60 * 60_000;
    await t.deps.db.insert(workshopSessions).values([
      {
        startsAt: new Date(Date.now() + week),
        endsAt: new Date(Date.now() + week + 3_600_000),
        delivery: 'video_call',
        capacity: 15,
        placesTaken: 4,
      },
      // Later, so not the next one.
      {
        startsAt: new Date(Date.now() + 2 * week),
        endsAt: new Date(Date.now() + 2 * week + 3_600_000),
        delivery: 'video_call',
        capacity: 15,
        placesTaken: 9,
      },
    ]);
    const res = await get('/api/admin/summary');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const newCount = (await list('status=new&pageSize=1')).total;
    expect(body.newEnquiries).toBe(newCount);
    expect(body.workshop).toEqual({ spots: 15, taken: 4, left: 11 });
    expect(body).toMatchObject({ confirmedSubscribers: 0, activeSubscriptions: 0 });
  });

  it("lists workshop reservations with the child's age and device, paged, with the places", async () => {
    const [session] = await t.deps.db.select().from(workshopSessions).orderBy(workshopSessions.startsAt);
    await t.deps.db.insert(workshopReservations).values(
      Array.from({ length: 30 }, (_, i) => ({
        sessionId: session!.id,
        status: 'confirmed',
        parentName: `Parent ${i}`,
        parentEmail: `parent${i}@example.co.uk`,
        parentMobile: '07700 900123',
        childName: `Child ${i}`,
        childAge: 10 + (i % 7),
        deviceType: i % 2 ? 'Laptop' : 'Desktop',
        createdAt: new Date(BASE + i * 60_000),
      })),
    );
    const res = await get(`/api/admin/academy/reservations?page=1&pageSize=10&sessionId=${session!.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(30);
    expect(body.items).toHaveLength(10);
    expect(body.workshop.spots).toBe(15);
    expect(body.items[0]).toMatchObject({
      sessionId: session!.id,
      parentName: 'Parent 29',
      parentEmail: 'parent29@example.co.uk',
      parentMobile: '07700 900123',
      childName: 'Child 29',
      childAge: 10 + (29 % 7),
      deviceType: 'Laptop',
      status: 'confirmed',
    });
    expect((await get('/api/admin/academy/reservations?pageSize=500')).statusCode).toBe(400);
    expect((await get('/api/admin/academy/reservations?status=maybe')).statusCode).toBe(400);
  });

  it('lists academy subscriptions with plan name, status and date, newest first, filtered by plan and status', async () => {
    const plans = ['explorer', 'innovator', 'entrepreneur'] as const;
    await t.deps.db.insert(academySubscriptions).values(
      Array.from({ length: 30 }, (_, i) => ({
        checkoutSessionId: `cs_test_${i}`,
        stripeSubscriptionId: `sub_test_${i}`,
        customerEmail: `parent${i}@example.co.uk`,
        plan: plans[i % 3]!,
        status: i % 4 === 0 ? 'canceled' : 'active',
        createdAt: new Date(BASE + i * 3_600_000),
        updatedAt: new Date(BASE + i * 3_600_000),
      })),
    );
    const all = (await get('/api/admin/academy/subscriptions?pageSize=10')).json();
    expect(all.total).toBe(30);
    expect(all.items[0]).toMatchObject({
      customerEmail: 'parent29@example.co.uk',
      plan: 'entrepreneur',
      planName: 'AI Entrepreneur',
      status: 'active',
    });
    expect(Date.parse(all.items[0].createdAt)).toBe(BASE + 29 * 3_600_000);
    const innovators = (
      await get('/api/admin/academy/subscriptions?plan=innovator&status=active&pageSize=100')
    ).json();
    expect(innovators.total).toBe(
      Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 3 === 1 && i % 4 !== 0).length,
    );
    expect((await get('/api/admin/summary')).json().activeSubscriptions).toBe(
      Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 4 !== 0).length,
    );
    expect((await get('/api/admin/academy/subscriptions?plan=gold')).statusCode).toBe(400);
  });
});
