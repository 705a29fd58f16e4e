import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSHOP_SUBJECT, workshopReservationMessage } from '../../src/shared/academy';
import { contactMessages } from '../../src/server/domains/contact/tables';
import type { WorkshopDetails } from '../../src/shared/contact';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';

// The academy's free-workshop form sends its reservation to POST /api/contact.
// These tests send exactly what the form sends and check what the business receives.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const details: WorkshopDetails = {
  parentName: 'Priya Shah',
  parentEmail: 'priya.shah@example.co.uk',
  parentMobile: '07700 900123',
  childName: 'Arjun',
  childAge: 12,
  deviceType: 'Laptop',
};

const reserve = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as Record<string, unknown> });

describe('a free-workshop reservation through POST /api/contact', () => {
  it('is the body docs/specification.md §7 describes', () => {
    const body = workshopReservationMessage(details);
    expect(body).toMatchObject({
      name: 'Priya Shah',
      email: 'priya.shah@example.co.uk',
      subject: 'Free Workshop Reservation',
      type: 'workshop_reservation',
    });
    expect(body.message.split('\n')).toEqual([
      'New free workshop reservation (the next date)',
      '',
      'Parent name: Priya Shah',
      'Parent email: priya.shah@example.co.uk',
      'Parent mobile: 07700 900123',
      'Child name: Arjun',
      'Child age: 12',
      'Device: Laptop',
    ]);
  });

  it('is stored with its details and reaches the business inbox', async () => {
    const res = await reserve(workshopReservationMessage(details));
    expect(res.statusCode).toBe(200);
    const rows = await t.deps.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'workshop_reservation',
      subject: WORKSHOP_SUBJECT,
      email: 'priya.shah@example.co.uk',
      details,
    });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(t.config.BUSINESS_INBOX);
    expect(mail.subject).toContain(WORKSHOP_SUBJECT);
    expect(mail.text).toContain('Child age: 12');
    expect(mail.text).toContain('Parent mobile: 07700 900123');
  });

  it.each([
    ['a child of 9', { childAge: 9 }, /^details\.childAge: Age must be between 10 and 16/],
    ['a child of 17', { childAge: 17 }, /^details\.childAge: Age must be between 10 and 16/],
    ['a tablet', { deviceType: 'Tablet' }, /^details\.deviceType: Please choose Laptop or Desktop/],
    ['no mobile number', { parentMobile: '' }, /^details\.parentMobile: /],
    ["no child's name", { childName: '  ' }, /^details\.childName: /],
    ['a bad e-mail', { parentEmail: 'priya-at-example' }, /^details\.parentEmail: /],
  ])('refuses %s with a 400 that names the field, and stores nothing', async (_label, change, message) => {
    const before = (await t.deps.db.select().from(contactMessages)).length;
    const body = { ...workshopReservationMessage(details), details: { ...details, ...change } };
    const res = await reserve(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    // The site's own call (tRPC) gets the sentence that names the field.
    const rpc = await t.app.inject({ method: 'POST', url: '/trpc/contact.send', payload: body });
    expect(rpc.statusCode).toBe(400);
    expect(rpc.json().error.message).toMatch(message);
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(before);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('accepts the five documented fields with the details written into message, stores and mails it (issue 12.1)', async () => {
    const { auth } = await signedInAdmin(t, {
      name: 'Academy Admin',
      email: 'academy-admin@example.co.uk',
      password: 'Lantern-Orchard-Brook-5',
    });
    const sentBefore = t.mailer.sent.length;
    // What a third party following the specification sends: no details object, no math question.
    const message = [
      'Workshop reservation for 31 October',
      'Parent name: Tom Reeve',
      'Parent email: tom.reeve@example.co.uk',
      'Parent mobile: 07700 900456',
      "Child's name: Ella",
      'Age: 11',
      'Device type: Tablet',
    ].join('\n');
    const res = await reserve({
      name: 'Tom Reeve',
      email: 'tom.reeve@example.co.uk',
      subject: WORKSHOP_SUBJECT,
      message,
      type: 'workshop_reservation',
    });
    expect(res.statusCode).toBe(200);

    const [row] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'tom.reeve@example.co.uk'));
    expect(row).toMatchObject({ type: 'workshop_reservation', subject: WORKSHOP_SUBJECT, message });
    // What the message says, where it is valid: a tablet is not one of the devices, so it is left out.
    expect(row!.details).toEqual({
      parentName: 'Tom Reeve',
      parentEmail: 'tom.reeve@example.co.uk',
      parentMobile: '07700 900456',
      childName: 'Ella',
      childAge: 11,
    });
    const mail = t.mailer.sent.at(-1)!;
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
    expect(mail.to).toBe(t.config.BUSINESS_INBOX);
    expect(mail.text).toContain('read from the message');
    expect(mail.text).toContain("Child's age: 11");
    expect(mail.text).toContain('Device: not given');
    expect(mail.text).toContain(message);

    // The academy's list has it as interest in the next date (no session is set), with what it has.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/academy/reservations', headers: auth });
    const reservation = (list.json().items as Array<Record<string, unknown>>).find(
      (r) => r.parentEmail === 'tom.reeve@example.co.uk',
    );
    expect(reservation).toMatchObject({
      status: 'interest',
      sessionId: null,
      parentName: 'Tom Reeve',
      parentEmail: 'tom.reeve@example.co.uk',
      childName: 'Ella',
      childAge: 11,
      deviceType: null,
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/enquiries/${row!.id}`, headers: auth });
    expect(one.json()).toMatchObject({ type: 'workshop_reservation', message });
  });

  it('accepts a reservation whose message says nothing structured, keeping the name and e-mail', async () => {
    const res = await reserve({
      name: 'Ann Lee',
      email: 'ann.lee@example.co.uk',
      subject: '',
      message: 'Please book my son in.',
      type: 'workshop_reservation',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'ann.lee@example.co.uk'));
    expect(row!.details).toBeNull();
    expect(row!.subject).toBe('workshop_reservation');
  });
});
