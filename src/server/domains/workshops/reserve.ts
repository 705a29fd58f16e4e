import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { WORKSHOP_SUBJECT, workshopReservationMessage } from '../../../shared/academy';
import { WORKSHOP_RESERVATION_TYPE, type WorkshopDetails } from '../../../shared/contact';
import { WORKSHOP_MESSAGES, workshopSessionLabel } from '../../../shared/workshop';
import { notFound } from '../../platform/errors';
import { sendContactMessage, type Logger, type ValidContactMessage } from '../contact';
import type { Booking, BookingRequest } from './reservations';
import { workshopSessions } from './tables';

// Kept apart from reservations.ts, which the contact domain books through (workshops/index.ts):
// a reservation is a contact message, so this file reaches the contact domain, and the two doors
// would otherwise lead into each other.

/**
 * The academy page's reservation of a place in one session (POST /api/workshops/{id}/reservations):
 * the same contact message and e-mails as the contact form's reservation, but a full session is refused (409)
 * unless the family asked for its waiting list, and a second form for the same child too.
 */
export async function reserveWorkshop(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: { id: number; details: WorkshopDetails; ifFull: BookingRequest['ifFull'] },
  log?: Logger,
): Promise<Booking & { status: 'confirmed' | 'waiting' }> {
  const [session] = await deps.db.select().from(workshopSessions).where(eq(workshopSessions.id, input.id));
  if (!session) throw notFound(WORKSHOP_MESSAGES.noSuchSession);
  const { message } = workshopReservationMessage(
    input.details,
    workshopSessionLabel(session.startsAt, session.endsAt),
  );
  const reservation: ValidContactMessage = {
    name: input.details.parentName,
    email: input.details.parentEmail,
    subject: WORKSHOP_SUBJECT,
    message,
    type: WORKSHOP_RESERVATION_TYPE,
    details: input.details,
  };
  const { booking } = await sendContactMessage(deps, reservation, log, {
    session: input.id,
    ifFull: input.ifFull,
    refuseDuplicate: true,
  });
  return booking as Booking & { status: 'confirmed' | 'waiting' };
}
