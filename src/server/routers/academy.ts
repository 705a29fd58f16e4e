import { createSubscriptionInputSchema, createSubscriptionOutputSchema } from '../../shared/academy.schema';
import { createCheckout } from '../services/payments';
import { publicProcedure, router } from '../trpc/init';
import { idempotencyKeyHeaders, idempotentOutsideDatabase } from '../trpc/idempotency';

export const academyRouter = router({
  createSubscription: publicProcedure
    .use(idempotentOutsideDatabase)
    .meta({
      openapi: {
        method: 'POST',
        path: '/create-subscription',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Academy'],
        summary: 'Start a monthly plan: creates a Stripe Checkout Session',
        description:
          'Returns the hosted payment page as clientSecret. 400 for an unknown plan; 503 when online payment is not set up ' +
          'on this server; 502 when the payment provider cannot be reached.',
        errorResponses: {
          400: 'An unknown plan',
          502: 'The payment provider could not be reached, refused the request or returned no checkout page',
          503: 'Online payment is not set up on this server (STRIPE_SECRET_KEY)',
        },
      },
    })
    .input(createSubscriptionInputSchema)
    .output(createSubscriptionOutputSchema)
    .mutation(({ ctx, input }) => createCheckout(ctx.deps.payments, input.plan)),
});
