import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useLocation } from 'wouter';
import { LOGOUT_WAIT_MS, REDIRECT_AFTER_LOGOUT_MS } from '../../../shared/constants';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { forgetStoredAuthToken } from '../../lib/auth-token';
import { trpc } from '../../lib/trpc';
import { toast } from '../../components/ui/toast-store';

/** The server's answer to logout, or a rejection after LOGOUT_WAIT_MS. */
function withinWait<T>(call: Promise<T>): Promise<T> {
  let timer = 0;
  const late = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('Logout went unanswered')), LOGOUT_WAIT_MS);
  });
  return Promise.race([call, late]).finally(() => window.clearTimeout(timer));
}

/** The specification's states and transitions (docs/specification.md §4), and its error catalogue: the session and every cached answer go, then / after 0.5 s, even if the call fails. */
export function useLogout() {
  const logout = trpc.auth.logout.useMutation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    let description: string = AUTH_MESSAGES.loggedOut;
    try {
      await withinWait(logout.mutateAsync());
    } catch (error) {
      // A 401 means the session had already ended; anything else (a server error, no answer) leaves
      // the session cookie, which no script can clear, possibly still valid.
      const ended = error instanceof TRPCClientError && error.data?.httpStatus === 401;
      if (!ended) description = AUTH_MESSAGES.logoutUnconfirmed;
    }
    forgetStoredAuthToken();
    queryClient.clear();
    toast({ title: 'Logged out', description });
    window.setTimeout(() => navigate('/'), REDIRECT_AFTER_LOGOUT_MS);
  };
}
