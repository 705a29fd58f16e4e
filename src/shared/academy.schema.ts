import { z } from 'zod';
import { PLAN_IDS } from './academy';

// The plan is checked by the server against the catalogue (not by the schema), so an unknown plan
// gets the same clear message over REST and tRPC alike.
export const createSubscriptionInputSchema = z.object({
  plan: z
    .string('Please choose a plan: explorer, innovator or entrepreneur')
    .max(60, 'Unknown plan')
    .meta({ description: 'explorer, innovator or entrepreneur', example: 'innovator' }),
});

export const createSubscriptionOutputSchema = z.object({
  /** The hosted payment page to send the customer to (docs/specification.md §7 calls it clientSecret). */
  clientSecret: z.string(),
  message: z.string(),
});
export type CreateSubscriptionOutput = z.infer<typeof createSubscriptionOutputSchema>;

// --- After checkout ------------------------------------------------------------------

export const checkoutStatusInputSchema = z.object({
  sessionId: z.string().min(1).max(300).meta({
    description: 'The Checkout Session id Stripe put in the success address',
    example: 'cs_test_a1B2c3',
  }),
});

export const checkoutStatusSchema = z.object({
  /**
   * paid: Stripe took the first payment; pending: the checkout is open or its payment has not
   * cleared; unknown: Stripe does not know the id, or the checkout was not made by this site.
   */
  status: z.enum(['paid', 'pending', 'unknown']),
  /** The plan the session is for, whatever the address says (null when unknown). */
  plan: z.enum(PLAN_IDS).nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** The token of an e-mailed 'Manage your subscription' link. */
export const manageLinkInputSchema = z.object({
  token: z
    .string()
    .max(200)
    .meta({ description: "The token from the e-mail's link", example: '0f3c...e1.1767225600000.Zm9v...' }),
});

export const MANAGE_LINK_STATES = ['ready', 'used', 'expired', 'invalid'] as const;
export type ManageLinkState = (typeof MANAGE_LINK_STATES)[number];

export const manageLinkStatusSchema = z.object({
  /** ready: it opens the billing portal once; used, expired or invalid: ask for a new one. */
  state: z.enum(MANAGE_LINK_STATES),
  expiresAt: z.string().nullable(),
});
export type ManageLinkStatus = z.infer<typeof manageLinkStatusSchema>;

export const billingPortalSchema = z.object({
  /** Stripe's Billing Portal for this customer: a one-off address to send the browser to. */
  url: z.string(),
});
