import { httpBatchLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../../server/http/app-router';

/** React hooks for every procedure, typed from the server's router. */
export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient(baseUrl = '') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        // The server refuses larger batches (MAX_BATCH_SIZE).
        maxItems: 10,
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** Imperative access (route guards, loaders) sharing the React hooks' cache. */
export function createQueryUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

export type QueryUtils = ReturnType<typeof createQueryUtils>;
