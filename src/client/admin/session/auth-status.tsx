import { useEffect } from 'react';
import { REDIRECT_PROTECTED_MS } from '#shared/constants';
import { rememberConsentRequest, useDelayedNavigate } from './session';

function StatusScreen({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-subtle p-4">
      <p role="status" className="flex items-center gap-3 text-lg text-muted">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-line-strong border-t-brand-600 dark:border-t-brand-400"
        />
        {message}
      </p>
    </main>
  );
}

/** Shown by the admin routes while their guard asks the server who is signed in. */
export function CheckingAuthentication() {
  return <StatusScreen message="Checking authentication..." />;
}

/** A protected page reached without a session: say so, then go to the login page. */
export function RedirectingToLogin() {
  const navigateLater = useDelayedNavigate();
  useEffect(() => {
    // An MCP client's consent request comes back after the sign-in (docs/mcp.md).
    const { pathname, search } = window.location;
    const request = new URLSearchParams(search).get('request');
    if (pathname.replace(/\/$/, '') === '/admin/connect' && request)
      rememberConsentRequest(request);
    // Replace, so Back does not return to a page that would only redirect again.
    navigateLater('/admin/login', REDIRECT_PROTECTED_MS, { replace: true });
  }, [navigateLater]);
  return <StatusScreen message="Redirecting to login..." />;
}
