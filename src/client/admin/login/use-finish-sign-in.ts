import { useState, type RefObject } from 'react';
import { REDIRECT_AFTER_LOGIN_MS } from '#shared/constants';
import { afterSignIn, useDelayedNavigate, useSetAuth } from '../session/session';

/**
 * Signed in: to the landing screen, whose guard sends a session signed in to the set-up of
 * a second factor only (production, a user without one) to the set-up screen instead.
 * `redirecting` is true from then on; the password held for a new code is dropped.
 */
export function useFinishSignIn(passwordRef: RefObject<string | null>) {
  const [redirecting, setRedirecting] = useState(false);
  const setAuth = useSetAuth();
  const navigateLater = useDelayedNavigate();
  const finishSignIn = (name: string, setupRequired = false) => {
    passwordRef.current = null;
    setRedirecting(true);
    setAuth({
      authenticated: true,
      username: name,
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired,
    });
    navigateLater(afterSignIn(), REDIRECT_AFTER_LOGIN_MS, { replace: true });
  };
  return { finishSignIn, redirecting };
}
