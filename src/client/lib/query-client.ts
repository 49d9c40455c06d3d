import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md, "Data fetching": no automatic retries for queries or mutations, no refetch on focus or
 * interval, data never stale (it is refreshed by invalidation after each change).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
