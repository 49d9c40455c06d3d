import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage, isBadRequest, isUnauthorized } from '../ui/errors';
import { useForgetAdminData, useMarkSignedOut } from '../session/session';

/**
 * After a 401 from a form that checks the password (errors.ts, OWN_UNAUTHORIZED): reads the
 * account again, bypassing the cache. An answer means the session lives and the 401 was the
 * password: 'alive'. A 401 means the session has ended: that read's error reaches the shell's
 * watcher, which sends the visitor to the login page as for any other screen: 'ended'.
 * Anything else (the server unreachable) is handed back to be shown.
 */
export function useConfirmSessionAlive() {
  const utils = trpc.useUtils();
  return useCallback(async (): Promise<'alive' | 'ended' | { failed: unknown }> => {
    try {
      await utils.account.get.fetch(undefined, { staleTime: 0 });
      return 'alive';
    } catch (error) {
      return isUnauthorized(error) ? 'ended' : { failed: error };
    }
  }, [utils]);
}

/**
 * This browser's own session ended from the Account screen: signed out as by Logout, at once
 * (the person confirmed it), to the login page. Nothing is read again first: every read now
 * answers 401 and would add a "Session ended" toast to this one.
 */
export function useLeaveAfterOwnSessionEnded() {
  const navigate = useNavigate();
  const markSignedOut = useMarkSignedOut();
  const forget = useForgetAdminData();
  return useCallback(() => {
    markSignedOut();
    toast({ title: 'Signed out', description: 'This browser’s session has ended.' });
    void navigate({ to: '/admin/login', replace: true }).then(forget);
  }, [navigate, markSignedOut, forget]);
}

/** What a refused password-checked change means for the form that sent it. */
export type Refusal =
  | { kind: 'wrongPassword'; message: string }
  | { kind: 'badInput'; message: string }
  | { kind: 'sessionEnded' }
  | { kind: 'failed'; message: string };

/**
 * Sorts the error of a mutation sent with OWN_UNAUTHORIZED: a 401 is a wrong password only
 * while the session still lives (useConfirmSessionAlive); a 400 is the input; anything else
 * (429 throttled, 503 busy, the network) is shown as it is.
 */
export function useExplainRefusal() {
  const confirmSessionAlive = useConfirmSessionAlive();
  return useCallback(
    async (error: unknown): Promise<Refusal> => {
      if (isBadRequest(error)) return { kind: 'badInput', message: errorMessage(error) };
      if (!isUnauthorized(error)) return { kind: 'failed', message: errorMessage(error) };
      const session = await confirmSessionAlive();
      if (session === 'alive') return { kind: 'wrongPassword', message: errorMessage(error) };
      if (session === 'ended') return { kind: 'sessionEnded' };
      return { kind: 'failed', message: errorMessage(session.failed) };
    },
    [confirmSessionAlive],
  );
}
