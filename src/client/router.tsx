import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import type { QueryUtils } from '#client/lib/trpc';
import { asPendingScreen } from '#client/admin/ui/pending-screen';

export interface RouterContext {
  queryClient: QueryClient;
  queryUtils: QueryUtils;
}

export function createAppRouter(
  context: RouterContext,
  history?: Parameters<typeof createRouter>[0]['history'],
) {
  const router = createRouter({ routeTree, context, history, defaultPreload: 'intent' });
  for (const route of Object.values(router.routesById)) {
    const pending = route.options.pendingComponent;
    if (pending) route.options.pendingComponent = asPendingScreen(pending);
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
