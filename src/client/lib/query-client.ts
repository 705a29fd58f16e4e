import { QueryClient } from '@tanstack/react-query';

/** The specification's calls (docs/specification.md §7): data never goes stale, no refetch on focus or by interval, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
