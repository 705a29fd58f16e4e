import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers';

// Typed calls to the server's procedures. Only the router's type crosses over, never its code.
// The admin's session travels as the HttpOnly cookie (credentials: 'include'), never as a header.
export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient(baseUrl = '') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        fetch(url, options) {
          return fetch(url, { ...(options as RequestInit), credentials: 'include' });
        },
      }),
    ],
  });
}
