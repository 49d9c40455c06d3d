import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { REDIRECT_AFTER_LOGOUT_MS } from '#shared/constants';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { AdminNav } from './admin-nav';
import { Button, returnLinkClass } from '../ui/controls';
import { errorMessage, handlesOwnUnauthorized, isUnauthorized } from '../ui/errors';
import { useSiteBrand } from '#client/lib/site-brand';
import { CloseIcon, MenuIcon } from '#client/ui/icons';
import { Logo } from '#client/ui/logo';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { LogOutIcon } from '../ui/icons';
import {
  ADMIN_LANDING,
  useDelayedNavigate,
  useForgetAdminData,
  useMarkSignedOut,
} from '../session/session';
import { useAdminTimeZone } from '../ui/date-time';

/**
 * A session can end behind the page's back (it expired, a password was changed, another tab
 * signed out). The first call answered 401 then sends the visitor to the login page instead
 * of leaving error toasts on a dead dashboard.
 */
function useLeaveOnSessionEnd(isLeaving: () => boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const markSignedOut = useMarkSignedOut();
  const forget = useForgetAdminData();

  useEffect(() => {
    let handled = false;
    const leave = (error: unknown) => {
      if (handled || isLeaving() || !isUnauthorized(error)) return;
      handled = true;
      markSignedOut();
      toast({
        title: 'Session ended',
        description: 'Please sign in again.',
        variant: 'destructive',
      });
      void navigate({ to: '/admin/login', replace: true }).then(forget);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      // A mutation whose 401 means "wrong password" (the Account screen's forms) says so in
      // its meta and settles a real session end itself (errors.ts, handlesOwnUnauthorized).
      if (handlesOwnUnauthorized(event.mutation.options.meta)) return;
      leave(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, markSignedOut, forget, isLeaving]);
}

export function AdminShell({ username, children }: { username: string; children: ReactNode }) {
  // The ref lets the 401 watcher see a logout at once; the state re-renders the button.
  const leaving = useRef(false);
  const company = useSiteBrand();
  const timeZone = useAdminTimeZone();
  const [loggedOut, setLoggedOut] = useState(false);
  const isLeaving = useCallback(() => leaving.current, []);
  useLeaveOnSessionEnd(isLeaving);
  const markSignedOut = useMarkSignedOut();
  const forget = useForgetAdminData();
  const navigateLater = useDelayedNavigate();

  const logout = trpc.admin.logout.useMutation({
    onSuccess: () => {
      leaving.current = true;
      setLoggedOut(true);
      markSignedOut();
      toast({ title: 'Logout successful', description: 'You have been signed out.' });
      navigateLater('/admin/login', REDIRECT_AFTER_LOGOUT_MS, { then: forget });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  // On a phone the header is one row: the logo and a menu button; the rest opens below it.
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const onPhone = menuOpen ? '' : 'max-sm:hidden';

  return (
    <div className="min-h-screen bg-subtle">
      {/* From 1280 px the header is wider than the screen's content, its sections' row up to
          88rem: the thirteen (a badge or two among them) stay on one line at 1440 px
          (admin-nav.tsx). */}
      <header className="border-b border-line bg-raised">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 xl:max-w-7xl">
          <div className="flex items-center gap-5 max-sm:flex-1 max-sm:justify-between">
            <Link
              to={ADMIN_LANDING}
              aria-label={`${company.name} admin, dashboard`}
              className="flex items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:focus-visible:ring-brand-400"
            >
              <Logo {...company} />
              <span className="rounded-md bg-line px-2 py-0.5 text-xs font-semibold tracking-wide text-ink uppercase">
                Admin
              </span>
            </Link>
            <a href="/" className={`${returnLinkClass} ${onPhone}`}>
              Return to the Site
            </a>
            <Button
              variant="ghost"
              size="icon"
              className="sm:hidden"
              aria-label="Menu"
              aria-expanded={menuOpen}
              aria-controls="admin-menu admin-menu-sections"
              onPress={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </Button>
          </div>
          <div id="admin-menu" className={`flex flex-wrap items-center gap-3 ${onPhone}`}>
            <ThemeToggle />
            {/* The badge is the way to the Account screen: whose account it is, one press away. */}
            <Link
              to="/admin/account"
              className="inline-flex min-h-11 items-center rounded-full bg-line px-3 py-1 text-sm font-medium text-ink underline-offset-2 hover:underline sm:min-h-9 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-[current=page]:underline dark:focus-visible:ring-brand-400"
            >
              <span className="sr-only">Signed in as </span>
              {username}
              <span className="sr-only">: your account</span>
            </Link>
            <Button
              variant="secondary"
              onPress={() => logout.mutate()}
              isPending={logout.isPending || loggedOut}
            >
              <LogOutIcon />
              Logout
            </Button>
          </div>
        </div>
        <div
          id="admin-menu-sections"
          className={`mx-auto max-w-5xl px-4 pb-2 xl:max-w-[88rem] ${onPhone}`}
        >
          <AdminNav />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
      <footer className="mx-auto max-w-5xl px-4 pb-8 text-sm text-muted">
        Times are in {timeZone}, the site&rsquo;s time zone.
      </footer>
    </div>
  );
}
