import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '#server/app/app-router';

/**
 * The public page's API: the same procedures with types inferred from the server's router,
 * through the plain tRPC client. The page needs one query and two mutations, so it leaves
 * TanStack Query and the React bindings to the admin area.
 */
export function createPublicApi(baseUrl = '') {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/api/trpc`,
        // Every call includes credentials (docs/product.md, "Data fetching").
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

export const publicApi = createPublicApi();
