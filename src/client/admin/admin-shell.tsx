import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { REDIRECT_AFTER_LOGOUT_MS } from '../../shared/constants';
import { trpc } from '../lib/trpc';
import { toast } from '../ui/toast';
import { AdminNav } from './admin-nav';
import { Button } from './controls';
import { isUnauthorized, errorMessage } from './errors';
import { LogOutIcon, SparkIcon } from './icons';
import { useDelayedNavigate, useForgetAdminData, useMarkSignedOut } from './session';

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
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
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

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-5">
            <Link
              to="/admin/dashboard"
              className="flex items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:outline-none"
            >
              <span className="flex h-8 w-8 items-center justify-center rounded-md bg-blue-700 text-white">
                <SparkIcon />
              </span>
              <span>
                AI Consultancy <span className="font-normal text-slate-700">Admin</span>
              </span>
            </Link>
            <Link
              to="/"
              className="text-sm text-slate-800 underline underline-offset-2 hover:text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:outline-none"
            >
              Return to the Site
            </Link>
          </div>
          <div className="flex items-center gap-3">
            <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-medium text-slate-900">
              <span className="sr-only">Signed in as </span>
              {username}
            </span>
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
        <div className="mx-auto max-w-5xl px-4 pb-2">
          <AdminNav />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
