import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/routers';
import type { QueryUtils } from '../lib/trpc';

/** This module runs in route guards, which sit in the main bundle: keep it tiny. */
export type AdminCheck = inferRouterOutputs<AppRouter>['admin']['check'];

export const SIGNED_OUT: AdminCheck = {
  authenticated: false,
  username: null,
  awaitingTwoFactor: false,
};

/**
 * The session as the server last reported it. The cached answer is reused while moving
 * around the admin area: sign-in, sign-out and any 401 update it, and a page load starts
 * empty, so every fresh visit asks the server once. A failed check (never retried) counts as
 * signed out, which sends the visitor to the login page.
 */
export async function readAuth(utils: QueryUtils): Promise<AdminCheck> {
  try {
    return await utils.admin.check.ensureData();
  } catch {
    return SIGNED_OUT;
  }
}
