/** An authenticator app for tests: codes made with otplib's own functions at a chosen time. */
import { generate } from 'otplib';
import type { AppDeps } from '#server/http/trpc';
import { callerFor } from './app';
import { PASSWORD, sessionCookieFrom } from './users';

/** The app's code for the moment `at` (the test clock's now, or a step away from it). */
export function totpCodeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Signs in with the password alone (a user without a second factor) and answers the cookie. */
export async function passwordSession(deps: AppDeps, username: string): Promise<string> {
  const { caller, ctx } = callerFor(deps);
  await caller.admin.login({ username, password: PASSWORD });
  return sessionCookieFrom(ctx.resHeaders) ?? '';
}

/**
 * Sets up and turns on the authenticator app for the user signed in with `cookie`, at the
 * clock's now; answers the secret and the recovery codes.
 */
export async function enableTotpFor(deps: AppDeps, cookie: string) {
  const { caller } = callerFor(deps, { cookie });
  const { secret } = await caller.secondFactor.totpSetup({ password: PASSWORD });
  const code = await totpCodeAt(secret, deps.clock.now());
  const { recoveryCodes } = await caller.secondFactor.totpEnable({ code });
  return { secret, recoveryCodes };
}
