import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { workshopReservations, workshopSessions } from './tables';
import type { WorkshopSpots } from '../../../shared/admin.schema';
import { ukDateLabel, ukDateTime, ukWallClock } from '../../../shared/uk-time';
import {
  workshopDeliveryLabel,
  workshopTimeLabel,
  type SessionStatus,
  type WorkshopDelivery,
} from '../../../shared/workshop';
import {
  workshopSessionInputSchema,
  type NextWorkshop,
  type PublicWorkshopSession,
  type ValidWorkshopSession,
  type WorkshopSession,
  type WorkshopSessionChanges,
} from '../../../shared/workshop.schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { pageOffset, type Page } from '../../platform/paging';
import { enqueueWorkshopNotice, type SessionRow } from './mail';
import { fillFromWaitingList, nextOpenSession } from './reservations';

// The free workshop's sessions: the admin creates, changes and cancels them; the
// academy page shows the next one that is open. Dates and times are given and shown in UK time.

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

function toPublic(row: SessionRow): PublicWorkshopSession {
  const delivery = row.delivery as WorkshopDelivery;
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    dateLabel: ukDateLabel(row.startsAt),
    timeLabel: workshopTimeLabel(row.startsAt, row.endsAt),
    delivery,
    deliveryLabel: workshopDeliveryLabel(delivery, row.venue),
    venue: row.venue,
    capacity: row.capacity,
    placesLeft: Math.max(0, row.capacity - row.placesTaken),
  };
}

function statusOf(row: SessionRow, now: Date): SessionStatus {
  if (row.cancelledAt) return 'cancelled';
  return row.startsAt.getTime() <= now.getTime() ? 'past' : 'upcoming';
}

function toAdmin(row: SessionRow, waiting: number, now: Date): WorkshopSession {
  const start = ukWallClock(row.startsAt);
  return {
    ...toPublic(row),
    date: start.date,
    startTime: start.time,
    endTime: ukWallClock(row.endsAt).time,
    joinLink: row.joinLink,
    placesTaken: row.placesTaken,
    waiting,
    status: statusOf(row, now),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** The academy page's session: the next one not started and not cancelled, or none. */
export async function nextWorkshop(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<NextWorkshop> {
  const row = await nextOpenSession(deps.db, deps.clock());
  return { session: row ? toPublic(row) : null };
}

/** The next session's places for the dashboard; all 0 when no session is open. */
export async function nextSessionPlaces(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<WorkshopSpots> {
  const row = await nextOpenSession(deps.db, deps.clock());
  if (!row) return { spots: 0, taken: 0, left: 0 };
  return { spots: row.capacity, taken: row.placesTaken, left: Math.max(0, row.capacity - row.placesTaken) };
}

async function waitingCounts(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: workshopReservations.sessionId, waiting: count() })
    .from(workshopReservations)
    .where(and(inArray(workshopReservations.sessionId, ids), eq(workshopReservations.status, 'waiting')))
    .groupBy(workshopReservations.sessionId);
  return new Map(rows.map((r) => [r.sessionId!, Number(r.waiting)]));
}

async function viewOf(db: Database, row: SessionRow, now: Date): Promise<WorkshopSession> {
  return toAdmin(row, (await waitingCounts(db, [row.id])).get(row.id) ?? 0, now);
}

/** Upcoming sessions first, soonest first; then the past and cancelled, latest first. */
export async function listWorkshopSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  paging: { page: number; pageSize: number },
): Promise<Page<WorkshopSession>> {
  const now = deps.clock();
  const open = sql`(${workshopSessions.cancelledAt} is null and ${workshopSessions.startsAt} > ${now.toISOString()}::timestamptz)`;
  const [rows, [totalRow]] = await Promise.all([
    deps.db
      .select()
      .from(workshopSessions)
      .orderBy(
        sql`${open} desc`,
        sql`case when ${open} then ${workshopSessions.startsAt} end asc`,
        sql`${workshopSessions.startsAt} desc`,
        workshopSessions.id,
      )
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    deps.db.select({ total: count() }).from(workshopSessions),
  ]);
  const waiting = await waitingCounts(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdmin(r, waiting.get(r.id) ?? 0, now)),
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** The session's row, locked until the transaction ends: a change to it waits for bookings in flight. */
async function lockedSession(tx: Database, id: number): Promise<SessionRow> {
  const [row] = await tx.select().from(workshopSessions).where(eq(workshopSessions.id, id)).for('update');
  if (!row) throw notFound('No such workshop session');
  return row;
}

function timesOf(input: ValidWorkshopSession, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = ukDateTime(input.date, input.startTime);
  const endsAt = ukDateTime(input.date, input.endTime);
  if (Number.isNaN(startsAt.getTime())) throw badRequest('date: Date must be a real date');
  if (startsAt.getTime() <= now.getTime()) throw badRequest('date: The session must start in the future');
  return { startsAt, endsAt };
}

function fieldsOf(input: ValidWorkshopSession) {
  return {
    delivery: input.delivery,
    venue: input.delivery === 'in_person' ? (input.venue ?? null) : null,
    joinLink: input.delivery === 'video_call' ? (input.joinLink ?? null) : null,
    capacity: input.capacity,
  };
}

export async function createWorkshopSession(
  deps: Deps,
  input: ValidWorkshopSession,
): Promise<WorkshopSession> {
  const now = deps.clock();
  const [row] = await deps.db
    .insert(workshopSessions)
    .values({ ...timesOf(input, now), ...fieldsOf(input), createdAt: now, updatedAt: now })
    .returning();
  return toAdmin(row!, 0, now);
}

/**
 * The session a change makes: the fields given over those it has, checked as a new session is (an
 * end after the start, a venue for an in-person session).
 */
function withChanges(row: SessionRow, changes: WorkshopSessionChanges): ValidWorkshopSession {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const start = ukWallClock(row.startsAt);
  const checked = workshopSessionInputSchema.safeParse({
    date: start.date,
    startTime: start.time,
    endTime: ukWallClock(row.endsAt).time,
    delivery: row.delivery,
    venue: row.venue,
    joinLink: row.joinLink,
    capacity: row.capacity,
    ...given,
  });
  if (checked.success) return checked.data;
  const [issue] = checked.error.issues;
  throw badRequest(`${issue!.path.join('.')}: ${issue!.message}`);
}

/**
 * Changes a session. Its date and times stay as they are once families have booked (their
 * e-mails and calendar files say them; cancel it and create another instead); its places never go
 * below those booked, and new places go to the waiting list first.
 */
export async function updateWorkshopSession(
  deps: Deps,
  id: number,
  changes: WorkshopSessionChanges,
): Promise<WorkshopSession> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockedSession(tx, id);
    if (current.cancelledAt) throw conflict('This session was cancelled and cannot be changed.');
    const input = withChanges(current, changes);
    const start = ukDateTime(input.date, input.startTime);
    const end = ukDateTime(input.date, input.endTime);
    const moved =
      start.getTime() !== current.startsAt.getTime() || end.getTime() !== current.endsAt.getTime();
    let times = { startsAt: current.startsAt, endsAt: current.endsAt };
    if (moved) {
      const [held] = await tx
        .select({ n: count() })
        .from(workshopReservations)
        .where(
          and(
            eq(workshopReservations.sessionId, id),
            inArray(workshopReservations.status, ['confirmed', 'waiting']),
          ),
        );
      if (Number(held?.n ?? 0) > 0)
        throw conflict(
          'Families have booked this session, so its date and times cannot change. Cancel it and create a new one.',
        );
      times = timesOf(input, now);
    }
    if (input.capacity < current.placesTaken)
      throw conflict(`${current.placesTaken} places are booked, so the session needs at least that many.`);
    const [updated] = await tx
      .update(workshopSessions)
      .set({ ...times, ...fieldsOf(input), updatedAt: now })
      .where(eq(workshopSessions.id, id))
      .returning();
    const promoted = await fillFromWaitingList(tx, deps, id, now);
    if (promoted === 0) return updated!;
    const [after] = await tx.select().from(workshopSessions).where(eq(workshopSessions.id, id));
    return after!;
  });
  return viewOf(deps.db, row, now);
}

/**
 * Cancels a session: it is no longer offered, every reservation and waiting-list place in it is
 * cancelled and each family told by e-mail (pending reminders then find nothing to remind of).
 */
export async function cancelWorkshopSession(deps: Deps, id: number): Promise<WorkshopSession> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockedSession(tx, id);
    if (current.cancelledAt) return current;
    const [cancelled] = await tx
      .update(workshopSessions)
      .set({ cancelledAt: now, placesTaken: 0, updatedAt: now })
      .where(eq(workshopSessions.id, id))
      .returning();
    const dropped = await tx
      .update(workshopReservations)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(
        and(
          eq(workshopReservations.sessionId, id),
          inArray(workshopReservations.status, ['confirmed', 'waiting']),
        ),
      )
      .returning();
    if (current.startsAt.getTime() > now.getTime()) {
      for (const reservation of dropped)
        await enqueueWorkshopNotice(tx, deps, {
          reservation,
          session: current,
          now,
          notice: 'session_cancelled',
        });
    }
    return cancelled!;
  });
  return viewOf(deps.db, row, now);
}
