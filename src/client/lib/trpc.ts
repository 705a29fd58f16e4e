import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers';
import { getAuthToken } from './auth-token';

// Typed calls to the server's procedures. Only the router's type crosses over, never its code.
export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient(baseUrl = '') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        headers() {
          const token = getAuthToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
        fetch(url, options) {
          return fetch(url, { ...(options as RequestInit), credentials: 'include' });
        },
      }),
    ],
  });
}
