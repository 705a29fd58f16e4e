import { activityListInputSchema, activityPageSchema } from '../../../shared/admin.schema';
import { staffProcedure } from '../../web/trpc/init';
import { listActivity } from './log';

// The admin's procedures of this domain: served under the admin router's path (admin.*, /admin/...),
// merged there by router.ts so every tRPC and REST path stays where clients know it.
export const activityAdminProcedures = {
  activity: staffProcedure('readActivity')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/activity',
        tags: ['Admin'],
        summary: 'The activity log, newest first: every admin change and every sign-in, kept for a year',
        description:
          "kind keeps one kind: change, sign_in, sign_in_failed or sign_out; userId one person's entries, each with " +
          'their role at the time. An edit carries a short before/after ' +
          '(details.changes); another change its input with secrets hidden and long text cut short (details.input).',
        errorResponses: {
          400: 'An unknown kind, paging out of range (pageSize at most 100), or a cursor (after, before) this list did not give',
        },
      },
    })
    .input(activityListInputSchema)
    .output(activityPageSchema)
    .query(({ ctx, input }) => listActivity(ctx.deps.db, input)),
};
