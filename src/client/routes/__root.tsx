import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { Toaster } from '../ui/toast';
import { NotFoundPage } from '../ui/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Spec section 2: the public header and footer are hidden on every /admin path.
  const isAdmin = pathname.startsWith('/admin');
  return (
    <>
      {isAdmin ? null : <header>{/* Site header: home-page helper */}</header>}
      <Outlet />
      {isAdmin ? null : <footer>{/* Site footer: home-page helper */}</footer>}
      <Toaster />
    </>
  );
}
