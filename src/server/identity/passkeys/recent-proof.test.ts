/**
 * Adding a passkey needs a recent proof (docs/passkeys.md, identity/recent-proof/recent-proof.ts):
 * a passkey outlives a password change, so a stolen session must not add one. Within 10 minutes
 * of the session's sign-in, or of the last time this session proved itself, no password is
 * asked; later the options call needs it, checked and counted like the Account screen's others.
 */
import { like } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import { beforeEach, describe, expect, it } from 'vitest';
import { passkeys, throttleEvents } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { webauthnChallengeKey } from '#server/platform/keys';
import { WRONG_PASSWORD } from '../recent-proof/prove-password';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { insertUser, PASSWORD } from '#tests/support/users';
import { failure } from '#tests/support/trpc-errors';
import { ceremonyCookieFrom, joinCookies, startRegistration } from '#tests/support/passkeys';
import { softwareAuthenticator } from '#tests/support/webauthn-authenticator';
import { RECENT_PROOF_MS } from '../recent-proof/recent-proof';
import { CHALLENGE_TTL_MS } from './challenge-cookie';

let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  deps = await createTestDeps();
  await insertUser(deps, 'alice');
  cookie = await signedInCookie(deps, 'alice');
});

const accountChecks = () =>
  deps.db
    .select()
    .from(throttleEvents)
    .where(like(throttleEvents.bucket, 'login-fail:account:%'))
    .all();

/** Registers a passkey with these options and cookies; answers the register call's headers. */
async function register(
  options: Awaited<ReturnType<typeof startRegistration>>['options'],
  cookies: string,
) {
  const { caller, ctx } = callerFor(deps, { cookie: cookies });
  await caller.passkeys.register({
    name: 'Key',
    response: softwareAuthenticator(deps.config.siteUrl).register(options),
  });
  return ctx.resHeaders;
}

describe('adding a passkey needs a recent sign-in or the password', { timeout: 30_000 }, () => {
  it('asks no password within 10 minutes of the sign-in', async () => {
    deps.clock.advance(RECENT_PROOF_MS - 1);
    const { options, ceremony } = await startRegistration(deps, cookie);
    await register(options, joinCookies(cookie, ceremony));
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);
  });

  it('later, refuses without the password, counts a wrong one and accepts the right one', async () => {
    deps.clock.advance(RECENT_PROOF_MS);
    const alice = callerFor(deps, { cookie });
    const missing = await failure(alice.caller.passkeys.registrationOptions());
    expect([missing.code, missing.message]).toEqual([
      'UNAUTHORIZED',
      ACCOUNT_MESSAGES.passwordNeeded,
    ]);
    expect(ceremonyCookieFrom(alice.ctx.resHeaders)).toBeNull();
    // Asking is no wrong password: nothing stays counted.
    expect(await accountChecks()).toEqual([]);

    const wrong = await failure(
      callerFor(deps, { cookie }).caller.passkeys.registrationOptions({ password: 'not it' }),
    );
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', WRONG_PASSWORD]);
    expect(await accountChecks()).toHaveLength(1);

    const { options, ceremony } = await startRegistration(deps, cookie, PASSWORD);
    expect(ceremony).toMatch(/^admin_webauthn=/);
    const headers = await register(options, joinCookies(cookie, ceremony));
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);

    // The answered ceremony's cookie is cleared: the spent challenge cannot be answered again.
    expect(ceremonyCookieFrom(headers)).toBe('');
    expect(
      (
        await failure(
          callerFor(deps, { cookie: joinCookies(cookie, ceremony) }).caller.passkeys.register({
            name: 'Again',
            response: softwareAuthenticator(deps.config.siteUrl).register(options),
          }),
        )
      ).code,
    ).toBe('CONFLICT');
    // The session keeps the proof: a second passkey within 10 minutes of the password needs
    // it no more.
    deps.clock.advance(RECENT_PROOF_MS - 1);
    const second = await startRegistration(deps, cookie);
    await register(second.options, joinCookies(cookie, second.ceremony));
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(2);
    deps.clock.advance(1);
    expect(
      (await failure(callerFor(deps, { cookie }).caller.passkeys.registrationOptions())).message,
    ).toBe(ACCOUNT_MESSAGES.passwordNeeded);
  });

  it('keeps the proof through a ceremony the browser cancelled, for this session only', async () => {
    // Another session of the same user, signed in as long ago.
    const other = await signedInCookie(deps, 'alice');
    deps.clock.advance(RECENT_PROOF_MS);
    const first = await startRegistration(deps, cookie, PASSWORD);
    // The browser's dialog was closed: the next try holds the first one's cookie.
    deps.clock.advance(CHALLENGE_TTL_MS);
    const retry = await startRegistration(deps, joinCookies(cookie, first.ceremony));
    await register(retry.options, joinCookies(cookie, retry.ceremony));
    // The other session cannot borrow the proof with a copy of the cookie.
    const borrowed = await failure(
      callerFor(deps, {
        cookie: joinCookies(other, first.ceremony),
      }).caller.passkeys.registrationOptions(),
    );
    expect(borrowed.message).toBe(ACCOUNT_MESSAGES.passwordNeeded);
  });

  it('refuses to store a passkey from a ceremony begun without the proof', async () => {
    const { options, ceremony } = await startRegistration(deps, cookie);
    const key = { password: webauthnChallengeKey(deps.config.sessionSecret), ttl: 300 };
    const made = await unsealData<Record<string, unknown>>(
      ceremony.slice(ceremony.indexOf('=') + 1),
      key,
    );
    expect(made).toMatchObject({ purpose: 'register', proof: expect.any(Number) });
    // The same ceremony as the options call made, but without the proof it recorded.
    const unproven = await sealData({ ...made, proof: undefined }, key);
    const refused = await failure(
      callerFor(deps, {
        cookie: joinCookies(cookie, `admin_webauthn=${unproven}`),
      }).caller.passkeys.register({
        name: 'Key',
        response: softwareAuthenticator(deps.config.siteUrl).register(options),
      }),
    );
    expect([refused.code, refused.message]).toEqual(['CONFLICT', PASSKEY_MESSAGES.noCeremony]);
    expect(await deps.db.select().from(passkeys).all()).toEqual([]);
  });
});
