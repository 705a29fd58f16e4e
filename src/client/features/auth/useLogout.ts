import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { REDIRECT_AFTER_LOGOUT_MS } from '../../../shared/constants';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { forgetStoredAuthToken } from '../../lib/auth-token';
import { trpc } from '../../lib/trpc';
import { toast } from '../../components/ui/toast-store';

/** The SPEC's states and transitions, and its error catalogue: the session and every cached answer go, then / after 0.5 s, even if the call fails. */
export function useLogout() {
  const logout = trpc.auth.logout.useMutation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    let description: string = AUTH_MESSAGES.loggedOut;
    try {
      await logout.mutateAsync();
    } catch {
      description = 'Your session has been cleared on this device.';
    }
    forgetStoredAuthToken();
    queryClient.clear();
    toast({ title: 'Logged out', description });
    window.setTimeout(() => navigate('/'), REDIRECT_AFTER_LOGOUT_MS);
  };
}
