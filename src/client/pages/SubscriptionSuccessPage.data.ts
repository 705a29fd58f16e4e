import { ACADEMY } from '../../shared/business';
// A page's .data.ts is also loaded where no style plugin runs (the route table's unit test), and a
// feature's door would evaluate its style sheets there: it takes the one plain file it needs.
// eslint-disable-next-line import-x/no-restricted-paths
import { notReceivedTitle } from '../features/academy/checkout';
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
