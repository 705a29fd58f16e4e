import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { workshopReservations, workshopSessions } from '../../src/server/domains/workshops/tables';
import { outbox } from '../../src/server/platform/db/tables';
import { MAIL_QUEUE } from '../../src/server/platform/mail/queue';
import { JOB_SCHEMA } from '../../src/server/platform/jobs/queue';
import type { MailMessage } from '../../src/server/platform/mail/mailer';
import type { WorkshopDetails } from '../../src/shared/contact';
import { WORKSHOP_MESSAGES } from '../../src/shared/workshop';
import { WORKSHOP_SUBJECT } from '../../src/shared/academy';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin, type SignedInAdmin } from '../helpers/admin';

// The free workshop as dated sessions. The admin creates sessions; the academy page's
// read offers the next open one with its places left; a reservation takes a place (or the waiting
// list, or is refused when full), e-mails the parent a confirmation with an .ics file and a
// reminder the day before; cancelling frees the place for the waiting list. The capacity test at
// the end fires 20 simultaneous reservations at the last 15 places (PGlite here; PostgreSQL with
// DATABASE_URL set, as CI runs the suite a second time).

let t: TestApp;
let admin: SignedInAdmin;
/** A Monday morning in November 2026 (GMT). */
const NOW = new Date('2026-11-02T10:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.setNow(NOW);
  // Each test starts with no sessions (a cancelled one stays, so they are removed with their rows).
  await t.deps.db.delete(outbox);
  await t.deps.db.execute(sql`delete from ${sql.identifier(JOB_SCHEMA)}.job where name = ${MAIL_QUEUE}`);
  await t.deps.db.delete(workshopReservations);
  await t.deps.db.delete(workshopSessions);
  await t.deps.db.delete(contactMessages);
  t.mailer.sent.length = 0;
});

const details = (n = 1, change: Partial<WorkshopDetails> = {}): WorkshopDetails => ({
  parentName: `Parent ${n}`,
  parentEmail: `parent${n}@example.co.uk`,
  parentMobile: '07700 900123',
  childName: `Child ${n}`,
  childAge: 12,
  deviceType: 'Laptop',
  ...change,
});

const session = (change: Record<string, unknown> = {}) => ({
  date: '2026-12-04',
  startTime: '16:00',
  endTime: '17:00',
  delivery: 'video_call',
  joinLink: 'https://meet.example.com/sparkai-taster',
  capacity: 15,
  ...change,
});

async function createSession(change: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/academy/sessions',
    headers: admin.auth,
    payload: session(change),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; placesLeft: number; dateLabel: string; timeLabel: string };
}

const reserve = (id: number, body: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/workshops/${id}/reservations`,
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const nextSession = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/workshops/next' })).json().session as {
    id: number;
    placesLeft: number;
    dateLabel: string;
    timeLabel: string;
    deliveryLabel: string;
  } | null;

/**
 * The public read is cached for up to 10 s of real time (src/server/web/http/response-cache.ts), while these tests
 * move the app's clock by hours: a successful write empties the cache, as the next real one would.
 * This one creates a session and cancels it, which leaves nothing offered.
 */
async function emptyResponseCache() {
  const { id } = await createSession({ date: '2027-01-08' });
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/academy/sessions/${id}/cancel`,
    headers: admin.auth,
  });
}

const mailTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

/**
 * A strict reading of an RFC 5545 file: CRLF only, no physical line over 75 octets, folded lines
 * unfolded, properties parsed and TEXT values unescaped; BEGIN/END must nest.
 */
function parseIcs(ics: string): Array<Record<string, string>> {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const stack: string[] = [];
  const components: Array<Record<string, string>> = [];
  for (const line of lines) {
    const match = /^([A-Z-]+)(;[^:]*)?:(.*)$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, name, , raw] = match!;
    if (name === 'BEGIN') {
      stack.push(raw!);
      components.push({ component: raw! });
      continue;
    }
    if (name === 'END') {
      expect(stack.pop()).toBe(raw);
      continue;
    }
    const value = raw!.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    // An unescaped comma or semicolon in a TEXT value would be a list separator.
    if (['SUMMARY', 'DESCRIPTION', 'LOCATION'].includes(name!)) expect(raw).not.toMatch(/(^|[^\\]);/);
    components.at(-1)![name!] = value;
  }
  expect(stack).toEqual([]);
  return components;
}

/** The reminders waiting in the job queue: when each falls due (pg-boss's start_after). */
async function reminderJobs(): Promise<string[]> {
  const result = await t.deps.db.execute(
    sql`select start_after from ${sql.identifier(JOB_SCHEMA)}.job
         where name = ${MAIL_QUEUE} and data->>'kind' = 'workshop_reminder_due' and state = 'created'
         order by start_after`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    start_after: string | Date;
  }>;
  return rows.map((r) => new Date(r.start_after).toISOString());
}

/**
 * Runs the waiting reminders as their time had come. The queue compares start_after with the
 * database's clock, not the app's moved one, so the test brings them forward instead of moving time
 * (a second back: PGlite's clock counts milliseconds, and the queue takes start_after < now()).
 */
async function runRemindersNow(): Promise<void> {
  await t.deps.db.execute(
    sql`update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now() - interval '1 second'
         where name = ${MAIL_QUEUE} and data->>'kind' = 'workshop_reminder_due' and state = 'created'`,
  );
  await t.deps.jobs.runDue();
}

describe('sessions (admin only)', () => {
  it('refuses every session call without an admin', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/academy/sessions'],
      ['POST', '/api/admin/academy/sessions'],
      ['PATCH', '/api/admin/academy/sessions/1'],
      ['POST', '/api/admin/academy/sessions/1/cancel'],
      ['GET', '/api/admin/academy/reservations'],
      ['POST', '/api/admin/academy/reservations/1/cancel'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : session() });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.deps.db.select().from(workshopSessions)).toHaveLength(0);
  });

  it('creates a session in UK time, lists it, changes it and cancels it', async () => {
    const created = await createSession();
    expect(created).toMatchObject({
      dateLabel: 'Friday 4 December 2026',
      timeLabel: '4pm-5pm',
      startsAt: '2026-12-04T16:00:00.000Z',
      date: '2026-12-04',
      startTime: '16:00',
      endTime: '17:00',
      delivery: 'video_call',
      deliveryLabel: 'Live video call',
      capacity: 15,
      placesTaken: 0,
      placesLeft: 15,
      waiting: 0,
      status: 'upcoming',
    });
    // British Summer Time: 4pm in June is 15:00 UTC.
    const summer = await createSession({ date: '2027-06-04', capacity: undefined });
    expect(summer).toMatchObject({
      startsAt: '2027-06-04T15:00:00.000Z',
      timeLabel: '4pm-5pm',
      capacity: 15,
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/sessions',
      headers: admin.auth,
    });
    expect(list.json().items.map((s: { id: number }) => s.id)).toEqual([created.id, summer.id]);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/academy/sessions/${created.id}`,
      headers: admin.auth,
      payload: session({
        delivery: 'in_person',
        venue: 'Ware Library, 87 High Street',
        startTime: '10:30',
        endTime: '12:00',
        date: '2026-12-05',
      }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      dateLabel: 'Saturday 5 December 2026',
      timeLabel: '10:30am-12pm',
      deliveryLabel: 'In person at Ware Library, 87 High Street',
      joinLink: null,
    });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/academy/sessions/${created.id}/cancel`,
      headers: admin.auth,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    // The summer one is now the next.
    expect((await nextSession())?.id).toBe(summer.id);
  });

  it.each([
    ['an end before the start', { endTime: '15:00' }, /^endTime: End time must be after the start time/],
    ['in person without a venue', { delivery: 'in_person' }, /^venue: Venue is required/],
    ['a date in the past', { date: '2026-10-30' }, /The session must start in the future/],
    ['no places', { capacity: 0 }, /^capacity: Places must be at least 1/],
    [
      'a link that is not https',
      { joinLink: 'http://meet.example.com' },
      /^joinLink: Link must start with https/,
    ],
  ])('refuses %s with a 400 that says why', async (_label, change, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/academy/sessions',
      headers: admin.auth,
      payload: session(change),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('keeps the date of a booked session, and its places above those booked', async () => {
    const s = await createSession({ capacity: 3 });
    await reserve(s.id, { details: details(1) });
    await reserve(s.id, { details: details(2) });
    const patch = (change: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/academy/sessions/${s.id}`,
        headers: admin.auth,
        payload: session({ capacity: 3, ...change }),
      });
    const moved = await patch({ date: '2026-12-11' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/cannot change/);
    const shrunk = await patch({ capacity: 1 });
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json().message).toBe('2 places are booked, so the session needs at least that many.');
    // The venue-free fields can change: a new link.
    const relinked = await patch({ joinLink: 'https://meet.example.com/new-room' });
    expect(relinked.json()).toMatchObject({ joinLink: 'https://meet.example.com/new-room', placesTaken: 2 });
  });
});

describe('the academy page and a reservation', () => {
  it('offers no session when none is set, then the one the admin creates, without a restart', async () => {
    expect(await nextSession()).toBeNull();
    const s = await createSession();
    expect(await nextSession()).toMatchObject({
      id: s.id,
      dateLabel: 'Friday 4 December 2026',
      timeLabel: '4pm-5pm',
      deliveryLabel: 'Live video call',
      placesLeft: 15,
    });
    // The link is for booked families only.
    const body = (await t.app.inject({ method: 'GET', url: '/api/workshops/next' })).body;
    expect(body).not.toContain('meet.example.com');
  });

  it('never offers a past session, and refuses reservations once it has started', async () => {
    const soon = await createSession({ date: '2026-11-03' });
    const later = await createSession({ date: '2026-11-10' });
    expect((await nextSession())?.id).toBe(soon.id);
    t.setNow(new Date('2026-11-03T16:00:00Z'));
    await emptyResponseCache();
    expect((await nextSession())?.id).toBe(later.id);
    const res = await reserve(soon.id, { details: details() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WORKSHOP_MESSAGES.closed);
    t.setNow(new Date('2026-11-11T09:00:00Z'));
    await emptyResponseCache();
    expect(await nextSession()).toBeNull();
  });

  it('books a place: the count drops, the inbox has it, and the parent gets the confirmation with an .ics file', async () => {
    const s = await createSession();
    const res = await reserve(s.id, { details: details(1, { parentName: 'Priya Shah, Ware; Herts' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      sessionId: s.id,
      message: WORKSHOP_MESSAGES.confirmed('Friday 4 December 2026, 4pm-5pm'),
    });
    expect((await nextSession())?.placesLeft).toBe(14);

    // The inbox keeps it as a workshop reservation, and the business is told what it came to.
    const [message] = await t.deps.db.select().from(contactMessages);
    expect(message).toMatchObject({ type: 'workshop_reservation', subject: WORKSHOP_SUBJECT });
    expect(message!.message).toContain('New free workshop reservation (Friday 4 December 2026, 4pm-5pm)');
    const business = mailTo(t.config.BUSINESS_INBOX).at(-1)!;
    expect(business.text).toContain(
      'Booking: a place on Friday 4 December 2026, 4pm-5pm (1 of 15 places now taken)',
    );

    const [confirmation] = mailTo('parent1@example.co.uk');
    expect(confirmation!.subject).toBe(
      'Your place is booked: SparkAI Academy free workshop, Friday 4 December 2026, 4pm-5pm',
    );
    expect(confirmation!.text).toContain('When: Friday 4 December 2026, 4pm-5pm (UK time)');
    expect(confirmation!.text).toContain('How to join: open https://meet.example.com/sparkai-taster');
    const [ics] = confirmation!.attachments!;
    expect(ics).toMatchObject({
      filename: 'sparkai-workshop.ics',
      contentType: expect.stringMatching(/^text\/calendar/),
    });
    const [calendar, event] = parseIcs(ics!.content);
    expect(calendar).toMatchObject({ component: 'VCALENDAR', VERSION: '2.0', METHOD: 'PUBLISH' });
    expect(event).toMatchObject({
      component: 'VEVENT',
      DTSTART: '20261204T160000Z',
      DTEND: '20261204T170000Z',
      DTSTAMP: '20261102T100000Z',
      SUMMARY: 'SparkAI Academy free workshop',
      LOCATION: 'https://meet.example.com/sparkai-taster',
      UID: expect.stringMatching(/^workshop-reservation-\d+@/),
    });
    expect(event!.DESCRIPTION).toContain('How to join: open https://meet.example.com/sparkai-taster');
  });

  it('puts summer sessions in the calendar in UTC, an hour before the UK time', async () => {
    const s = await createSession({
      date: '2027-07-02',
      startTime: '16:30',
      endTime: '17:30',
      delivery: 'in_person',
      venue: 'Hertford Theatre, The Wash, Hertford',
    });
    await reserve(s.id, { details: details(4) });
    const [, event] = parseIcs(mailTo('parent4@example.co.uk')[0]!.attachments![0]!.content);
    expect(event).toMatchObject({
      DTSTART: '20270702T153000Z',
      DTEND: '20270702T163000Z',
      LOCATION: 'Hertford Theatre, The Wash, Hertford',
    });
  });

  it('sends the reminder the day before at the same UK time, and not for a cancelled reservation', async () => {
    // Years ahead: the queue decides what is due by the database's real clock, so the reminders
    // must not fall due while the test runs.
    const s = await createSession({ date: '2036-12-04' });
    const kept = (await reserve(s.id, { details: details(1) })).json().reservationId as number;
    const dropped = (await reserve(s.id, { details: details(2) })).json().reservationId as number;
    // Due the day before at the session's own time; the queue never runs a job before its time.
    expect(await reminderJobs()).toEqual(['2036-12-03T16:00:00.000Z', '2036-12-03T16:00:00.000Z']);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/academy/reservations/${dropped}/cancel`,
      headers: admin.auth,
    });
    expect(cancel.json()).toMatchObject({ id: dropped, status: 'cancelled' });
    expect(mailTo('parent2@example.co.uk').at(-1)!.subject).toMatch(/^Cancelled: /);

    // Not yet: the day before is years away by the database's clock.
    await t.deps.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.subject.startsWith('Tomorrow'))).toHaveLength(0);
    await runRemindersNow();
    const reminders = t.mailer.sent.filter((m) => m.subject.startsWith('Tomorrow'));
    expect(reminders.map((m) => m.to)).toEqual(['parent1@example.co.uk']);
    expect(reminders[0]!.text).toContain('How to join: open https://meet.example.com/sparkai-taster');
    expect(kept).toBeGreaterThan(0);
  });

  it('sends no reminder when the booking is made less than a day ahead', async () => {
    const s = await createSession({ date: '2026-11-03' });
    // Tuesday 4pm's reminder would go on Monday at 4pm: booked at 5pm, there is no time left for it.
    t.setNow(new Date('2026-11-02T17:00:00Z'));
    await reserve(s.id, { details: details(1) });
    expect(await reminderJobs()).toHaveLength(0);
    expect(mailTo('parent1@example.co.uk')).toHaveLength(1);
  });

  it('refuses the same child twice in one session', async () => {
    const s = await createSession();
    expect((await reserve(s.id, { details: details(1) })).statusCode).toBe(200);
    const again = await reserve(s.id, {
      details: details(1, { childName: 'CHILD 1', parentEmail: 'Parent1@Example.co.uk' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WORKSHOP_MESSAGES.alreadyBooked);
    expect((await nextSession())?.placesLeft).toBe(14);
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('answers 404 for a session that does not exist', async () => {
    const res = await reserve(999_999, { details: details() });
    expect(res.statusCode).toBe(404);
  });
});

describe('a full session and its waiting list', () => {
  it('refuses with a clear message, offers the waiting list, and gives a freed place to the first on it', async () => {
    const s = await createSession({ capacity: 2 });
    const first = (await reserve(s.id, { details: details(1) })).json().reservationId as number;
    await reserve(s.id, { details: details(2) });
    expect((await nextSession())?.placesLeft).toBe(0);

    const refused = await reserve(s.id, { details: details(3) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WORKSHOP_MESSAGES.full);
    expect(mailTo('parent3@example.co.uk')).toHaveLength(0);

    const waiting = await reserve(s.id, { details: details(3), ifFull: 'join_waiting_list' });
    expect(waiting.json()).toMatchObject({ status: 'waiting' });
    await reserve(s.id, { details: details(4), ifFull: 'join_waiting_list' });
    expect(mailTo('parent3@example.co.uk').at(-1)!.subject).toMatch(/^On the waiting list: /);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/academy/reservations?sessionId=${s.id}&status=waiting`,
      headers: admin.auth,
    });
    expect(list.json().items.map((r: { childName: string }) => r.childName)).toEqual(['Child 4', 'Child 3']);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/sessions',
      headers: admin.auth,
    });
    expect(sessions.json().items[0]).toMatchObject({ placesTaken: 2, placesLeft: 0, waiting: 2 });

    // The admin cancels the first booking: its place goes to Child 3, who came first.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/academy/reservations/${first}/cancel`,
      headers: admin.auth,
    });
    const promoted = mailTo('parent3@example.co.uk').at(-1)!;
    expect(promoted.subject).toMatch(/^A place has come up: /);
    expect(promoted.attachments?.[0]?.filename).toBe('sparkai-workshop.ics');
    const [row] = await t.deps.db
      .select()
      .from(workshopReservations)
      .where(
        and(
          eq(workshopReservations.sessionId, s.id),
          eq(workshopReservations.parentEmail, 'parent3@example.co.uk'),
        ),
      );
    expect(row!.status).toBe('confirmed');
    expect((await nextSession())?.placesLeft).toBe(0);

    // More places: the next on the list gets one, and one is left.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/academy/sessions/${s.id}`,
      headers: admin.auth,
      payload: session({ capacity: 4 }),
    });
    expect(mailTo('parent4@example.co.uk').at(-1)!.subject).toMatch(/^A place has come up: /);
    expect((await nextSession())?.placesLeft).toBe(1);
  });

  it('cancelling a session cancels its reservations and tells each family', async () => {
    const s = await createSession({ capacity: 1 });
    await reserve(s.id, { details: details(1) });
    await reserve(s.id, { details: details(2), ifFull: 'join_waiting_list' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/academy/sessions/${s.id}/cancel`,
      headers: admin.auth,
    });
    for (const to of ['parent1@example.co.uk', 'parent2@example.co.uk'])
      expect(mailTo(to).at(-1)!.text).toContain('has been cancelled');
    const rows = await t.deps.db.select().from(workshopReservations);
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    // The reminder finds nothing to remind of.
    t.setNow(new Date('2026-12-03T16:00:00Z'));
    await runRemindersNow();
    expect(t.mailer.sent.filter((m: MailMessage) => m.subject.startsWith('Tomorrow'))).toHaveLength(0);
  });
});

describe('POST /api/contact with only the five documented fields (docs/specification.md §7)', () => {
  const legacy = (n: number) => ({
    name: `Parent ${n}`,
    email: `parent${n}@example.co.uk`,
    subject: WORKSHOP_SUBJECT,
    message: `Parent name: Parent ${n}\nParent mobile: 07700 900123\nChild name: Child ${n}\nChild age: 11\nDevice: Desktop`,
    type: 'workshop_reservation',
  });
  const send = (n: number) => t.app.inject({ method: 'POST', url: '/api/contact', payload: legacy(n) });

  it('records interest when no session is set, and still answers success', async () => {
    const res = await send(1);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(WORKSHOP_MESSAGES.interest);
    const [row] = await t.deps.db.select().from(workshopReservations);
    expect(row).toMatchObject({
      status: 'interest',
      sessionId: null,
      childName: 'Child 1',
      childAge: 11,
      deviceType: 'Desktop',
    });
    const interest = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/reservations?status=interest',
      headers: admin.auth,
    });
    expect(interest.json()).toMatchObject({ total: 1, workshop: { spots: 0, taken: 0, left: 0 } });
  });

  it('books the next session, and joins its waiting list when it is full, answering 200 each time', async () => {
    const s = await createSession({ capacity: 1 });
    const booked = await send(1);
    expect(booked.statusCode).toBe(200);
    expect(booked.json().message).toBe(WORKSHOP_MESSAGES.confirmed('Friday 4 December 2026, 4pm-5pm'));
    expect(mailTo('parent1@example.co.uk')[0]!.attachments).toHaveLength(1);
    const waiting = await send(2);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().message).toBe(WORKSHOP_MESSAGES.waiting('Friday 4 December 2026, 4pm-5pm'));
    const again = await send(1);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(WORKSHOP_MESSAGES.alreadyBooked);
    const rows = await t.deps.db
      .select()
      .from(workshopReservations)
      .where(eq(workshopReservations.sessionId, s.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['confirmed', 'waiting']);
    // Every one of them is in the inbox, as before.
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(3);
  });
});

describe('capacity under concurrency', () => {
  it('gives exactly 15 places to 20 simultaneous reservations for the last 15', async () => {
    const s = await createSession({ capacity: 20 });
    for (let n = 1; n <= 5; n++) expect((await reserve(s.id, { details: details(n) })).statusCode).toBe(200);
    expect((await nextSession())?.placesLeft).toBe(15);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reserve(s.id, { details: details(100 + i) }, `198.51.100.${i + 1}`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(15);
    expect(statuses.filter((c) => c === 409)).toHaveLength(5);
    for (const a of answers.filter((r) => r.statusCode === 409))
      expect(a.json().message).toBe(WORKSHOP_MESSAGES.full);

    expect((await nextSession())?.placesLeft).toBe(0);
    const confirmed = await t.deps.db
      .select()
      .from(workshopReservations)
      .where(and(eq(workshopReservations.sessionId, s.id), eq(workshopReservations.status, 'confirmed')));
    expect(confirmed).toHaveLength(20);
    const [row] = await t.deps.db.select().from(workshopSessions).where(eq(workshopSessions.id, s.id));
    expect(row).toMatchObject({ placesTaken: 20, capacity: 20 });
    // A confirmation each for the first 5 and the 15 who got a place; none for the 5 refused. The
    // twenty answers each ran the due jobs, and a job one of them claimed can still be sending when
    // the last answer is in.
    const confirmations = () => t.mailer.sent.filter((m) => m.subject.startsWith('Your place is booked'));
    await expect.poll(() => confirmations().length).toBe(20);
    await t.deps.jobs.runDue();
    expect(confirmations()).toHaveLength(20);
  });

  it('puts the ones past capacity on the waiting list when they ask for it', async () => {
    const s = await createSession({ capacity: 15 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reserve(s.id, { details: details(200 + i), ifFull: 'join_waiting_list' }, `198.51.100.${i + 101}`),
      ),
    );
    const outcomes = answers.map((a) => a.json().status as string);
    expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(15);
    expect(outcomes.filter((o) => o === 'waiting')).toHaveLength(5);
    expect((await nextSession())?.placesLeft).toBe(0);
  });
});
