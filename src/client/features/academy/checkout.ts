import { TRPCClientError } from '@trpc/client';
import { ACADEMY } from '../../../shared/business';

// The specification's error catalogue (docs/specification.md §8): what the checkout page says when it cannot go ahead.
export const CHECKOUT_TEXT = {
  loading: 'Preparing your checkout...',
  ready: 'Your checkout is ready!',
  failed: 'Payment Setup Failed',
  proceed: 'Proceed to Secure Checkout',
  returnToPricing: 'Return to Pricing',
  backToPlans: 'Back to Plans',
  noClientSecret: 'Failed to create checkout session',
  requestFailed: 'Failed to initialize payment. Please try again.',
} as const;

/** The server's message when it answered (an unknown plan, payments not set up), the fallback otherwise. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (typeof status === 'number' && error.message) return error.message;
  }
  return CHECKOUT_TEXT.requestFailed;
}

/** The success page when the checkout Stripe sent the parent back from is not paid. */
export const PAYMENT_NOT_RECEIVED = {
  title: 'We have not received your payment yet',
  unknown: 'We could not find a payment for this checkout.',
  unavailable: 'We could not check your payment with our payment provider just now.',
  justPaid:
    'If you have just paid, it can take a few minutes to reach us: check again shortly. We email you as soon as it arrives.',
  help: 'If your card has been charged, or you need a hand, email us at',
} as const;

export const notReceivedTitle = `${PAYMENT_NOT_RECEIVED.title} | ${ACADEMY.name}`;
