import {
  billingPortalSchema,
  checkoutStatusInputSchema,
  checkoutStatusSchema,
  createSubscriptionInputSchema,
  createSubscriptionOutputSchema,
  manageLinkInputSchema,
  manageLinkStatusSchema,
} from '../../shared/academy.schema';
import { manageLinkStatus, openBillingPortal } from '../services/manage-links';
import { checkoutStatus, createCheckout } from '../services/payments';
import { publicProcedure, router } from '../trpc/init';
import { idempotencyKeyHeaders, idempotentOutsideDatabase } from '../trpc/idempotency';
import { countConversion } from '../trpc/conversion';

const tags = ['Academy'];
const STRIPE_DOWN = 'The payment provider could not be reached or refused the request';
const NOT_SET_UP = 'Online payment is not set up on this server (STRIPE_SECRET_KEY)';

export const academyRouter = router({
  createSubscription: publicProcedure
    .use(idempotentOutsideDatabase)
    .meta({
      openapi: {
        method: 'POST',
        path: '/create-subscription',
        requestHeaders: idempotencyKeyHeaders,
        tags,
        summary: 'Start a monthly plan: creates a Stripe Checkout Session',
        description:
          "Returns the hosted payment page as clientSecret. Stripe's page also asks for the child's first name and age " +
          "(10-16) and the parent's mobile number. 400 for an unknown plan; 503 when online payment is not set up " +
          'on this server; 502 when the payment provider cannot be reached.',
        errorResponses: {
          400: 'An unknown plan',
          502: 'The payment provider could not be reached, refused the request or returned no checkout page',
          503: NOT_SET_UP,
        },
      },
    })
    .input(createSubscriptionInputSchema)
    .output(createSubscriptionOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const checkout = await createCheckout(ctx.deps.payments, input.plan);
      await countConversion(ctx, 'checkout');
      return checkout;
    }),

  checkoutStatus: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/academy/checkout/{sessionId}',
        tags,
        summary: 'Whether the checkout Stripe sent the parent back from is paid, and for which plan',
        description:
          'Asks Stripe about the Checkout Session (the success page does this with the session_id Stripe adds to its ' +
          'address), so the plan named is the one bought, whatever the address says. pending: the checkout is still ' +
          'open, or its payment has not cleared. unknown: Stripe does not know the id, or this site did not create that checkout.',
        errorResponses: {
          502: STRIPE_DOWN,
          503: NOT_SET_UP,
        },
      },
    })
    .input(checkoutStatusInputSchema)
    .output(checkoutStatusSchema)
    .query(({ ctx, input }) => checkoutStatus(ctx.deps.payments, input.sessionId)),

  manageLink: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/academy/manage-link',
        tags,
        summary: "Whether an e-mailed 'Manage your subscription' link can still be used (it is not spent)",
        description:
          'ready: POST /academy/billing-portal with it opens the Billing Portal, once. used, expired (after 7 days) or ' +
          'invalid (tampered, or never issued): the parent asks the academy for a new link.',
      },
    })
    .input(manageLinkInputSchema)
    .output(manageLinkStatusSchema)
    .query(({ ctx, input }) => manageLinkStatus(ctx.deps, input.token)),

  openBillingPortal: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/academy/billing-portal',
        tags,
        summary:
          "Spends a 'Manage your subscription' link and opens Stripe's Billing Portal for its customer",
        description:
          "Answers the portal session's one-off url; send the browser there (the parent changes the card or cancels on " +
          "Stripe's page and comes back to the academy). The link works once: a second use is a 409.",
        errorResponses: {
          400: 'The link is not valid (tampered, or never issued)',
          409: 'The link has been used already, or has expired',
          502: STRIPE_DOWN,
          503: NOT_SET_UP,
        },
      },
    })
    .input(manageLinkInputSchema)
    .output(billingPortalSchema)
    .mutation(({ ctx, input }) => openBillingPortal(ctx.deps, input.token)),
});
