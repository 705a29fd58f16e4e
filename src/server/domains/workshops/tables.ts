import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { contactMessages } from '../contact/tables';

// The workshop's dated sessions and their reservations.

/**
 * The free taster workshop's dated sessions. places_taken counts the confirmed
 * reservations and is the one place capacity is enforced: a reservation takes a place with a
 * conditional update of this row (domains/workshops/reservations.ts), and the check below stops any
 * write that would pass capacity, whatever the code does.
 */
export const workshopSessions = pgTable(
  'workshop_sessions',
  {
    id: serial('id').primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** video_call or in_person. */
    delivery: text('delivery').notNull(),
    /** Where an in-person session is held. */
    venue: text('venue'),
    /** The video call's link, e-mailed only to booked families. */
    joinLink: text('join_link'),
    capacity: integer('capacity').notNull().default(15),
    placesTaken: integer('places_taken').notNull().default(0),
    /** Set when the admin cancels the session: it is no longer offered. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workshop_sessions_starts_idx').on(t.startsAt),
    check('workshop_sessions_places_check', sql`${t.placesTaken} >= 0 and ${t.placesTaken} <= ${t.capacity}`),
    check('workshop_sessions_capacity_check', sql`${t.capacity} > 0`),
    check('workshop_sessions_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'workshop_sessions_delivery_check',
      sql`${t.delivery} = 'video_call' or (${t.delivery} = 'in_person' and ${t.venue} is not null)`,
    ),
  ],
);

/**
 * A family's reservation: a place in a session (confirmed), a place on its waiting list (waiting),
 * interest in the next date when none is set (interest, no session), or cancelled. Each is also a
 * contact message (contact_message_id), so the inbox and the business's e-mail show it as before.
 */
export const workshopReservations = pgTable(
  'workshop_reservations',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').references(() => workshopSessions.id, { onDelete: 'restrict' }),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull(),
    parentName: text('parent_name').notNull(),
    /** Stored lower-cased and trimmed. */
    parentEmail: text('parent_email').notNull(),
    parentMobile: text('parent_mobile'),
    childName: text('child_name'),
    childAge: integer('child_age'),
    deviceType: text('device_type'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A session's reservations by status in the order they came: the lists, and the waiting list's first.
    index('workshop_reservations_session_idx').on(t.sessionId, t.status, t.createdAt, t.id),
    index('workshop_reservations_status_created_id_idx').on(t.status, t.createdAt, t.id),
    index('workshop_reservations_created_id_idx').on(t.createdAt, t.id),
    // One place (or waiting-list place) per child per session: a second form sent is refused.
    uniqueIndex('workshop_reservations_child_idx')
      .on(t.sessionId, t.parentEmail, sql`lower(${t.childName})`)
      .where(sql`${t.status} in ('confirmed', 'waiting')`),
    check(
      'workshop_reservations_status_check',
      sql`(${t.status} in ('confirmed', 'waiting') and ${t.sessionId} is not null)
        or (${t.status} = 'interest' and ${t.sessionId} is null) or ${t.status} = 'cancelled'`,
    ),
  ],
);
