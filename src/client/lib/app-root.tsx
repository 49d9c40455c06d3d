import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from '#client/router';
import { trpc, type TrpcClient } from './trpc';

/** The whole app, the same for the browser and the build-time prerender. */
export function AppRoot({
  router,
  queryClient,
  trpcClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  trpcClient: TrpcClient;
}) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
