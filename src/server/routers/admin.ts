import { z } from 'zod';
import { activityListInputSchema, activityPageSchema, adminSummarySchema } from '../../shared/admin.schema';
import { countActiveSubscriptions } from '../services/academy';
import { nextSessionPlaces } from '../services/workshops';
import { listActivity } from '../platform/audit-log';
import { countNewEnquiries } from '../services/contact';
import { countConfirmedSubscribers } from '../services/newsletter';
import { adminProcedure, router } from '../trpc/init';
import { academyAdminProcedures } from './academy';
import { authAdminProcedures } from './auth';
import { contactAdminProcedures } from './contact';
import { newsletterAdminProcedures } from './newsletter';

// The admin shell's own procedures: the dashboard's counts across domains and the audit log. A
// domain's admin procedures live in its router and are merged here, under admin.*, unchanged.
const tags = ['Admin'];

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

  // Each domain's admin procedures live in its own router; they keep the admin.* paths.
  ...contactAdminProcedures,
  ...newsletterAdminProcedures,
  ...academyAdminProcedures,
  ...authAdminProcedures,

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
