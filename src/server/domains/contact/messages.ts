import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { contactMessages } from './tables';
import { BUSINESS } from '../../../shared/business';
import { workshopDetailsSchema } from '../../../shared/contact.schema';
import {
  CONTACT_TYPE_LABELS,
  WORKSHOP_RESERVATION_TYPE,
  type ContactType,
  type WorkshopDetails,
} from '../../../shared/contact';
import { WORKSHOP_MESSAGES, workshopSessionLabel } from '../../../shared/workshop';
import { redeemChallenge } from './challenges';
import { conflict } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { bookingMessage, bookWorkshopPlace, type Booking, type BookingRequest } from '../workshops';

/** A contact message after the shared schema has validated and trimmed it. */
export interface ValidContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  type: ContactType;
  details?: WorkshopDetails;
  /** The math question (domains/contact/challenges.ts); enquiries need it, workshop reservations do not. */
  challenge?: string;
  answer?: number;
  /** The honeypot: people never see this field, so anything in it came from a bot. */
  website?: string;
}

export interface Logger {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/**
 * What a reservation sent without its structured details (the five fields of the specification) says
 * in its message, read from lines such as `Child age: 12`: each field only when it is valid.
 */
export function reservationDetailsFromMessage(message: string): Partial<WorkshopDetails> {
  const labels: Array<[RegExp, keyof WorkshopDetails]> = [
    [/^parent(?:'s)?(?: or carer(?:'s)?)? name$/, 'parentName'],
    [/^parent(?:'s)? e-?mail(?: address)?$/, 'parentEmail'],
    [/^parent(?:'s)? (?:mobile|phone)(?: number)?$/, 'parentMobile'],
    [/^child(?:'s)?(?: first)? name$/, 'childName'],
    [/^(?:child(?:'s)? )?age$/, 'childAge'],
    [/^device(?: type)?$/, 'deviceType'],
  ];
  const found: Partial<WorkshopDetails> = {};
  for (const line of message.split(/\r?\n/)) {
    const match = /^\s*([^:]{2,40}):\s*(.+?)\s*$/.exec(line);
    if (!match) continue;
    const key = labels.find(([re]) => re.test(match[1]!.trim().toLowerCase()))?.[1];
    if (!key || found[key] !== undefined) continue;
    const parsed = workshopDetailsSchema.shape[key].safeParse(match[2]);
    if (parsed.success) Object.assign(found, { [key]: parsed.data });
  }
  return found;
}

const DETAIL_LABELS: Record<keyof WorkshopDetails, string> = {
  parentName: 'Parent name',
  parentEmail: 'Parent e-mail',
  parentMobile: 'Parent mobile',
  childName: "Child's name",
  childAge: "Child's age",
  deviceType: 'Device',
};

/** What the business's e-mail says a reservation came to. */
function bookingLine(booking: Booking): string {
  if (booking.status === 'interest')
    return 'Booking: no workshop date is set, so recorded as interest in the next one';
  const label = workshopSessionLabel(booking.session.startsAt, booking.session.endsAt);
  if (booking.status === 'duplicate')
    return `Booking: this child already has a place or a waiting-list place on ${label}`;
  if (booking.status === 'waiting') return `Booking: ${label} is full; on its waiting list`;
  return `Booking: a place on ${label} (${booking.session.placesTaken} of ${booking.session.capacity} places now taken)`;
}

type WorkshopChoice = Pick<BookingRequest, 'session' | 'ifFull'> & {
  /** A second form for a child who already has a place is refused (409) instead of answered. */
  refuseDuplicate?: boolean;
};

/**
 * Stores an enquiry (or a workshop reservation) and tells the business by e-mail, replying to the
 * sender. A honeypot hit is answered exactly like a real message but stores and sends nothing.
 * A reservation also books its place (domains/workshops/reservations.ts) in the same transaction:
 * by default, as the specification's five fields ask, in the next open session, on its waiting list
 * when it is full, or as interest when none is set; answered with what it came to.
 */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: ValidContactMessage,
  log?: Logger,
  workshop: WorkshopChoice = { session: 'next', ifFull: 'join_waiting_list' },
): Promise<{ stored: boolean; booking?: Booking }> {
  if (input.website && input.website.trim() !== '') {
    log?.info({ type: input.type }, 'contact message caught by the honeypot; discarded');
    return { stored: false };
  }
  const isReservation = input.type === WORKSHOP_RESERVATION_TYPE;
  if (!isReservation) await redeemChallenge(deps, input.challenge, input.answer);
  const subject = input.subject.trim() || input.type;
  // A reservation keeps its checked details, or what its message says when it came without them.
  const details: Partial<WorkshopDetails> | undefined = isReservation
    ? (input.details ?? reservationDetailsFromMessage(input.message))
    : undefined;
  const storedDetails = details && Object.keys(details).length > 0 ? details : null;
  const now = deps.clock();
  // The enquiry, its booking and their e-mails are one transaction: all are kept or none. The
  // enquiry names its e-mail's job, for the inbox.
  const notificationJobId = randomUUID();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        subject,
        message: input.message,
        type: input.type,
        details: storedDetails,
        notificationJobId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contactMessages.id });
    const booking = isReservation
      ? await bookWorkshopPlace(
          tx,
          deps,
          {
            session: workshop.session,
            ifFull: workshop.ifFull,
            parentName: details?.parentName ?? input.name,
            parentEmail: details?.parentEmail ?? input.email,
            details: details ?? {},
            contactMessageId: row!.id,
          },
          now,
        )
      : undefined;
    if (booking?.status === 'duplicate' && workshop.refuseDuplicate)
      throw conflict(WORKSHOP_MESSAGES.alreadyBooked);

    const lines = [
      `New ${CONTACT_TYPE_LABELS[input.type].toLowerCase()} enquiry from the website (#${row!.id}).`,
      '',
      `Name: ${input.name}`,
      `E-mail: ${input.email}`,
      `Service: ${CONTACT_TYPE_LABELS[input.type]} (${input.type})`,
      `Subject: ${subject}`,
    ];
    if (isReservation) {
      lines.push(
        '',
        input.details
          ? 'Reservation details:'
          : 'Reservation details (sent without the form, so as read from the message):',
      );
      for (const key of Object.keys(DETAIL_LABELS) as Array<keyof WorkshopDetails>) {
        lines.push(`${DETAIL_LABELS[key]}: ${details?.[key] ?? 'not given'}`);
      }
      if (booking) lines.push(bookingLine(booking));
    }
    lines.push('', 'Message:', input.message, '', `Reply to this e-mail to answer ${input.name} directly.`);

    // Sent by a job, so the visitor's answer never waits for the mail server and a mail server
    // that is down only delays the e-mail; the inbox shows whether it went.
    await enqueueMail(tx, {
      kind: 'contact_notification',
      recordId: row!.id,
      jobId: notificationJobId,
      now,
      message: {
        to: deps.config.BUSINESS_INBOX,
        replyTo: `${input.name.replace(/[<>"\r\n]/g, '')} <${input.email}>`,
        subject: `[${BUSINESS.name}] ${CONTACT_TYPE_LABELS[input.type]}: ${subject}`.replace(/[\r\n]+/g, ' '),
        text: lines.join('\n'),
      },
    });
    return { stored: true, booking };
  });
}

/** What POST /api/contact answers: a reservation says what it came to. */
export function contactAnswer(result: { booking?: Booking }): string {
  return result.booking
    ? bookingMessage(result.booking)
    : "Thank you for contacting us. We'll get back to you within 24 hours.";
}
