import { Suspense, lazy } from 'react';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '#client/router';
import { useReadyMark } from '#client/lib/use-ready-mark';
import { Toaster } from '#client/ui/toaster';

// The root route's own components stay in the main chunk: the not-found page, and the public
// frame around it, load when that page is shown (docs/performance.md, "The sign-in page's
// first load").
const NotFoundPage = lazy(() =>
  import('#client/ui/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const PublicNotFound = lazy(() => import('#client/home/public-not-found'));

/**
 * The router app serves the admin area and the not-found page; the home page is its own
 * entry (src/client/home-main.tsx), so `/` is no route here.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  useReadyMark();
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function NotFound() {
  // docs/product.md, "Header and footer": the public header and footer are hidden on every /admin path.
  const isAdmin = useRouterState({ select: (s) => s.location.pathname.startsWith('/admin') });
  if (isAdmin) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  // The saved brand around the 404 texts: the parts the server wrote into app.html.
  return (
    <Suspense fallback={null}>
      <PublicNotFound />
    </Suspense>
  );
}
