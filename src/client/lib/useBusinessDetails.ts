import { BUSINESS_DETAILS_SEED, type BusinessDetails } from '../../shared/business';
import { trpc } from './trpc';

/**
 * The business's contact details as the owner keeps them in the admin (GET /api/business). Server-
 * rendered pages have them in their HTML already (entry-server.tsx prefetches them for every
 * page); a page rendered in the browser shows the starting values for the moment they load.
 */
export function useBusinessDetails(): BusinessDetails {
  return trpc.content.business.useQuery().data ?? BUSINESS_DETAILS_SEED;
}
