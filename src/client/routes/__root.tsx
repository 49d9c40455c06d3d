import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '#client/router';
import { PublicLayout } from '#client/home/public-layout';
import { SiteContentProvider } from '#client/home/site-content-context';
import { frameContent } from '#client/lib/site-frame';
import { useReadyMark } from '#client/lib/use-ready-mark';
import { NotFoundPage } from '#client/ui/not-found-page';
import { Toaster } from '#client/ui/toaster';

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
  if (isAdmin) return <NotFoundPage />;
  // The saved brand around the 404 texts: the parts the server wrote into app.html.
  return (
    <SiteContentProvider content={frameContent()}>
      <PublicLayout onHome={false}>
        <NotFoundPage />
      </PublicLayout>
    </SiteContentProvider>
  );
}
