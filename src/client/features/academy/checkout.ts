import { TRPCClientError } from '@trpc/client';

// SPEC section 8: what the checkout page says when it cannot go ahead.
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
