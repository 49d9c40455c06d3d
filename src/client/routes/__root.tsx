import { useEffect } from 'react';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { SiteFooter } from '../home/site-footer';
import { SiteHeader } from '../home/site-header';
import { installSmoothScroll } from '../lib/smooth-scroll';
import { setLightOnly } from '../lib/use-theme';
import { NotFoundPage } from '../ui/not-found-page';
import { Toaster } from '../ui/toast';
import { focusRing } from '../ui/styles';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Spec section 2: the public header and footer are hidden on every /admin path.
  const isAdmin = pathname.startsWith('/admin');
  const onHome = pathname === '/';

  useEffect(() => installSmoothScroll(), []);
  // A mark that the app has taken over the page (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  useEffect(() => setLightOnly(isAdmin), [isAdmin]);

  return (
    <>
      {isAdmin ? null : (
        <>
          <a
            href="#main"
            className={`sr-only z-50 rounded-md bg-surface px-4 py-2 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 ${focusRing}`}
          >
            Skip to content
          </a>
          <SiteHeader onHome={onHome} />
        </>
      )}
      <Outlet />
      {isAdmin ? null : <SiteFooter onHome={onHome} />}
      <Toaster />
    </>
  );
}
