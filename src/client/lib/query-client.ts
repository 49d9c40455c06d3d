import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md, "Data fetching": no automatic retries for queries or mutations, no refetch on focus or
 * interval, data never stale (it is refreshed by invalidation after each change). A read that
 * failed is not asked again when a screen shows it either (`retryOnMount`): the route's loader
 * has just asked (docs/architecture.md, "Admin screens"), and the screen offers "Try again".
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
