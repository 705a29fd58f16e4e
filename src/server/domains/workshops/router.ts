import { z } from 'zod';
import {
  idInputSchema,
  pageInputSchema,
  pageOf,
  reservationListInputSchema,
  reservationPageSchema,
  workshopReservationSchema,
} from '../../../shared/admin.schema';
import { WORKSHOP_MESSAGES } from '../../../shared/workshop';
import {
  nextWorkshopSchema,
  reservationOutcomeSchema,
  reserveInputSchema,
  workshopSessionInputSchema,
  workshopSessionSchema,
  workshopSessionUpdateSchema,
} from '../../../shared/workshop.schema';
import { CONTACT_RATE_LIMIT } from '../contact';
import { reserveWorkshop } from './reserve';
import { bookingMessage, cancelWorkshopReservation, listWorkshopReservations } from './reservations';
import {
  cancelWorkshopSession,
  createWorkshopSession,
  listWorkshopSessions,
  nextSessionPlaces,
  nextWorkshop,
  updateWorkshopSession,
} from './sessions';
import { staffProcedure, publicProcedure, rateLimited, router } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import { countConversion } from '../../web/trpc/conversion';

// The free workshop's dated sessions: the next one for the academy page and its
// reservation, and the admin's sessions, reservations and waiting lists.
const adminTags = ['Admin'];
const sessionErrors = {
  400: 'A field is missing or wrong (a date, times with the end after the start, a venue for in person), or the start is not in the future',
};

export const workshopsRouter = router({
  next: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/workshops/next',
        tags: ['Academy'],
        summary: 'The next free workshop session open for reservations, with its places left',
        description:
          'session is the soonest session that has not started and is not cancelled, or null when no date is set ' +
          '(the page then says the next date is coming soon, and a reservation through POST /api/contact records interest). ' +
          'Dates and times are UK time: dateLabel and timeLabel as the page shows them, startsAt and endsAt as instants.',
      },
    })
    .input(z.void())
    .output(nextWorkshopSchema)
    .query(({ ctx }) => nextWorkshop(ctx.deps)),

  reserve: publicProcedure
    .use(rateLimited(CONTACT_RATE_LIMIT))
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/workshops/{id}/reservations',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Academy'],
        summary: 'Reserves a place for a child in a free workshop session',
        description:
          "details are the workshop form's fields. With a place left the answer is status confirmed, and the parent gets " +
          'a confirmation e-mail with a calendar file and a reminder the day before. A full session answers 409 unless ' +
          "ifFull is 'join_waiting_list', which puts the child on the waiting list (status waiting); the first on the list " +
          'gets a place that is given back. A session that has started or was cancelled answers 409. The reservation is ' +
          "also a contact message of type workshop_reservation, as POST /api/contact's is, which books the next session " +
          'with only its five fields (name, email, subject, message and type).',
        errorResponses: {
          404: WORKSHOP_MESSAGES.noSuchSession,
          409: 'The session is full (join its waiting list with ifFull), has started or was cancelled, or this child already has a place in it',
        },
      },
    })
    .input(reserveInputSchema)
    .output(reservationOutcomeSchema)
    .mutation(async ({ ctx, input }) => {
      const booking = await reserveWorkshop(ctx.deps, input, ctx.req.log);
      await countConversion(ctx, 'workshop_reservation');
      return {
        status: booking.status,
        reservationId: booking.reservation.id,
        sessionId: booking.session.id,
        message: bookingMessage(booking),
      };
    }),

  sessions: staffProcedure('manageWorkshops')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/academy/sessions',
        tags: adminTags,
        summary: 'Free workshop sessions: upcoming ones soonest first, then past and cancelled ones',
        description: 'Each with its places taken and left and the length of its waiting list.',
        errorResponses: { 400: 'Paging out of range (pageSize at most 100)' },
      },
    })
    .input(pageInputSchema)
    .output(pageOf(workshopSessionSchema))
    .query(({ ctx, input }) => listWorkshopSessions(ctx.deps, input)),

  createSession: staffProcedure('manageWorkshops')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/sessions',
        requestHeaders: idempotencyKeyHeaders,
        tags: adminTags,
        summary: 'Creates a free workshop session (date and times in UK time; 15 places unless told)',
        errorResponses: sessionErrors,
      },
    })
    .input(workshopSessionInputSchema)
    .output(workshopSessionSchema)
    .mutation(({ ctx, input }) => createWorkshopSession(ctx.deps, input)),

  updateSession: staffProcedure('manageWorkshops')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/academy/sessions/{id}',
        tags: adminTags,
        summary: 'Changes a session; new places go to its waiting list first',
        description:
          'The fields sent change and the others stay; an empty venue or link empties it. Once families have booked, ' +
          'the date and times stay (cancel the session and create another), and the places cannot go below those booked.',
        errorResponses: {
          ...sessionErrors,
          404: 'No such workshop session',
          409: 'The session was cancelled, families have booked it and the date or times changed, or fewer places than are booked',
        },
      },
    })
    .input(workshopSessionUpdateSchema)
    .output(workshopSessionSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateWorkshopSession(ctx.deps, id, changes);
    }),

  cancelSession: staffProcedure('manageWorkshops')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/sessions/{id}/cancel',
        tags: adminTags,
        summary: 'Cancels a session: no longer offered, its reservations cancelled and each family e-mailed',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such workshop session' },
      },
    })
    .input(idInputSchema)
    .output(workshopSessionSchema)
    .mutation(({ ctx, input }) => cancelWorkshopSession(ctx.deps, input.id)),

  reservations: staffProcedure('manageWorkshops')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/academy/reservations',
        tags: adminTags,
        summary: "Free workshop reservations with the child's age and device, newest first",
        description:
          "Filters: sessionId (one session's reservations and waiting list) and status (confirmed, waiting, cancelled, " +
          "or interest: families who asked while no date was set). workshop is the next open session's places " +
          '(all 0 when none is open).',
        errorResponses: {
          400: 'An unknown status, paging out of range (pageSize at most 100), or a cursor (after, before) this list did not give',
        },
      },
    })
    .input(reservationListInputSchema)
    .output(reservationPageSchema)
    .query(async ({ ctx, input }) => {
      const [page, workshop] = await Promise.all([
        listWorkshopReservations(ctx.deps, input),
        nextSessionPlaces(ctx.deps),
      ]);
      return { ...page, workshop };
    }),

  cancelReservation: staffProcedure('manageWorkshops')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/reservations/{id}/cancel',
        tags: adminTags,
        summary: 'Cancels a reservation: its place goes to the first family on the waiting list',
        description:
          'The family is told by e-mail, and their reminder is not sent. Cancelling one already cancelled changes nothing.',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such reservation' },
      },
    })
    .input(idInputSchema)
    .output(workshopReservationSchema)
    .mutation(({ ctx, input }) => cancelWorkshopReservation(ctx.deps, input.id)),
});
