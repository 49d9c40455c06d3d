import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import {
  auditEvents,
  passkeys,
  sessions,
  twoFactorChallenges,
  usedWebauthnChallenges,
  users,
} from '#db/schema';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { mailsSettled } from '#server/platform/mail';
import { pruneExpired } from '#server/maintenance/prune';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import {
  addPasskey,
  ceremonyCookieFrom,
  clearPassword,
  finishSignIn,
  joinCookies,
  provePasskey,
  startRegistration,
  startSignIn,
} from '#tests/support/passkeys';
import { otherKey, softwareAuthenticator } from '#tests/support/webauthn-authenticator';
import { CHALLENGE_TTL_MS } from './challenge-cookie';

let deps: TestDeps;
let mailer: RecordingMailer;
let cookie: string;
let aliceId: number;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
  aliceId = (await insertUser(deps, 'alice', 'alice@example.com')).id;
  cookie = await signedInCookie(deps, 'alice');
});

const audit = () =>
  deps.db
    .select({ action: auditEvents.action, actor: auditEvents.actor, target: auditEvents.target })
    .from(auditEvents)
    .orderBy(auditEvents.id)
    .all();

const storedPasskeys = () => deps.db.select().from(passkeys).orderBy(passkeys.id).all();

/** A whole passkey sign-in by a browser without a session; answers its cookies. */
async function signInWith(authenticator: ReturnType<typeof softwareAuthenticator>) {
  const { options, ceremony } = await startSignIn(deps);
  const { call, ctx } = finishSignIn(deps, authenticator.assert(options), ceremony);
  expect(await call).toEqual({ success: true });
  return ctx.resHeaders;
}

describe('passkey registration', { timeout: 30_000 }, () => {
  it('offers a discoverable credential with user verification and stores the verified one', async () => {
    const { options, ceremony } = await startRegistration(deps, cookie);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'alice', displayName: 'alice' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    });
    expect(ceremony).toMatch(/^admin_webauthn=Fe26/);
    // The options call stored nothing: the handle is kept only with the passkey.
    const before = await deps.db.select().from(users).where(eq(users.id, aliceId)).get();
    expect(before?.webauthnUserId).toBeNull();

    const authenticator = softwareAuthenticator(deps.config.siteUrl);
    const { caller, ctx } = callerFor(deps, { cookie: joinCookies(cookie, ceremony) });
    const answer = await caller.passkeys.register({
      name: '  Laptop  ',
      response: authenticator.register(options),
    });
    expect(answer).toEqual({
      success: true,
      passkey: {
        id: expect.any(Number),
        name: 'Laptop',
        createdAt: deps.clock.now().toISOString(),
        lastUsedAt: null,
      },
    });
    expect(ceremonyCookieFrom(ctx.resHeaders)).toBe('');
    const [row] = await storedPasskeys();
    expect(row).toMatchObject({
      userId: aliceId,
      credentialId: authenticator.credentialId,
      counter: 1,
      transports: '["internal"]',
      name: 'Laptop',
    });
    expect(row?.publicKey).toMatch(/^[\w-]{40,}$/);
    const after = await deps.db.select().from(users).where(eq(users.id, aliceId)).get();
    expect(after?.webauthnUserId).toBe(options.user.id);

    const account = await callerFor(deps, { cookie }).caller.account.get();
    expect(account.passkeys).toEqual([answer.passkey]);
    expect(await audit()).toEqual([
      { action: 'passkey_added', actor: 'alice', target: `passkey ${answer.passkey.id}` },
    ]);
    await mailsSettled(mailer);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: 'alice@example.com',
      subject: 'A passkey was added to your account',
    });
    expect(mailer.sent[0]?.text).toContain('"Laptop"');
    // What to do if it was not you: the passkey removed in the admin, then a new password;
    // the command line only when nobody can sign in.
    expect(mailer.sent[0]?.text).toContain(
      'under "Passkeys" press "Remove" beside "Laptop", then under "Password" choose a new one',
    );
    expect(mailer.sent[0]?.text).toContain(
      'Only if nobody can sign in to the admin any more: whoever runs the server types `npm run admin -- remove-passkeys alice`, then `npm run admin -- set-password alice`',
    );

    // The next registration excludes it and offers the same user handle.
    const next = await startRegistration(deps, cookie);
    expect(next.options.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(next.options.user.id).toBe(options.user.id);
  });

  it('refuses an answer without this session’s challenge, a replay, a wrong origin and no user verification', async () => {
    const authenticator = softwareAuthenticator(deps.config.siteUrl);
    const { options, ceremony } = await startRegistration(deps, cookie);
    const register = (cookies: string, response: unknown, name = 'Key') =>
      callerFor(deps, { cookie: cookies }).caller.passkeys.register({ name, response });

    const noCookie = await failure(register(cookie, authenticator.register(options)));
    expect([noCookie.code, noCookie.message]).toEqual(['CONFLICT', PASSKEY_MESSAGES.noCeremony]);
    // Another session of the same user (another browser) cannot answer it with a copied cookie.
    const otherSession = await signedInCookie(deps, 'alice');
    const copied = await failure(
      register(joinCookies(otherSession, ceremony), authenticator.register(options)),
    );
    expect(copied.code).toBe('CONFLICT');
    const wrongOrigin = await failure(
      register(
        joinCookies(cookie, ceremony),
        authenticator.register(options, { origin: 'https://evil.example' }),
      ),
    );
    expect([wrongOrigin.code, wrongOrigin.message]).toEqual([
      'BAD_REQUEST',
      PASSKEY_MESSAGES.notAdded,
    ]);
    const unverified = await failure(
      register(joinCookies(cookie, ceremony), authenticator.register(options, { verified: false })),
    );
    expect(unverified.code).toBe('BAD_REQUEST');
    const malformed = await failure(register(joinCookies(cookie, ceremony), { id: 'x' }));
    expect(malformed.code).toBe('BAD_REQUEST');
    expect(await issuesOf(register(joinCookies(cookie, ceremony), {}, ' '))).toEqual([
      { path: 'name', message: PASSKEY_MESSAGES.name },
    ]);
    expect(
      await issuesOf(register(joinCookies(cookie, ceremony), {}, 'x'.repeat(61))),
    ).toHaveLength(1);

    const response = authenticator.register(options);
    await register(joinCookies(cookie, ceremony), response);
    const replay = await failure(register(joinCookies(cookie, ceremony), response));
    expect(replay.code).toBe('CONFLICT');
    expect(await storedPasskeys()).toHaveLength(1);
  });

  it('refuses an expired registration challenge and a second copy of the same credential', async () => {
    const authenticator = softwareAuthenticator(deps.config.siteUrl);
    const first = await startRegistration(deps, cookie);
    deps.clock.advance(CHALLENGE_TTL_MS);
    const expired = await failure(
      callerFor(deps, { cookie: joinCookies(cookie, first.ceremony) }).caller.passkeys.register({
        name: 'Key',
        response: authenticator.register(first.options),
      }),
    );
    expect(expired.code).toBe('CONFLICT');

    const second = await startRegistration(deps, cookie);
    await callerFor(deps, {
      cookie: joinCookies(cookie, second.ceremony),
    }).caller.passkeys.register({
      name: 'Key',
      response: authenticator.register(second.options),
    });
    const third = await startRegistration(deps, cookie);
    const again = await failure(
      callerFor(deps, { cookie: joinCookies(cookie, third.ceremony) }).caller.passkeys.register({
        name: 'Key again',
        response: authenticator.register(third.options),
      }),
    );
    expect([again.code, again.message]).toEqual(['CONFLICT', PASSKEY_MESSAGES.alreadyAdded]);
  });

  it('stores a credential id of WebAuthn’s longest (1023 bytes), which then signs in; refuses a longer one', async () => {
    const longest = softwareAuthenticator(deps.config.siteUrl, { idBytes: 1023 });
    const first = await startRegistration(deps, cookie);
    await callerFor(deps, { cookie: joinCookies(cookie, first.ceremony) }).caller.passkeys.register(
      { name: 'Long', response: longest.register(first.options) },
    );
    expect(longest.credentialId).toHaveLength(1364);
    await signInWith(longest);

    const tooLong = softwareAuthenticator(deps.config.siteUrl, { idBytes: 1024 });
    const second = await startRegistration(deps, cookie);
    const refused = await failure(
      callerFor(deps, {
        cookie: joinCookies(cookie, second.ceremony),
      }).caller.passkeys.register({ name: 'Longer', response: tooLong.register(second.options) }),
    );
    expect([refused.code, refused.message]).toEqual(['BAD_REQUEST', PASSKEY_MESSAGES.notAdded]);
    expect((await storedPasskeys()).map((p) => p.name)).toEqual(['Long']);
  });

  it('needs a signed-in administrator', async () => {
    const anonymous = callerFor(deps).caller;
    expect((await failure(anonymous.passkeys.registrationOptions())).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.passkeys.register({ name: 'x', response: {} }))).code).toBe(
      'UNAUTHORIZED',
    );
    expect((await failure(anonymous.passkeys.remove({ id: 1 }))).code).toBe('UNAUTHORIZED');
  });
});

describe('passkey sign-in', { timeout: 30_000 }, () => {
  it('signs in with the passkey alone: session, device cookie, counter, last use, audit', async () => {
    const { authenticator, id } = await addPasskey(deps, cookie);
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    const spent = () => deps.db.select().from(usedWebauthnChallenges).all();
    expect(await spent()).toHaveLength(1); // the registration's
    const { options, ceremony } = await startSignIn(deps);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    // The public options call wrote nothing.
    expect(await spent()).toHaveLength(1);

    deps.clock.advance(60_000);
    const { call, ctx } = finishSignIn(deps, authenticator.assert(options), ceremony);
    expect(await call).toEqual({ success: true });
    const session = sessionCookieFrom(ctx.resHeaders);
    expect(session).toBeTruthy();
    expect(ctx.resHeaders.getSetCookie().some((c) => c.startsWith('admin_device='))).toBe(true);
    expect(ceremonyCookieFrom(ctx.resHeaders)).toBe('');
    const account = await callerFor(deps, { cookie: session ?? '' }).caller.account.get();
    expect(account.user.username).toBe('alice');
    expect(account.passkeys[0]?.lastUsedAt).toBe(deps.clock.now().toISOString());
    expect((await storedPasskeys())[0]?.counter).toBe(2);
    expect((await audit()).at(-1)).toEqual({
      action: 'sign_in',
      actor: 'alice',
      target: `passkey ${id}`,
    });
    // No code was mailed: the passkey with user verification is the whole sign-in.
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([]);
    expect(deps.logger.lines.join('\n')).not.toContain(options.challenge);
  });

  it('refuses a replayed assertion, also when 20 copies arrive together', async () => {
    // Without a counter (always 0), only the spent challenge tells a replay apart.
    const { authenticator } = await addPasskey(deps, cookie, 'Key', { counts: false });
    const { options, ceremony } = await startSignIn(deps);
    const response = authenticator.assert(options);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        callerFor(deps, { cookie: ceremony, ip: `198.51.100.${i + 1}` }).caller.passkeys.signIn({
          response,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await deps.db.select().from(sessions).where(eq(sessions.userId, aliceId)).all(),
    ).toHaveLength(2);
    const replay = await failure(finishSignIn(deps, response, ceremony).call);
    expect([replay.code, replay.message]).toEqual(['UNAUTHORIZED', PASSKEY_MESSAGES.signInFailed]);
    expect((await audit()).filter((e) => e.action === 'sign_in')).toHaveLength(1);
    expect((await audit()).at(-1)).toMatchObject({ action: 'sign_in_failed', actor: 'alice' });
  });

  it('refuses a wrong origin, a wrong RP ID, a foreign key’s signature and no user verification', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    for (const tweaks of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { signingKey: otherKey() },
      { verified: false },
    ]) {
      const { options, ceremony } = await startSignIn(deps);
      const { call, ctx } = finishSignIn(deps, authenticator.assert(options, tweaks), ceremony);
      const refused = await failure(call);
      expect([refused.code, refused.message]).toEqual([
        'UNAUTHORIZED',
        PASSKEY_MESSAGES.signInFailed,
      ]);
      expect(sessionCookieFrom(ctx.resHeaders)).toBeNull();
    }
    const failed = (await audit()).filter((e) => e.action === 'sign_in_failed');
    expect(failed).toHaveLength(4);
    expect(failed.every((e) => e.actor === 'alice')).toBe(true);
  });

  it('refuses an unknown credential and a malformed answer, and audits neither', async () => {
    await addPasskey(deps, cookie);
    const stranger = softwareAuthenticator(deps.config.siteUrl);
    const first = await startSignIn(deps);
    expect(
      (await failure(finishSignIn(deps, stranger.assert(first.options), first.ceremony).call)).code,
    ).toBe('UNAUTHORIZED');
    const second = await startSignIn(deps);
    expect((await failure(finishSignIn(deps, { id: 'x' }, second.ceremony).call)).code).toBe(
      'UNAUTHORIZED',
    );
    const anonymous = callerFor(deps, { cookie: second.ceremony }).caller;
    expect((await failure(anonymous.passkeys.signIn(undefined))).code).toBe('UNAUTHORIZED');
    // None of these named a passkey of anyone's: nothing for the audit log.
    expect((await audit()).filter((e) => e.action === 'sign_in_failed')).toEqual([]);
  });

  it('refuses the challenge of another browser, an expired one and a registration’s', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    const { options } = await startSignIn(deps);
    // Another browser: it holds no ceremony cookie.
    expect((await failure(finishSignIn(deps, authenticator.assert(options)).call)).code).toBe(
      'UNAUTHORIZED',
    );
    const late = await startSignIn(deps);
    deps.clock.advance(CHALLENGE_TTL_MS);
    expect(
      (await failure(finishSignIn(deps, authenticator.assert(late.options), late.ceremony).call))
        .code,
    ).toBe('UNAUTHORIZED');
    // Another ceremony's challenge, answered with this browser's cookie: refused, and neither
    // challenge reaches the log.
    const mine = await startSignIn(deps);
    const theirs = await startSignIn(deps);
    expect(
      (await failure(finishSignIn(deps, authenticator.assert(theirs.options), mine.ceremony).call))
        .code,
    ).toBe('UNAUTHORIZED');
    const logged = deps.logger.lines.join('\n');
    expect(logged).toContain('wrong challenge');
    expect(logged).not.toContain(mine.options.challenge);
    expect(logged).not.toContain(theirs.options.challenge);
    const registration = await startRegistration(deps, cookie);
    const mixed = authenticator.assert({
      challenge: registration.options.challenge,
      rpId: 'localhost',
    });
    expect((await failure(finishSignIn(deps, mixed, registration.ceremony).call)).code).toBe(
      'UNAUTHORIZED',
    );
    expect(
      await deps.db.select().from(sessions).where(eq(sessions.userId, aliceId)).all(),
    ).toHaveLength(1);
  });

  it('refuses a removed passkey at once, and a user who has no password (an invitee)', async () => {
    const { authenticator, id } = await addPasskey(deps, cookie);
    await signInWith(authenticator);
    await provePasskey(deps, cookie, authenticator);
    await callerFor(deps, { cookie }).caller.passkeys.remove({ id });
    const { options, ceremony } = await startSignIn(deps);
    expect(
      (await failure(finishSignIn(deps, authenticator.assert(options), ceremony).call)).code,
    ).toBe('UNAUTHORIZED');

    const second = await addPasskey(deps, cookie, 'Phone');
    await clearPassword(deps, aliceId);
    const again = await startSignIn(deps);
    expect(
      (
        await failure(
          finishSignIn(deps, second.authenticator.assert(again.options), again.ceremony).call,
        )
      ).code,
    ).toBe('UNAUTHORIZED');
  });

  it('refuses a counter that did not move forward, and accepts an authenticator without one', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    await signInWith(authenticator);
    const { options, ceremony } = await startSignIn(deps);
    const refused = await failure(
      finishSignIn(
        deps,
        authenticator.assert(options, { counter: authenticator.counter }),
        ceremony,
      ).call,
    );
    expect(refused.code).toBe('UNAUTHORIZED');
    const regressed = deps.logger.lines.find((line) =>
      line.includes('auth.passkey_counter_regressed'),
    );
    // With the address it came from, for the owner who looks into it.
    expect(regressed).toContain('"ip":"203.0.113.0/24"');
    expect((await audit()).at(-1)).toMatchObject({ action: 'sign_in_failed', actor: 'alice' });
    expect((await storedPasskeys())[0]?.counter).toBe(2);

    const noCounter = softwareAuthenticator(deps.config.siteUrl, { counts: false });
    const { options: regOptions, ceremony: regCeremony } = await startRegistration(deps, cookie);
    await callerFor(deps, { cookie: joinCookies(cookie, regCeremony) }).caller.passkeys.register({
      name: 'Security key',
      response: noCounter.register(regOptions),
    });
    await signInWith(noCounter);
    await signInWith(noCounter);
  });

  it('ends the browser’s pending code sign-in, and throttles failures by address', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    const pending = callerFor(deps, { ip: '198.51.100.9' });
    expect(
      (await pending.caller.admin.login({ username: 'alice', password: PASSWORD }))
        .requiresTwoFactor,
    ).toBe(true);
    const pendingCookie = sessionCookieFrom(pending.ctx.resHeaders);
    expect(await deps.db.select().from(twoFactorChallenges).all()).toHaveLength(1);
    const { options, ceremony } = await startSignIn(deps, pendingCookie ?? undefined);
    await finishSignIn(deps, authenticator.assert(options), pendingCookie, ceremony).call;
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);

    const forged = async () => {
      const next = await startSignIn(deps);
      return failure(
        callerFor(deps, { cookie: next.ceremony, ip: '192.0.2.1' }).caller.passkeys.signIn({
          response: authenticator.assert(next.options, { signingKey: otherKey() }),
        }),
      );
    };
    for (let i = 0; i < 10; i++) expect((await forged()).code).toBe('UNAUTHORIZED');
    expect((await forged()).code).toBe('TOO_MANY_REQUESTS');
    // Another address is not held back.
    await signInWith(authenticator);
  });

  it('spends the challenge on a refused answer: the same cookie then refuses a good one', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    const { options, ceremony } = await startSignIn(deps);
    const forged = authenticator.assert(options, { signingKey: otherKey() });
    expect((await failure(finishSignIn(deps, forged, ceremony).call)).code).toBe('UNAUTHORIZED');
    const { call, ctx } = finishSignIn(deps, authenticator.assert(options), ceremony);
    expect((await failure(call)).code).toBe('UNAUTHORIZED');
    expect(sessionCookieFrom(ctx.resHeaders)).toBeNull();
    // Also after a malformed answer and an unknown credential.
    for (const first of [{ id: 'x' }, softwareAuthenticator(deps.config.siteUrl).assert(options)]) {
      const next = await startSignIn(deps);
      await failure(finishSignIn(deps, first, next.ceremony).call);
      expect(
        (await failure(finishSignIn(deps, authenticator.assert(next.options), next.ceremony).call))
          .code,
      ).toBe('UNAUTHORIZED');
    }
    await signInWith(authenticator);
  });

  it('refuses an assertion without the user handle, or with another one', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    const other = await addPasskey(deps, await signedInCookie(deps, 'bob'), 'Bob’s');
    for (const userHandle of [null, other.authenticator.userHandle, 'AAAA']) {
      const { options, ceremony } = await startSignIn(deps);
      const { call, ctx } = finishSignIn(
        deps,
        authenticator.assert(options, { userHandle }),
        ceremony,
      );
      const refused = await failure(call);
      expect([refused.code, refused.message]).toEqual([
        'UNAUTHORIZED',
        PASSKEY_MESSAGES.signInFailed,
      ]);
      expect(sessionCookieFrom(ctx.resHeaders)).toBeNull();
    }
    expect(deps.logger.lines.join('\n')).toContain('no user handle');
    expect((await audit()).filter((e) => e.action === 'sign_in_failed')).toHaveLength(3);
    await signInWith(authenticator);
  });

  it('refuses a passkey whose user has no stored handle, even with no handle sent', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ webauthnUserId: null }).where(eq(users.id, aliceId)),
    );
    const { options, ceremony } = await startSignIn(deps);
    expect(
      (
        await failure(
          finishSignIn(deps, authenticator.assert(options, { userHandle: null }), ceremony).call,
        )
      ).code,
    ).toBe('UNAUTHORIZED');
  });

  it('prunes used challenges once they could no longer be presented', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    await signInWith(authenticator);
    expect(await deps.db.select().from(usedWebauthnChallenges).all()).toHaveLength(2);
    const settings = { siteTimezone: 'UTC', analyticsRetentionDays: 90 };
    await pruneExpired(deps.db, deps.clock.now(), settings);
    expect(await deps.db.select().from(usedWebauthnChallenges).all()).toHaveLength(2);
    await pruneExpired(
      deps.db,
      new Date(deps.clock.now().getTime() + CHALLENGE_TTL_MS + 1),
      settings,
    );
    expect(await deps.db.select().from(usedWebauthnChallenges).all()).toEqual([]);
  });
});

describe('renaming and removing passkeys', { timeout: 30_000 }, () => {
  it('renames and removes only the user’s own; another’s id is a 404', async () => {
    const { id, authenticator } = await addPasskey(deps, cookie);
    await insertUser(deps, 'bob');
    const bobCookie = await signedInCookie(deps, 'bob');
    const { id: bobsId } = await addPasskey(deps, bobCookie, 'Bob’s key');
    const alice = callerFor(deps, { cookie }).caller;

    expect(await alice.passkeys.rename({ id, name: ' Work laptop ' })).toEqual({ success: true });
    expect((await alice.account.get()).passkeys.map((p) => p.name)).toEqual(['Work laptop']);
    // Called one at a time: a refusal is not left unawaited while another is judged.
    for (const call of [
      () => alice.passkeys.rename({ id: bobsId, name: 'Mine now' }),
      () => alice.passkeys.remove({ id: bobsId }),
      () => alice.passkeys.remove({ id: 9999 }),
    ]) {
      const error = await failure(call());
      expect([error.code, error.message]).toEqual(['NOT_FOUND', PASSKEY_MESSAGES.unknown]);
    }
    expect(await issuesOf(alice.passkeys.rename({ id, name: '' }))).toEqual([
      { path: 'name', message: PASSKEY_MESSAGES.name },
    ]);
    await provePasskey(deps, cookie, authenticator);
    expect(await alice.passkeys.remove({ id })).toEqual({ success: true });
    expect((await alice.account.get()).passkeys).toEqual([]);
    expect((await storedPasskeys()).map((p) => p.name)).toEqual(['Bob’s key']);
    expect((await audit()).filter((e) => e.action === 'passkey_removed')).toEqual([
      { action: 'passkey_removed', actor: 'alice', target: `passkey ${id}` },
    ]);
  });
});
