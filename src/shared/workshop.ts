import { CHILD_AGE_MAX, CHILD_AGE_MIN } from './contact';

// The free taster workshop as dated sessions: the admin sets each session's date, times,
// delivery and places; the academy page offers the next one. Times are the business's, UK local
// (Europe/London, with British Summer Time), and stored as instants.

export const WORKSHOP_TIME_ZONE = 'Europe/London';

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

// --- UK local time -------------------------------------------------------------------------------

// Made on first use: the first Intl.DateTimeFormat a page makes pays for ICU's set-up, and a page
// that shows no date must not pay it while its code loads (docs/bench/2026-11-27-first-paint.md).
// Written out here and in src/client/lib/dates.ts rather than shared: a module of its own became
// a tiny chunk of its own.
function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}

const wallClock = lazyDateFormat('en-GB', {
  timeZone: WORKSHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of wallClock().formatToParts(instant))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts;
}

/** How far UK time is ahead of UTC at that instant, in ms (0 in winter, an hour in summer). */
function ukOffsetMs(instant: Date): number {
  const p = partsOf(instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of a UK wall-clock date ('2026-11-27') and time ('16:00'). */
export function ukDateTime(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Twice: the first guess may sit on the other side of a clock change from the answer.
  const first = asUtc - ukOffsetMs(new Date(asUtc));
  return new Date(asUtc - ukOffsetMs(new Date(first)));
}

/** The UK wall-clock date ('2026-11-27') and time ('16:00') of an instant. */
export function ukWallClock(instant: Date): { date: string; time: string } {
  const p = partsOf(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${two(p.month!)}-${two(p.day!)}`, time: `${two(p.hour!)}:${two(p.minute!)}` };
}

/** The same UK wall-clock time a day earlier: when the reminder goes (clock changes included). */
export function dayBefore(instant: Date): Date {
  const { date, time } = ukWallClock(instant);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const previous = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return ukDateTime(previous, time);
}

const dayLabel = lazyDateFormat('en-GB', {
  timeZone: WORKSHOP_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'Friday 27 November 2026' (en-GB puts a comma after the weekday; the business writes none). */
export function workshopDateLabel(instant: Date): string {
  return dayLabel()
    .formatToParts(instant)
    .map((p) => (p.type === 'literal' ? p.value.replace(',', '') : p.value))
    .join('');
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
  return `${workshopDateLabel(startsAt)}, ${workshopTimeLabel(startsAt, endsAt)}`;
}

/** 'Live video call' or 'In person at The Maltings, Ware'. */
export function workshopDeliveryLabel(delivery: WorkshopDelivery, venue: string | null): string {
  return delivery === 'in_person' && venue ? `In person at ${venue}` : WORKSHOP_DELIVERY_LABELS[delivery];
}
