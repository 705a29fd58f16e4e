import { z } from 'zod';
import { adminSummarySchema } from '../shared/admin.schema';
import { countActiveSubscriptions } from './domains/academy';
import { countNewEnquiries } from './domains/contact';
import { countConfirmedSubscribers } from './domains/newsletter';
import { nextSessionPlaces } from './domains/workshops';
import { staffProcedure } from './web/trpc/init';

/**
 * The admin dashboard's counts, one from each of four domains: above the domains, like the admin
 * shell that shows them. Served as admin.summary beside every domain's admin procedures (router.ts).
 */
export const adminSummaryProcedure = staffProcedure('readFigures')
  .meta({
    openapi: {
      method: 'GET',
      path: '/admin/summary',
      tags: ['Admin'],
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
  });
