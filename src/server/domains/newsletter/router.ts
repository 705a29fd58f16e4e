import { z } from 'zod';
import { countConversion } from '../../web/trpc/conversion';
import { keepPublicReads } from '../../web/trpc/public-reads';
import { subscribeInputSchema } from '../../../shared/newsletter.schema';
import { confirmSubscription, subscribe, unsubscribe } from './signup';
import { eraseSubscriber, listSubscribers } from './subscribers';
import { staffProcedure, publicProcedure, rateLimited, router } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import {
  adminMessageSchema,
  idInputSchema,
  subscriberListInputSchema,
  subscriberPageSchema,
} from '../../../shared/admin.schema';
import { issueProcedures } from './issues-router';

/** Signing up sends a confirmation e-mail. */
const SIGNUP_RATE_LIMIT = { name: 'newsletter', max: 10, windowMs: 10 * 60_000 };

const tokenInputSchema = z.object({
  token: z.string().trim().min(20, 'This link is incomplete').max(200, 'This link is not valid'),
});
const messageSchema = z.object({ message: z.string() });

// The newsletter's one namespace (newsletter.*): its issues and archive first (issues-router.ts),
// then signing up, confirming and leaving, in the wire's order.
export const newsletterRouter = router({
  ...issueProcedures,

  subscribe: publicProcedure
    .use(rateLimited(SIGNUP_RATE_LIMIT))
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/subscribe',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Newsletter'],
        summary: 'Sign an address up to the newsletter (double opt-in: a confirmation e-mail is sent)',
        description:
          'Subscribing an address twice is not an error and stores it once. The answer is the same whether or not the address was known. ' +
          'The confirmation e-mail is queued with the address and sent (and retried) by the outbox, so a mail server that is down only delays it.',
      },
    })
    .input(subscribeInputSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      const answer = await subscribe(ctx.deps, input);
      // No public read shows who subscribed.
      keepPublicReads(ctx.req);
      await countConversion(ctx, 'newsletter_signup');
      return answer;
    }),

  confirm: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/confirm',
        tags: ['Newsletter'],
        summary: 'Confirm a subscription with the token from the confirmation e-mail',
        description: 'Confirming again is not an error.',
        errorResponses: { 404: 'The link is not valid any more, or it has expired (7 days)' },
      },
    })
    .input(tokenInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => confirmSubscription(ctx.deps, input.token)),

  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/unsubscribe',
        tags: ['Newsletter'],
        summary: 'Unsubscribe and delete the address, with the token from any of our e-mails',
        errorResponses: { 404: 'The link has already been used, or the address is no longer on our list' },
      },
    })
    .input(tokenInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => unsubscribe(ctx.deps, input.token)),
});

// The admin's procedures of this domain: served under the admin router's path (admin.*, /admin/...),
// merged there by router.ts so every tRPC and REST path stays where clients know it.
const adminTags = ['Admin'];
const adminListErrors = {
  400: 'An unknown filter value, paging out of range (pageSize at most 100), or a cursor (after, before) this list did not give',
};

export const newsletterAdminProcedures = {
  subscribers: staffProcedure('manageSubscribers')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscribers',
        tags: adminTags,
        summary: 'Newsletter subscribers, newest first, with whether and when they confirmed',
        description:
          'Filters: status (confirmed or pending) and q, part of the e-mail address. The confirmed ones as CSV: ' +
          'GET /admin/subscribers.csv.',
        errorResponses: adminListErrors,
      },
    })
    .input(subscriberListInputSchema)
    .output(subscriberPageSchema)
    .query(({ ctx, input }) => listSubscribers(ctx.deps, input)),

  eraseSubscriber: staffProcedure('manageSubscribers')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/subscribers/{id}',
        tags: adminTags,
        summary: 'Erases a subscriber on request (GDPR): the row is deleted, nothing is kept',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such subscriber' },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => eraseSubscriber(ctx.deps, input.id)),
};
