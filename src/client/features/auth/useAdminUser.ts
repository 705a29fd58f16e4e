import { ADMIN_USER_CACHE_MS } from '../../../shared/constants';
import { can, type Permission } from '../../../shared/staff';
import { trpc } from '../../lib/trpc';

/**
 * The signed-in admin, or null. The specification's calls (docs/specification.md §7): cached 60 s, never retried, and a 401 (or any
 * failure) simply means nobody is signed in.
 */
export function useAdminUser() {
  const query = trpc.auth.user.useQuery(undefined, {
    staleTime: ADMIN_USER_CACHE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { user: query.isError ? null : (query.data ?? null), isLoading: query.isLoading };
}

/**
 * What the signed-in person's role allows, from the one table (src/shared/staff.ts): the admin shows
 * a person the sections and buttons their role can use, and nothing that would answer 403.
 */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useAdminUser();
  return (permission) => user !== null && can(user.role, permission);
}
