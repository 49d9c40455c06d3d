import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import type { QueryUtils } from './lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  queryUtils: QueryUtils;
}

export interface AppRouterOptions {
  /**
   * Off for the build-time prerender: on the server the router would print an inline
   * scroll-restoration script, which the CSP does not allow and the client does not need.
   */
  scrollRestoration?: boolean;
}

export function createAppRouter(
  context: RouterContext,
  history?: Parameters<typeof createRouter>[0]['history'],
  options: AppRouterOptions = {},
) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    scrollRestoration: options.scrollRestoration ?? true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
