/**
 * Renders an admin component as the app does (tRPC, React Query, a router), for the client's
 * component tests: the router has the component at `/admin/account` (or the address `at`) and
 * a bare login page, so a screen that sends someone to `/admin/login` can be seen doing it.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { AppRoot } from '#client/lib/app-root';
import { createQueryClient } from '#client/lib/query-client';
import { createQueryUtils, createTrpcClient, trpc } from '#client/lib/trpc';
import { createAppRouter } from '#client/router';

export function renderAdmin(ui: ReactNode, { at = '/admin/account' }: { at?: string } = {}) {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute();
  const screen = createRoute({
    getParentRoute: () => rootRoute,
    path: at,
    component: () => ui,
  });
  const login = createRoute({
    getParentRoute: () => rootRoute,
    path: '/admin/login',
    component: () => <h1>Admin Login</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screen, login]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  const result = render(
    <trpc.Provider client={createTrpcClient('http://localhost')} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { ...result, queryClient, router };
}

/**
 * The whole admin app (its own router, loaders and screens) at `path`, drawn by `show()`: a
 * test may reach into the router or the cache before the first draw.
 */
export function appAt(path: string) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient('http://localhost');
  const queryUtils = createQueryUtils(queryClient, trpcClient);
  const router = createAppRouter(
    { queryClient, queryUtils },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const show = () =>
    render(<AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} />);
  return { router, queryUtils, show };
}
