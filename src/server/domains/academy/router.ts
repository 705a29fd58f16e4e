import {
  billingPortalSchema,
  checkoutStatusInputSchema,
  checkoutStatusSchema,
  createSubscriptionInputSchema,
  createSubscriptionOutputSchema,
  manageLinkInputSchema,
  manageLinkStatusSchema,
} from '../../../shared/academy.schema';
import { manageLinkStatus, openBillingPortal } from './manage-links';
import { checkoutStatus, createCheckout } from './payments';
import { cancelSubscriptionAtPeriodEnd, listAcademySubscriptions, sendManageLink } from './admin';
import { staffProcedure, publicProcedure, rateLimited, router } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotentOutsideDatabase } from '../../web/trpc/idempotency';
import { countConversion } from '../../web/trpc/conversion';
import {
  academySubscriptionListInputSchema,
  academySubscriptionPageSchema,
  academySubscriptionSchema,
  adminMessageSchema,
  idInputSchema,
} from '../../../shared/admin.schema';

const CHECKOUT_RATE_LIMIT = { name: 'checkout', max: 20, windowMs: 10 * 60_000 };
/** Each asks Stripe something: the success page's check, and opening the billing portal. */
const PAYMENT_LOOKUP_RATE_LIMIT = { name: 'paymentLookup', max: 60, windowMs: 10 * 60_000 };

const tags = ['Academy'];
const STRIPE_DOWN = 'The payment provider could not be reached or refused the request';
const NOT_SET_UP = 'Online payment is not set up on this server (STRIPE_SECRET_KEY)';

export const academyRouter = router({
  createSubscription: publicProcedure
    .use(rateLimited(CHECKOUT_RATE_LIMIT))
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
    .use(rateLimited(PAYMENT_LOOKUP_RATE_LIMIT))
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
    .use(rateLimited(PAYMENT_LOOKUP_RATE_LIMIT))
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

// The admin's procedures of this domain: served under the admin router's path (admin.*, /admin/...),
// merged there by router.ts so every tRPC and REST path stays where clients know it.
const adminTags = ['Admin'];
const adminListErrors = {
  400: 'An unknown filter value, paging out of range (pageSize at most 100), or a cursor (after, before) this list did not give',
};

export const academyAdminProcedures = {
  academySubscriptions: staffProcedure('manageAcademyCustomers')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/academy/subscriptions',
        tags: adminTags,
        summary: 'Academy subscriptions recorded from the payment webhook, newest first',
        description:
          'Filters: plan (explorer, innovator, entrepreneur, unknown) and status (as Stripe names it: active, canceled...).',
        errorResponses: adminListErrors,
      },
    })
    .input(academySubscriptionListInputSchema)
    .output(academySubscriptionPageSchema)
    .query(({ ctx, input }) => listAcademySubscriptions(ctx.deps, input)),

  cancelAcademySubscription: staffProcedure('manageAcademyCustomers')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/subscriptions/{id}/cancel',
        tags: adminTags,
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

  sendManageLink: staffProcedure('manageAcademyCustomers')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/academy/subscriptions/{id}/manage-link',
        tags: adminTags,
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
};
