import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import type { workshopReservations, workshopSessions } from './tables';
import { ACADEMY, BUSINESS } from '../../../shared/business';
import { getBusinessDetails } from '../site-content';
import { ACADEMY_SECTIONS } from '../../../shared/academy';
import { PAGE_ROUTES } from '../../../shared/routes';
import {
  dayBefore,
  workshopDeliveryLabel,
  workshopSessionLabel,
  type WorkshopDelivery,
} from '../../../shared/workshop';
import { CALENDAR_CONTENT_TYPE, calendarInvitation } from './calendar';
import { enqueueMail } from '../../platform/mail/queue';
import type { MailMessage } from '../../platform/mail/mailer';

/** The e-mails a family gets about a reservation (mail-kinds.ts registers them). */
export type WorkshopMailKind =
  'workshop_confirmation' | 'workshop_waiting_list' | 'workshop_cancellation' | 'workshop_reminder';

// The e-mails a family gets about the free workshop: the confirmation with its calendar file (and
// the reminder the day before, queued with it), the waiting list, and a cancellation. All of them
// are written to the outbox in the transaction that decides them.

export type SessionRow = typeof workshopSessions.$inferSelect;
export type ReservationRow = typeof workshopReservations.$inferSelect;
type Writer = Pick<Database, 'execute' | 'select'>;
type Deps = Pick<AppDeps, 'config'>;

/** The academy's contact address as the owner keeps it in the admin (domains/site-content/business.ts). */
export async function academyEmailOf(db: Pick<Database, 'select'>): Promise<string> {
  return (await getBusinessDetails(db)).academyEmail;
}

/** An e-mail to the family, from the academy, with its greeting and sign-off around the lines. */
function familyMail(
  academyEmail: string,
  reservation: ReservationRow,
  subject: string,
  lines: string[],
  attachments?: MailMessage['attachments'],
): MailMessage {
  return {
    to: reservation.parentEmail,
    replyTo: academyEmail,
    subject,
    text: [
      `Hello ${reservation.parentName},`,
      '',
      ...lines,
      '',
      `The ${ACADEMY.name} team`,
      academyEmail,
    ].join('\n'),
    ...(attachments ? { attachments } : {}),
  };
}

function who(reservation: ReservationRow): string {
  return reservation.childName ?? 'your child';
}

/** What a family needs to get there: the link or the venue, and what to bring. */
export function howToJoin(session: SessionRow): string[] {
  if (session.delivery === 'in_person') {
    return [
      `Where: ${session.venue ?? 'the venue we will confirm by e-mail'}`,
      'Please arrive ten minutes early; a parent or carer signs your child in and out.',
    ];
  }
  return [
    session.joinLink
      ? `How to join: open ${session.joinLink} a few minutes before the start.`
      : 'How to join: we will e-mail you the video call link before the session.',
    'Your child will need a laptop or desktop computer with a microphone; a webcam is optional.',
  ];
}

function sessionLines(session: SessionRow): string[] {
  return [
    `When: ${workshopSessionLabel(session.startsAt, session.endsAt)} (UK time)`,
    `How: ${workshopDeliveryLabel(session.delivery as WorkshopDelivery, session.venue)}`,
    ...howToJoin(session),
  ];
}

function workshopPage(deps: Deps): string {
  return `${deps.config.publicUrl}${PAGE_ROUTES.academy.path}#${ACADEMY_SECTIONS.workshop}`;
}

/** A subject about one session: 'On the waiting list: SparkAI free workshop, <when>'. */
function workshopSubject(what: string, session: SessionRow): string {
  return `${what}: ${ACADEMY.name} free workshop, ${workshopSessionLabel(session.startsAt, session.endsAt)}`;
}

/** Queues an e-mail to the family about its reservation's session (familyMail, workshopSubject). */
async function enqueueFamilyMail(
  tx: Writer,
  {
    kind,
    now,
    reservation,
    session,
    what,
    lines,
    academyEmail,
    attachments,
  }: {
    kind: WorkshopMailKind;
    now: Date;
    reservation: ReservationRow;
    session: SessionRow;
    /** What the subject says first: 'Cancelled'. */
    what: string;
    lines: string[];
    /** When the caller has it already (the calendar file needs it too). */
    academyEmail?: string;
    attachments?: MailMessage['attachments'];
  },
): Promise<void> {
  const from = academyEmail ?? (await academyEmailOf(tx));
  await enqueueMail(tx, {
    kind,
    now,
    message: familyMail(from, reservation, workshopSubject(what, session), lines, attachments),
  });
}

/** The calendar file of a reservation's session; one UID per reservation, so a re-send updates it. */
export function workshopCalendarFile(
  deps: Deps,
  academyEmail: string,
  reservation: ReservationRow,
  session: SessionRow,
  now: Date,
): NonNullable<MailMessage['attachments']>[number] {
  const host = new URL(deps.config.publicUrl).hostname;
  const content = calendarInvitation(
    {
      uid: `workshop-reservation-${reservation.id}@${host}`,
      stamp: now,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      summary: `${ACADEMY.name} free workshop`,
      description: [
        `${ACADEMY.name} free AI workshop for ${who(reservation)}.`,
        ...howToJoin(session),
        `Questions: ${academyEmail}`,
      ].join('\n'),
      location:
        session.delivery === 'in_person'
          ? (session.venue ?? 'To be confirmed')
          : (session.joinLink ?? 'Video call (link to follow by e-mail)'),
      url: session.joinLink ?? undefined,
    },
    `-//${BUSINESS.name}//${ACADEMY.name} workshops//EN`,
  );
  return { filename: 'sparkai-workshop.ics', contentType: CALENDAR_CONTENT_TYPE, content };
}

/**
 * A confirmed place: the e-mail with the calendar file, and the reminder task for the day before
 * (at the session's own UK time), unless that moment has already passed.
 */
export async function enqueueConfirmation(
  tx: Writer,
  deps: Deps,
  {
    reservation,
    session,
    now,
    promoted = false,
  }: {
    reservation: ReservationRow;
    session: SessionRow;
    now: Date;
    /** The place came up from the waiting list. */
    promoted?: boolean;
  },
): Promise<void> {
  const academyEmail = await academyEmailOf(tx);
  await enqueueFamilyMail(tx, {
    kind: 'workshop_confirmation',
    now,
    reservation,
    session,
    what: promoted ? 'A place has come up' : 'Your place is booked',
    lines: [
      promoted
        ? `Good news: a place has come up, and ${who(reservation)} now has it.`
        : `Thank you: ${who(reservation)} has a place at our free AI workshop.`,
      '',
      ...sessionLines(session),
      '',
      'The calendar file attached adds the workshop to your calendar. We will send a reminder the day before.',
      'If you can no longer come, just reply to this e-mail so that another family can have the place.',
    ],
    academyEmail,
    attachments: [workshopCalendarFile(deps, academyEmail, reservation, session, now)],
  });
  const remindAt = dayBefore(session.startsAt);
  if (remindAt.getTime() <= now.getTime()) return;
  await enqueueMail(tx, {
    kind: 'workshop_reminder_due',
    now,
    sendAt: remindAt,
    message: reminderTask(reservation, session),
  });
}

/** The reminder task's row: what it needs to find the reservation and check it still stands. */
function reminderTask(reservation: ReservationRow, session: SessionRow): MailMessage {
  return {
    to: reservation.parentEmail,
    subject: 'Workshop reminder due',
    text: JSON.stringify({ reservationId: reservation.id, startsAt: session.startsAt.toISOString() }),
  };
}

export function readReminderTask(task: MailMessage): { reservationId: number; startsAt: string } {
  return JSON.parse(task.text) as { reservationId: number; startsAt: string };
}

export function reminderMessage(
  deps: Deps,
  academyEmail: string,
  reservation: ReservationRow,
  session: SessionRow,
): MailMessage {
  return familyMail(academyEmail, reservation, workshopSubject('Tomorrow', session), [
    `A reminder that ${who(reservation)}'s free AI workshop is tomorrow.`,
    '',
    ...sessionLines(session),
    '',
    'If you can no longer come, please reply to this e-mail so that another family can have the place.',
    `The workshop page: ${workshopPage(deps)}`,
  ]);
}

/** Word to a family without a place to come to: it is on the waiting list, or it has lost its place. */
export type WorkshopNotice = 'waiting_list' | 'reservation_cancelled' | 'session_cancelled';

export async function enqueueWorkshopNotice(
  tx: Writer,
  deps: Deps,
  {
    reservation,
    session,
    now,
    notice,
  }: { reservation: ReservationRow; session: SessionRow; now: Date; notice: WorkshopNotice },
): Promise<void> {
  const label = workshopSessionLabel(session.startsAt, session.endsAt);
  const mail =
    notice === 'waiting_list'
      ? {
          kind: 'workshop_waiting_list' as const,
          what: 'On the waiting list',
          lines: [
            `The free workshop on ${label} is full, so ${who(reservation)} is on its waiting list.`,
            'If a place comes up, it goes to the first family on the list, and we will e-mail you at once with the details.',
          ],
        }
      : {
          kind: 'workshop_cancellation' as const,
          what: 'Cancelled',
          lines: [
            notice === 'session_cancelled'
              ? `We are sorry: the free workshop on ${label} has been cancelled.`
              : `${who(reservation)}'s ${reservation.status === 'waiting' ? 'place on the waiting list' : 'place'} at the free workshop on ${label} has been cancelled.`,
            `To book another date, please use the form on ${workshopPage(deps)}`,
          ],
        };
  await enqueueFamilyMail(tx, { ...mail, now, reservation, session });
}
