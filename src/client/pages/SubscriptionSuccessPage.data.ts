import { ACADEMY } from '../../shared/business';
import { notReceivedTitle } from '../features/academy';
import type { PagePrefetch } from '../lib/page-prefetch';

/**
 * With the session_id Stripe adds, the page asks Stripe (through our procedure) whether that
 * checkout is paid before it renders; a failed answer stays in the cache, so the server renders
 * the 'not received' state too.
 */
export const prefetch: PagePrefetch = async ({ trpc, search }) => {
  const sessionId = new URLSearchParams(search).get('session_id');
  if (!sessionId) return {};
  const found = await trpc.academy.checkoutStatus.fetch({ sessionId }).catch(() => null);
  if (found?.status === 'paid') return {};
  return {
    meta: {
      title: notReceivedTitle,
      description: `Your ${ACADEMY.name} payment has not reached us yet.`,
    },
  };
};
