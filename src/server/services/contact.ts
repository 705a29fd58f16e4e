import type { AppDeps } from '../app';
import { contactMessages } from '../db/schema';
import { BUSINESS } from '../../shared/business';
import {
  WORKSHOP_RESERVATION_TYPE,
  type ContactType,
  type WorkshopDetails,
} from '../../shared/contact';

/** A contact message after the shared schema has validated and trimmed it. */
export interface ValidContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  type: ContactType;
  details?: WorkshopDetails;
  /** The honeypot: people never see this field, so anything in it came from a bot. */
  website?: string;
}

interface Logger {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

const TYPE_LABELS: Record<ContactType, string> = {
  advertising: 'Advertising',
  website: 'Free website',
  'newsletter-building': 'Newsletter building',
  editorial: 'Sponsored editorial',
  podcast: 'Podcast',
  partnership: 'Partnership',
  other: 'Other',
  workshop_reservation: 'Free workshop reservation',
};

const DETAIL_LABELS: Record<keyof WorkshopDetails, string> = {
  parentName: 'Parent name',
  parentEmail: 'Parent e-mail',
  parentMobile: 'Parent mobile',
  childName: "Child's name",
  childAge: "Child's age",
  deviceType: 'Device',
};

/**
 * Stores an enquiry (or a workshop reservation) and tells the business by e-mail, replying to the
 * sender. A honeypot hit is answered exactly like a real message but stores and sends nothing.
 */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'clock'>,
  input: ValidContactMessage,
  log?: Logger,
): Promise<{ stored: boolean }> {
  if (input.website && input.website.trim() !== '') {
    log?.info({ type: input.type }, 'contact message caught by the honeypot; discarded');
    return { stored: false };
  }
  const subject = input.subject.trim() || input.type;
  const details = input.type === WORKSHOP_RESERVATION_TYPE ? input.details : undefined;
  const now = deps.clock();
  const [row] = await deps.db.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      subject,
      message: input.message,
      type: input.type,
      details: details ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: contactMessages.id });

  const lines = [
    `New ${TYPE_LABELS[input.type].toLowerCase()} enquiry from the website (#${row!.id}).`,
    '',
    `Name: ${input.name}`,
    `E-mail: ${input.email}`,
    `Service: ${TYPE_LABELS[input.type]} (${input.type})`,
    `Subject: ${subject}`,
  ];
  if (details) {
    lines.push('', 'Reservation details:');
    for (const key of Object.keys(DETAIL_LABELS) as Array<keyof WorkshopDetails>) {
      lines.push(`${DETAIL_LABELS[key]}: ${details[key]}`);
    }
  }
  lines.push('', 'Message:', input.message, '', `Reply to this e-mail to answer ${input.name} directly.`);

  // The message is stored, so the visitor's answer does not wait for the mail server. A failed
  // notification loses nothing: the team sees the message in the admin inbox, and asking the
  // sender to resend would only create a duplicate.
  void deps.mailer
    .send({
      to: deps.config.BUSINESS_INBOX,
      replyTo: `${input.name.replace(/[<>"\r\n]/g, '')} <${input.email}>`,
      subject: `[${BUSINESS.name}] ${TYPE_LABELS[input.type]}: ${subject}`.replace(/[\r\n]+/g, ' '),
      text: lines.join('\n'),
    })
    .catch((error: unknown) => {
      log?.error({ err: error, contactMessageId: row!.id }, 'contact notification e-mail failed');
    });
  return { stored: true };
}
