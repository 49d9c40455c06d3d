import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/app/app-router';
import type { QueryUtils } from '#client/lib/trpc';

/** This module runs in route guards, which sit in the main bundle: keep it tiny. */
export type AdminCheck = inferRouterOutputs<AppRouter>['admin']['check'];

export const SIGNED_OUT: AdminCheck = {
  authenticated: false,
  username: null,
  awaitingTwoFactor: false,
  pendingMethod: null,
  setupRequired: false,
};

/** A promise React's use() reads at once when it is already settled (no Suspense flash). */
type SettledPromise<T> = Promise<T> & { status: 'fulfilled'; value: T };

function settled<T>(value: T): SettledPromise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

/**
 * Started by the admin routes' beforeLoad: the cached answer when there is one, otherwise
 * the server's. The route hands the promise to its component, which shows "Checking
 * authentication..." while it is pending. (Awaiting it inside beforeLoad would leave the
 * page blank on a first visit: the router shows pending screens only below a settled root.)
 */
export function startAuthCheck(utils: QueryUtils): Promise<AdminCheck> {
  const cached = utils.admin.check.getData();
  return cached ? settled(cached) : readAuth(utils);
}

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
