import { z } from 'zod';
import { workshopDetailsSchema } from './contact.schema';
import { patchOf } from './patch.schema';
import {
  RESERVATION_STATUSES,
  SESSION_STATUSES,
  WORKSHOP_CAPACITY_MAX,
  WORKSHOP_DEFAULTS,
  WORKSHOP_DELIVERIES,
  WORKSHOP_VENUE_MAX,
} from './workshop';

// What the workshop calls accept and return (domains/workshops/router.ts); the admin's session form
// validates with workshopSessionInputSchema, as the server does.

const clock = (what: string) =>
  z
    .string(`${what} is required`)
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${what} must be a time such as 16:00`);

/** '' or null empties a venue or link (a change sends it so); left out, a change keeps it. */
const emptyAsNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

const sessionFields = z.object({
  /** The UK date, YYYY-MM-DD. */
  date: z
    .string('Date is required')
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date such as 2026-11-27')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Date must be a real date')
    .meta({ description: 'The UK date of the session', example: '2026-11-27' }),
  /** UK local time (Europe/London, BST in summer), HH:MM. */
  startTime: clock('Start time').meta({ description: 'UK local time, 24-hour', example: '16:00' }),
  endTime: clock('End time').meta({ description: 'UK local time, 24-hour', example: '17:00' }),
  delivery: z
    .enum(WORKSHOP_DELIVERIES, 'Choose a video call or in person')
    .default(WORKSHOP_DEFAULTS.delivery),
  /** Where an in-person session is held; required for one. */
  venue: z
    .string()
    .trim()
    .max(WORKSHOP_VENUE_MAX, `Venue must be at most ${WORKSHOP_VENUE_MAX} characters`)
    .nullable()
    .optional()
    .transform(emptyAsNull),
  /** The video call's link, sent only to booked families (confirmation and reminder e-mails). */
  joinLink: z
    .string()
    .trim()
    .max(500, 'Link must be at most 500 characters')
    .nullable()
    .optional()
    .transform(emptyAsNull)
    .refine((v) => v == null || /^https:\/\/[^\s]+$/.test(v), 'Link must start with https://'),
  capacity: z.coerce
    .number('Places must be a number')
    .int('Places must be a whole number')
    .min(1, 'Places must be at least 1')
    .max(WORKSHOP_CAPACITY_MAX, `Places must be at most ${WORKSHOP_CAPACITY_MAX}`)
    .default(WORKSHOP_DEFAULTS.capacity),
});

/** An end after the start, and a venue for an in-person session. */
function checkSession(s: z.output<typeof sessionFields>, ctx: z.RefinementCtx) {
  if (s.endTime <= s.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
  if (s.delivery === 'in_person' && !s.venue)
    ctx.addIssue({ code: 'custom', path: ['venue'], message: 'Venue is required for an in-person session' });
}

/** A session as the admin creates it. */
export const workshopSessionInputSchema = sessionFields.superRefine(checkSession);
export type WorkshopSessionInput = z.input<typeof workshopSessionInputSchema>;
export type ValidWorkshopSession = z.output<typeof workshopSessionInputSchema>;

/**
 * A change to a session: the fields given, and its id in the path. The session they make with the
 * fields left as they were is checked as a new one is (domains/workshops/sessions.ts).
 */
export const workshopSessionUpdateSchema = patchOf(sessionFields).extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type WorkshopSessionChanges = Omit<z.output<typeof workshopSessionUpdateSchema>, 'id'>;

/** What every visitor may see of a session. */
export const publicWorkshopSessionSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** 'Friday 27 November 2026' */
  dateLabel: z.string(),
  /** '4pm-5pm', UK time */
  timeLabel: z.string(),
  delivery: z.enum(WORKSHOP_DELIVERIES),
  /** 'Live video call' or 'In person at ...' */
  deliveryLabel: z.string(),
  venue: z.string().nullable(),
  capacity: z.number().int(),
  placesLeft: z.number().int(),
});
export type PublicWorkshopSession = z.infer<typeof publicWorkshopSessionSchema>;

export const nextWorkshopSchema = z.object({
  /** The next session that has not started and is not cancelled; null when none is set. */
  session: publicWorkshopSessionSchema.nullable(),
});
export type NextWorkshop = z.infer<typeof nextWorkshopSchema>;

/** A session as the admin sees it. */
export const workshopSessionSchema = publicWorkshopSessionSchema.extend({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  joinLink: z.string().nullable(),
  placesTaken: z.number().int(),
  waiting: z.number().int(),
  status: z.enum(SESSION_STATUSES),
  cancelledAt: z.string().nullable(),
});
export type WorkshopSession = z.infer<typeof workshopSessionSchema>;

export const reserveInputSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  details: workshopDetailsSchema,
  /** What to do when the session is full: refuse (409, the default) or join the waiting list. */
  ifFull: z.enum(['refuse', 'join_waiting_list']).default('refuse'),
});
export type ReserveInput = z.input<typeof reserveInputSchema>;

export const reservationOutcomeSchema = z.object({
  /** confirmed: a place is held; waiting: on the waiting list; interest: no session set yet. */
  status: z.enum(['confirmed', 'waiting', 'interest']),
  reservationId: z.number().int(),
  sessionId: z.number().int().nullable(),
  message: z.string(),
});
export type ReservationOutcome = z.infer<typeof reservationOutcomeSchema>;

export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
