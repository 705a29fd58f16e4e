import { z } from 'zod';
import {
  activityListInputSchema,
  activityPageSchema,
  academySubscriptionListInputSchema,
  academySubscriptionPageSchema,
  academySubscriptionSchema,
  adminMessageSchema,
  adminSummarySchema,
  adminUserPageSchema,
  enquiryListInputSchema,
  enquiryPageSchema,
  enquirySchema,
  enquiryStatusInputSchema,
  idInputSchema,
  pageInputSchema,
  subscriberListInputSchema,
  subscriberPageSchema,
} from '../../shared/admin.schema';
import {
  cancelSubscriptionAtPeriodEnd,
  countActiveSubscriptions,
  listAcademySubscriptions,
  sendManageLink,
} from '../services/academy';
import { nextSessionPlaces } from '../services/workshops';
import { listActivity } from '../platform/audit-log';
import { listAdmins, removeAdmin } from '../services/auth';
import { countNewEnquiries, getEnquiry, listEnquiries, setEnquiryStatus } from '../services/contact';
import { countConfirmedSubscribers, eraseSubscriber, listSubscribers } from '../services/newsletter';
import { adminProcedure, router } from '../trpc/init';

// The admin's day-to-day work: the inbox, the newsletter list, the academy's customers and the
// admin accounts. Every call needs a signed-in admin; lists are paged by the server.
const tags = ['Admin'];
const listErrors = { 400: 'An unknown filter value, or paging out of range (pageSize at most 100)' };

export const adminRouter = router({
  summary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/summary',
        tags,
        summary:
          "Dashboard counts: new enquiries, the next workshop session's places, confirmed subscribers, active academy subscriptions",
      },
    })
    .input(z.void())
    .output(adminSummarySchema)
    .query(async ({ ctx }) => {
      const [newEnquiries, workshop, confirmedSubscribers, activeSubscriptions] = await Promise.all([
        countNewEnquiries(ctx.deps),
        nextSessionPlaces(ctx.deps),
        countConfirmedSubscribers(ctx.deps),
        countActiveSubscriptions(ctx.deps),
      ]);
      return { newEnquiries, workshop, confirmedSubscribers, activeSubscriptions };
    }),

  enquiries: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/enquiries',
        tags,
        summary: 'Contact messages and workshop reservations, newest first, one page at a time',
        description:
          'Filters: type (a service type or workshop_reservation), status (new, replied, archived) and q, searched ' +
          'in name, e-mail, subject and message ignoring case. Each row has the first 140 characters of the message.',
        errorResponses: listErrors,
      },
    })
    .input(enquiryListInputSchema)
    .output(enquiryPageSchema)
    .query(({ ctx, input }) => listEnquiries(ctx.deps, input)),

  enquiry: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/enquiries/{id}',
        tags,
        summary: 'One enquiry with its whole message (and a workshop reservation its details)',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such enquiry' },
      },
    })
    .input(idInputSchema)
    .output(enquirySchema)
    .query(({ ctx, input }) => getEnquiry(ctx.deps, input.id)),

  setEnquiryStatus: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/enquiries/{id}',
        tags,
        summary: 'Marks an enquiry new, replied or archived',
        errorResponses: {
          400: 'The id is not a whole number, or the status is not new, replied or archived',
          404: 'No such enquiry',
        },
      },
    })
    .input(enquiryStatusInputSchema)
    .output(enquirySchema)
    .mutation(({ ctx, input }) => setEnquiryStatus(ctx.deps, input.id, input.status)),

  subscribers: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscribers',
        tags,
        summary: 'Newsletter subscribers, newest first, with whether and when they confirmed',
        description:
          'Filters: status (confirmed or pending) and q, part of the e-mail address. The confirmed ones as CSV: ' +
          'GET /admin/subscribers.csv.',
        errorResponses: listErrors,
      },
    })
    .input(subscriberListInputSchema)
    .output(subscriberPageSchema)
    .query(({ ctx, input }) => listSubscribers(ctx.deps, input)),

  eraseSubscriber: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/subscribers/{id}',
        tags,
        summary: 'Erases a subscriber on request (GDPR): the row is deleted, nothing is kept',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such subscriber' },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => eraseSubscriber(ctx.deps, input.id)),

  academySubscriptions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/academy/subscriptions',
        tags,
        summary: 'Academy subscriptions recorded from the payment webhook, newest first',
        description:
          'Filters: plan (explorer, innovator, entrepreneur, unknown) and status (as Stripe names it: active, canceled...).',
        errorResponses: listErrors,
      },
    })
    .input(academySubscriptionListInputSchema)
    .output(academySubscriptionPageSchema)
    .query(({ ctx, input }) => listAcademySubscriptions(ctx.deps, input)),

  cancelAcademySubscription: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/subscriptions/{id}/cancel',
        tags,
        summary: 'Cancels an academy subscription at the end of the month paid for, through Stripe',
        description:
          'The parent keeps the sessions already paid for and is not charged again; the answer is the subscription ' +
          'as Stripe now has it (cancelAtPeriodEnd, currentPeriodEnd).',
        errorResponses: {
          400: 'The id is not a whole number',
          404: 'No such subscription',
          409: 'Already ended, already set to end, or no Stripe subscription behind it',
          502: 'The payment provider could not be reached or refused the cancellation',
          503: 'Online payment is not set up on this server (STRIPE_SECRET_KEY)',
        },
      },
    })
    .input(idInputSchema)
    .output(academySubscriptionSchema)
    .mutation(({ ctx, input }) => cancelSubscriptionAtPeriodEnd(ctx.deps, input.id)),

  sendManageLink: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/subscriptions/{id}/manage-link',
        tags,
        summary: "E-mails the parent a new 'Manage your subscription' link (works once, for 7 days)",
        errorResponses: {
          400: 'The id is not a whole number',
          404: 'No such subscription',
          409: 'No Stripe customer or e-mail address recorded for it',
        },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => sendManageLink(ctx.deps, input.id)),

  users: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        tags,
        summary: 'The admin users, in the order they were added (new ones: POST /admin/register)',
        errorResponses: listErrors,
      },
    })
    .input(pageInputSchema)
    .output(adminUserPageSchema)
    .query(({ ctx, input }) => listAdmins(ctx.deps, input)),

  removeUser: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}',
        tags,
        summary: 'Removes an admin and ends their sessions; never the last admin, never yourself',
        errorResponses: {
          400: 'The id is not a whole number',
          404: 'No such admin',
          409: 'The last admin, or your own account',
        },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => removeAdmin(ctx.deps, { id: input.id, callerId: ctx.user.id })),

  activity: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/activity',
        tags,
        summary: 'The activity log, newest first: every admin change and every sign-in, kept for a year',
        description:
          'kind keeps one kind: change, sign_in, sign_in_failed or sign_out. An edit carries a short before/after ' +
          '(details.changes); another change its input with secrets hidden and long text cut short (details.input).',
        errorResponses: { 400: 'An unknown kind, or paging out of range (pageSize at most 100)' },
      },
    })
    .input(activityListInputSchema)
    .output(activityPageSchema)
    .query(({ ctx, input }) => listActivity(ctx.deps.db, input)),
});
