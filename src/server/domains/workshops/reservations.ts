import { and, asc, count, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { workshopReservations, workshopSessions } from './tables';
import type { WorkshopReservation } from '../../../shared/admin.schema';
import type { WorkshopDetails } from '../../../shared/contact';
import { WORKSHOP_MESSAGES, workshopSessionLabel, type ReservationStatus } from '../../../shared/workshop';
import { conflict, notFound } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail/mailer';
import { enqueueMail } from '../../platform/mail/queue';
import { CURSOR_KEY, keysetOf, type CursorPage, type CursorRequest } from '../../platform/paging';
import {
  enqueueConfirmation,
  enqueueWorkshopNotice,
  readReminderTask,
  reminderMessage,
  academyEmailOf,
  type ReservationRow,
  type SessionRow,
} from './mail';

// Reservations of the free workshop. Capacity is held by the database: a place is
// taken by one conditional UPDATE of the session's places_taken (below capacity, not cancelled, not
// started), which PostgreSQL runs one at a time per row and re-checks after waiting for another
// writer, so simultaneous reservations can never take more places than there are; a check
// constraint on the table backs it. Each reservation's e-mails go into the outbox in its transaction.

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

export interface BookingRequest {
  /** A session's id, or 'next': the next one open, as the contact form's reservation asks. */
  session: number | 'next';
  parentName: string;
  parentEmail: string;
  details: Partial<WorkshopDetails>;
  contactMessageId: number | null;
  /** A full session refuses (409) or puts the family on its waiting list. */
  ifFull: 'refuse' | 'join_waiting_list';
}

export type Booking =
  | { status: 'confirmed' | 'waiting'; reservation: ReservationRow; session: SessionRow }
  | { status: 'interest'; reservation: ReservationRow; session: null }
  /** This child already holds a place (or a waiting-list place) in the session. */
  | { status: 'duplicate'; session: SessionRow };

/** Sessions that take reservations at `now`. */
const isOpen = (now: Date) => and(isNull(workshopSessions.cancelledAt), gt(workshopSessions.startsAt, now));

export async function nextOpenSession(db: Database, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(workshopSessions)
    .where(isOpen(now))
    .orderBy(asc(workshopSessions.startsAt), asc(workshopSessions.id))
    .limit(1);
  return row;
}

/** Takes one place if one is left: the only write that raises places_taken. */
async function takePlace(db: Database, sessionId: number, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(workshopSessions)
    .set({ placesTaken: sql`${workshopSessions.placesTaken} + 1`, updatedAt: now })
    .where(
      and(
        eq(workshopSessions.id, sessionId),
        lt(workshopSessions.placesTaken, workshopSessions.capacity),
        isOpen(now),
      ),
    )
    .returning();
  return row;
}

/**
 * Books a place for a family, inside the caller's transaction (with the contact message it
 * belongs to): a place if one is left, else the waiting list or a refusal as asked; interest when
 * no session is open and 'next' was asked.
 */
export async function bookWorkshopPlace(
  tx: Database,
  deps: Pick<AppDeps, 'config'>,
  request: BookingRequest,
  now: Date,
): Promise<Booking> {
  const session =
    request.session === 'next'
      ? await nextOpenSession(tx, now)
      : (await tx.select().from(workshopSessions).where(eq(workshopSessions.id, request.session)))[0];
  const values = {
    parentName: request.parentName,
    parentEmail: request.parentEmail.trim().toLowerCase(),
    parentMobile: request.details.parentMobile ?? null,
    childName: request.details.childName ?? null,
    childAge: request.details.childAge ?? null,
    deviceType: request.details.deviceType ?? null,
    contactMessageId: request.contactMessageId,
    createdAt: now,
    updatedAt: now,
  };
  if (!session) {
    if (request.session !== 'next') throw notFound(WORKSHOP_MESSAGES.noSuchSession);
    const [reservation] = await tx
      .insert(workshopReservations)
      .values({ ...values, status: 'interest', sessionId: null })
      .returning();
    return { status: 'interest', reservation: reservation!, session: null };
  }
  if (session.cancelledAt || session.startsAt.getTime() <= now.getTime())
    throw conflict(WORKSHOP_MESSAGES.closed);

  // The row first (the unique index turns a second form for the same child into nothing), then the place.
  const [inserted] = await tx
    .insert(workshopReservations)
    .values({ ...values, status: 'confirmed', sessionId: session.id })
    .onConflictDoNothing()
    .returning();
  if (!inserted) return { status: 'duplicate', session };

  const taken = await takePlace(tx, session.id, now);
  if (taken) {
    await enqueueConfirmation(tx, deps, { reservation: inserted, session: taken, now });
    return { status: 'confirmed', reservation: inserted, session: taken };
  }
  // No place: full, or cancelled or started since it was read.
  const [current] = await tx.select().from(workshopSessions).where(eq(workshopSessions.id, session.id));
  if (!current || current.cancelledAt || current.startsAt.getTime() <= now.getTime())
    throw conflict(WORKSHOP_MESSAGES.closed);
  if (request.ifFull === 'refuse') throw conflict(WORKSHOP_MESSAGES.full);
  const [waiting] = await tx
    .update(workshopReservations)
    .set({ status: 'waiting' })
    .where(eq(workshopReservations.id, inserted.id))
    .returning();
  await enqueueWorkshopNotice(tx, deps, {
    reservation: waiting!,
    session: current,
    now,
    notice: 'waiting_list',
  });
  return { status: 'waiting', reservation: waiting!, session: current };
}

/** What a booking answers the family, in WORKSHOP_MESSAGES' words. */
export function bookingMessage(booking: Booking): string {
  if (booking.status === 'interest') return WORKSHOP_MESSAGES.interest;
  if (booking.status === 'duplicate') return WORKSHOP_MESSAGES.alreadyBooked;
  const label = workshopSessionLabel(booking.session.startsAt, booking.session.endsAt);
  return booking.status === 'confirmed'
    ? WORKSHOP_MESSAGES.confirmed(label)
    : WORKSHOP_MESSAGES.waiting(label);
}

/**
 * Gives the session's free places to the families on its waiting list, first come first served,
 * each with the confirmation e-mail; only while the session is open.
 */
export async function fillFromWaitingList(
  tx: Database,
  deps: Pick<AppDeps, 'config'>,
  sessionId: number,
  now: Date,
): Promise<number> {
  let promoted = 0;
  for (;;) {
    const [next] = await tx
      .select()
      .from(workshopReservations)
      .where(and(eq(workshopReservations.sessionId, sessionId), eq(workshopReservations.status, 'waiting')))
      .orderBy(asc(workshopReservations.createdAt), asc(workshopReservations.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return promoted;
    const session = await takePlace(tx, sessionId, now);
    if (!session) return promoted;
    const [confirmed] = await tx
      .update(workshopReservations)
      .set({ status: 'confirmed', updatedAt: now })
      .where(eq(workshopReservations.id, next.id))
      .returning();
    await enqueueConfirmation(tx, deps, { reservation: confirmed!, session, now, promoted: true });
    promoted += 1;
  }
}

/**
 * The admin cancels a reservation: a confirmed one gives its place back, which goes to the first
 * family on the waiting list; the family is told by e-mail while the session is still ahead.
 * Cancelling one already cancelled changes nothing.
 */
export async function cancelWorkshopReservation(deps: Deps, id: number): Promise<WorkshopReservation> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const [reservation] = await tx
      .select()
      .from(workshopReservations)
      .where(eq(workshopReservations.id, id))
      .for('update');
    if (!reservation) throw notFound('No such reservation');
    if (reservation.status === 'cancelled') return reservation;
    const [cancelled] = await tx
      .update(workshopReservations)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(workshopReservations.id, id))
      .returning();
    if (reservation.sessionId === null) return cancelled!;
    if (reservation.status === 'confirmed') {
      await tx
        .update(workshopSessions)
        .set({ placesTaken: sql`${workshopSessions.placesTaken} - 1`, updatedAt: now })
        .where(eq(workshopSessions.id, reservation.sessionId));
      await fillFromWaitingList(tx, deps, reservation.sessionId, now);
    }
    const [session] = await tx
      .select()
      .from(workshopSessions)
      .where(and(eq(workshopSessions.id, reservation.sessionId), isOpen(now)));
    if (session)
      await enqueueWorkshopNotice(tx, deps, { reservation, session, now, notice: 'reservation_cancelled' });
    return cancelled!;
  });
  return toReservationView(row);
}

export function toReservationView(row: ReservationRow): WorkshopReservation {
  return {
    id: row.id,
    sessionId: row.sessionId,
    parentName: row.parentName,
    parentEmail: row.parentEmail,
    parentMobile: row.parentMobile,
    childName: row.childName,
    childAge: row.childAge,
    deviceType: row.deviceType,
    status: row.status as ReservationStatus,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** The reservations' order, newest first (workshop_reservations_created_id_idx and those of a session or status). */
const reservationOrder = keysetOf([workshopReservations.createdAt, workshopReservations.id]);

/** Reservations, newest first; of one session, or by status (interest: the families waiting for a date). */
export async function listWorkshopReservations(
  deps: Pick<AppDeps, 'db'>,
  filter: CursorRequest & { sessionId?: number; status?: ReservationStatus },
): Promise<CursorPage<WorkshopReservation>> {
  const conditions: SQL[] = [];
  if (filter.sessionId !== undefined) conditions.push(eq(workshopReservations.sessionId, filter.sessionId));
  if (filter.status) conditions.push(eq(workshopReservations.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const read = reservationOrder.read(filter);
  const [rows, [totalRow]] = await Promise.all([
    deps.db
      .select({ row: workshopReservations, [CURSOR_KEY]: read.key })
      .from(workshopReservations)
      .where(and(where, read.where))
      .orderBy(...read.orderBy)
      .limit(read.limit)
      .offset(read.offset),
    deps.db.select({ total: count() }).from(workshopReservations).where(where),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  return {
    ...cursors,
    items: page.map(({ row }) => toReservationView(row)),
    total: Number(totalRow?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * The reminder the day before, decided when it is due: sent only if the reservation still holds
 * its place and the session is still on, at the time the reminder was set for.
 */
export async function sendReminderIfDue(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  task: MailMessage,
): Promise<void> {
  const { reservationId, startsAt } = readReminderTask(task);
  const now = deps.clock();
  const [found] = await deps.db
    .select({ reservation: workshopReservations, session: workshopSessions })
    .from(workshopReservations)
    .innerJoin(workshopSessions, eq(workshopSessions.id, workshopReservations.sessionId))
    .where(and(eq(workshopReservations.id, reservationId), eq(workshopReservations.status, 'confirmed')));
  if (!found) return;
  const { reservation, session } = found;
  if (session.cancelledAt || session.startsAt.toISOString() !== startsAt || session.startsAt <= now) return;
  await enqueueMail(deps.db, {
    kind: 'workshop_reminder',
    now,
    message: reminderMessage(deps, await academyEmailOf(deps.db), reservation, session),
  });
}
