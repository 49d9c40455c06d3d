import { httpBatchLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '#server/app/app-router';

/** React hooks for every procedure, typed from the server's router. */
export const trpc = createTRPCReact<AppRouter>();

/**
 * A query's tRPC context that marks it as a background poll (`trpc: BACKGROUND` in its
 * options): it travels in a batch of its own with `x-background: 1`, so the server does not
 * count it as the person using the screen (the idle limit, docs/accounts.md).
 */
export const BACKGROUND = { context: { background: true } } as const;

export function createTrpcClient(baseUrl = '') {
  const batchLink = (headers: Record<string, string>) =>
    httpBatchLink({
      url: `${baseUrl}/api/trpc`,
      // The server refuses larger batches (MAX_BATCH_SIZE).
      maxItems: 10,
      headers,
      fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
    });
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.context['background'] === true,
        true: batchLink({ 'x-background': '1' }),
        false: batchLink({}),
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
