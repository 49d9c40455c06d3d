import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '#client/lib/trpc';
import { SIGNED_OUT, type AdminCheck } from './auth-check';

/**
 * The first screen after every way of signing in (password, a code, a passkey, an accepted
 * invitation), of `/admin`, of the logo and of the login page opened while signed in: the
 * facts dashboard. The Overview stays first in the navigation, one press away
 * (docs/product.md, "Redirect delays").
 */
export const ADMIN_LANDING = '/admin/dashboard';

/** The OAuth consent screen of one pending request (docs/mcp.md, "OAuth"). */
export type ConsentHref = `/admin/connect?request=${string}`;
type AdminPath = typeof ADMIN_LANDING | '/admin/login' | ConsentHref;

const CONSENT_KEY = 'admin.consentRequest';

/**
 * An MCP client sent the browser to the consent screen without a session: the request is
 * remembered in this tab (sessionStorage, never a cookie) while the sign-in is done, then
 * the sign-in goes back to it rather than to the landing screen. Only a request id is kept,
 * so the sign-in can never be made to go elsewhere.
 */
export function rememberConsentRequest(request: string): void {
  try {
    sessionStorage.setItem(CONSENT_KEY, request);
  } catch {
    // Storage off: the owner starts the connection again from the client after signing in.
  }
}

/** Where a sign-in goes: the remembered consent screen (once), else the landing screen. */
export function afterSignIn(): AdminPath {
  try {
    const request = sessionStorage.getItem(CONSENT_KEY);
    sessionStorage.removeItem(CONSENT_KEY);
    if (request) return `/admin/connect?request=${encodeURIComponent(request)}`;
  } catch {
    // As above.
  }
  return ADMIN_LANDING;
}

/**
 * Navigates after a pause (docs/product.md, "Admin sign-in"), cancelled if the screen goes away
 * first so a stale timer never yanks someone off the page they moved to.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: AdminPath, delayMs: number, options: { replace?: boolean; then?: () => void } = {}) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const consent = to.startsWith('/admin/connect?')
          ? new URLSearchParams(to.slice(to.indexOf('?'))).get('request')
          : null;
        const done =
          consent !== null
            ? navigate({
                to: '/admin/connect',
                search: { request: consent },
                replace: options.replace,
              })
            : navigate({
                to: to as typeof ADMIN_LANDING | '/admin/login',
                replace: options.replace,
              });
        void done.then(options.then);
      }, delayMs);
    },
    [navigate],
  );
}

/** Keeps the cached admin.check in step with what the server just said. */
export function useSetAuth() {
  const utils = trpc.useUtils();
  return useCallback(
    (auth: AdminCheck) => {
      utils.admin.check.setData(undefined, auth);
    },
    [utils],
  );
}

/**
 * Forgets everything read with the old session, so the next administrator (or the same one
 * after signing in again) never sees another session's data, even for a moment.
 */
export function useForgetAdminData() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.facts) });
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.tags) });
    // The account's address and sessions list (where and when someone signed in).
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.account) });
  }, [queryClient]);
}

export function useMarkSignedOut() {
  const setAuth = useSetAuth();
  return useCallback(() => setAuth(SIGNED_OUT), [setAuth]);
}
