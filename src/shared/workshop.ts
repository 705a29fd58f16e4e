import { CHILD_AGE_MAX, CHILD_AGE_MIN } from './contact';
import { ukDateLabel, ukDateTime, ukWallClock } from './uk-time';

// The free taster workshop as dated sessions: the admin sets each session's date, times,
// delivery and places; the academy page offers the next one. Times are the business's, UK local
// (uk-time.ts), and stored as instants.

export const WORKSHOP_DELIVERIES = ['video_call', 'in_person'] as const;
export type WorkshopDelivery = (typeof WORKSHOP_DELIVERIES)[number];
export const WORKSHOP_DELIVERY_LABELS: Record<WorkshopDelivery, string> = {
  video_call: 'Live video call',
  in_person: 'In person',
};

/** What a new session starts with in the admin's form: the taster as it has always run. */
export const WORKSHOP_DEFAULTS = {
  capacity: 15,
  startTime: '16:00',
  endTime: '17:00',
  delivery: 'video_call' as WorkshopDelivery,
} as const;
export const WORKSHOP_CAPACITY_MAX = 100;
export const WORKSHOP_VENUE_MAX = 300;
export const WORKSHOP_AGES = { min: CHILD_AGE_MIN, max: CHILD_AGE_MAX } as const;

/** A reservation holds a place (confirmed), waits for one, was cancelled, or is interest in a date not yet set. */
export const RESERVATION_STATUSES = ['confirmed', 'waiting', 'cancelled', 'interest'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  confirmed: 'Booked',
  waiting: 'Waiting list',
  cancelled: 'Cancelled',
  interest: 'Interested',
};

export const SESSION_STATUSES = ['upcoming', 'past', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** What the server answers a reservation with; the page and the REST clients read the same words. */
export const WORKSHOP_MESSAGES = {
  full: 'Sorry, this workshop session is full. You can join the waiting list and we will email you if a place comes up.',
  closed: 'This workshop session is no longer taking reservations. Please choose the next one.',
  noSuchSession: 'No such workshop session',
  alreadyBooked: 'This child already has a place (or is on the waiting list) for this session.',
  confirmed: (label: string) => `Your place is booked for ${label}. We have emailed you the details.`,
  waiting: (label: string) =>
    `The session on ${label} is full, so you are on the waiting list. We will email you if a place comes up.`,
  interest:
    'The next workshop date is coming soon. We have noted your interest and will be in touch to offer you a place.',
} as const;

// --- A session's times, in UK local time ------------------------------------------------------

/** The same UK wall-clock time a day earlier: when the reminder goes (clock changes included). */
export function dayBefore(instant: Date): Date {
  const { date, time } = ukWallClock(instant);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const previous = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return ukDateTime(previous, time);
}

/** '4pm', '4:30pm', '12pm'. */
function clockLabel(instant: Date): string {
  const [hh, mm] = ukWallClock(instant).time.split(':').map(Number) as [number, number];
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return `${hour}${mm === 0 ? '' : `:${String(mm).padStart(2, '0')}`}${hh < 12 ? 'am' : 'pm'}`;
}

/** '4pm-5pm'. */
export function workshopTimeLabel(startsAt: Date, endsAt: Date): string {
  return `${clockLabel(startsAt)}-${clockLabel(endsAt)}`;
}

/** 'Friday 27 November 2026, 4pm-5pm': how a session is named on the page, in e-mails and the inbox. */
export function workshopSessionLabel(startsAt: Date, endsAt: Date): string {
  return `${ukDateLabel(startsAt)}, ${workshopTimeLabel(startsAt, endsAt)}`;
}

/** 'Live video call' or 'In person at The Maltings, Ware'. */
export function workshopDeliveryLabel(delivery: WorkshopDelivery, venue: string | null): string {
  return delivery === 'in_person' && venue ? `In person at ${venue}` : WORKSHOP_DELIVERY_LABELS[delivery];
}
