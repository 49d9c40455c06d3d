/** Passkey ceremonies through createCaller, with the ceremony cookie carried like a browser. */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { users } from '#db/schema';
import type { AppDeps } from '#server/http/trpc';
import { callerFor } from './app';
import {
  softwareAuthenticator,
  type CeremonyTweaks,
  type SoftwareAuthenticator,
} from './webauthn-authenticator';

const CEREMONY_PAIR = /^((?:__Host-)?admin_webauthn)=([^;]*)/;

/** The Cookie pair of the ceremony cookie these response headers set ('' when cleared). */
export function ceremonyCookieFrom(headers: Headers): string | null {
  const last = headers
    .getSetCookie()
    .map((c) => CEREMONY_PAIR.exec(c))
    .filter((m) => m !== null)
    .at(-1);
  if (!last) return null;
  return last[2] === '' ? '' : `${last[1]}=${last[2]}`;
}

const joined = (...cookies: (string | null | undefined)[]) =>
  cookies.filter((c): c is string => !!c).join('; ');

/**
 * Registration options for the session of `cookie` (with the password, when given), and the
 * ceremony cookie they came with.
 */
export async function startRegistration(deps: AppDeps, cookie: string, password?: string) {
  const { caller, ctx } = callerFor(deps, { cookie });
  const { options } = await caller.passkeys.registrationOptions(
    password === undefined ? undefined : { password },
  );
  return { options, ceremony: ceremonyCookieFrom(ctx.resHeaders) ?? '' };
}

/** A new authenticator registered as a passkey of the session's user. */
export async function addPasskey(
  deps: AppDeps,
  cookie: string,
  name = 'Laptop',
  tweaks: CeremonyTweaks & { counts?: boolean } = {},
): Promise<{ authenticator: SoftwareAuthenticator; id: number }> {
  const authenticator = softwareAuthenticator(deps.config.siteUrl, { counts: tweaks.counts });
  const { options, ceremony } = await startRegistration(deps, cookie);
  const { caller } = callerFor(deps, { cookie: joined(cookie, ceremony) });
  const { passkey } = await caller.passkeys.register({
    name,
    response: authenticator.register(options, tweaks),
  });
  return { authenticator, id: passkey.id };
}

/** Sign-in options for a browser (holding `cookie`, if any), with its ceremony cookie. */
export async function startSignIn(deps: AppDeps, cookie?: string) {
  const { caller, ctx } = callerFor(deps, { cookie });
  const { options } = await caller.passkeys.signInOptions();
  return { options, ceremony: ceremonyCookieFrom(ctx.resHeaders) ?? '' };
}

/** Answers a sign-in ceremony as a browser holding these cookies; the context shows the result. */
export function finishSignIn(deps: AppDeps, response: unknown, ...cookies: (string | null)[]) {
  const { caller, ctx } = callerFor(deps, { cookie: joined(...cookies) });
  return { call: caller.passkeys.signIn({ response }), ctx };
}

export { joined as joinCookies };

/** Confirms `authenticator`'s passkey in the session of `cookie` (the passkey proof). */
export async function provePasskey(
  deps: AppDeps,
  cookie: string,
  authenticator: SoftwareAuthenticator,
): Promise<void> {
  const { caller, ctx } = callerFor(deps, { cookie });
  const { options } = await caller.passkeys.proofOptions();
  const ceremony = ceremonyCookieFrom(ctx.resHeaders);
  await callerFor(deps, { cookie: joined(cookie, ceremony) }).caller.passkeys.prove({
    response: authenticator.assert(options),
  });
}

/** Makes a user an invitee who has not chosen a password yet (docs/accounts.md). */
export function clearPassword(deps: AppDeps, userId: number) {
  return writeTransaction(deps.db, (tx) =>
    tx.update(users).set({ password: '' }).where(eq(users.id, userId)),
  );
}
