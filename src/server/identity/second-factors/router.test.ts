/**
 * The authenticator app and recovery codes through createCaller: set-up, sign-in with the
 * app's code (single use, a 30 s step either side), recovery codes, turning off, and the
 * caps on guesses. Codes are made with otplib's own functions at the test clock's time.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { sessions, totpCredentials, twoFactorChallenges, users } from '#db/schema';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { mailsSettled } from '#server/platform/mail';
import { enableTotpFor, passwordSession, totpCodeAt } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { signInRulesUnchanged } from '../sessions/session-start-end';
import { NO_TOTP_SETUP, TOTP_ALREADY_ON, TOTP_NOT_ON, WRONG_TOTP_CODE } from './router';
import { saveSiteName } from '#tests/support/content';
import { replaceRecoveryCodes } from './recovery-codes';
import { openTotpSecret, sealTotpSecret } from './totp-secret';

const STEP_MS = 30_000;

let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
});

/** Password step of a sign-in: the answer and the cookie of the pending login. */
async function login(username = 'alice', ip = '203.0.113.7') {
  const { caller, ctx } = callerFor(deps, { ip });
  const result = await caller.admin.login({ username, password: PASSWORD });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

async function verify(cookie: string, code: string) {
  const { caller, ctx } = callerFor(deps, { cookie });
  const result = await caller.admin.verifyCode({ code });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

async function recover(cookie: string, code: string) {
  const { caller, ctx } = callerFor(deps, { cookie });
  const result = await caller.admin.recoveryCode({ code });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

/** alice, signed in (no second factor yet), with the app turned on; the clock a step later. */
async function aliceWithTotp(email: string | null = null) {
  const alice = await insertUser(deps, 'alice');
  const cookie = await passwordSession(deps, 'alice');
  const enabled = await enableTotpFor(deps, cookie);
  // The address (kept for notices) comes after: with it, the sign-in above needed a code.
  if (email) {
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ email }).where(eq(users.id, alice.id)),
    );
  }
  // The code that confirmed the set-up used this step: the next sign-in is a step later.
  deps.clock.advance(STEP_MS);
  return { ...enabled, cookie };
}

describe('setting up the authenticator app', () => {
  it('answers a base32 secret and an otpauth address, sealed at rest, on only once confirmed', async () => {
    await insertUser(deps, 'alice');
    const cookie = await passwordSession(deps, 'alice');
    const { caller } = callerFor(deps, { cookie });
    const setup = await caller.secondFactor.totpSetup({ password: PASSWORD });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+:alice\?/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toContain('issuer=');
    const row = await deps.db.select().from(totpCredentials).get();
    expect(row?.enabledAt).toBeNull();
    expect(row?.secret).not.toContain(setup.secret);
    expect(openTotpSecret(deps.config.sessionSecret, row?.userId ?? 0, row?.secret ?? '')).toBe(
      setup.secret,
    );
    // A pending set-up changes nothing at sign-in.
    expect((await caller.account.get()).secondFactor).toBe('none');
    expect((await login()).result).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: false,
    });

    const code = await totpCodeAt(setup.secret, deps.clock.now());
    const wrong = await failure(
      caller.secondFactor.totpEnable({ code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong).toMatchObject({
      code: 'BAD_REQUEST',
      message: `${WRONG_TOTP_CODE} 4 tries left.`,
    });
    const { recoveryCodes } = await caller.secondFactor.totpEnable({ code });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const each of recoveryCodes) expect(each).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    expect(await caller.account.get()).toMatchObject({
      secondFactor: 'totp',
      recoveryCodesLeft: 10,
    });
    expect((await caller.users.list())[0]?.secondFactor).toBe('totp');
    // Stored hashed only.
    const stored = JSON.stringify(await deps.db.select().from(totpCredentials).all());
    for (const each of recoveryCodes) expect(stored).not.toContain(each);

    expect(await failure(caller.secondFactor.totpSetup({ password: PASSWORD }))).toMatchObject({
      code: 'CONFLICT',
      message: TOTP_ALREADY_ON,
    });
    expect(await failure(caller.secondFactor.totpEnable({ code }))).toMatchObject({
      code: 'CONFLICT',
      message: NO_TOTP_SETUP,
    });
    const entries = await auditEntries(deps.db);
    expect(entries.filter((e) => e.action === 'totp_enabled')).toHaveLength(1);
    const everything = JSON.stringify(entries) + deps.logger.lines.join('\n');
    expect(everything).not.toContain(setup.secret);
    for (const each of [code, ...recoveryCodes]) expect(everything).not.toContain(each);
  });

  it('ends the other sessions and pending sign-ins, keeps this one, and tells the address', async () => {
    await insertUser(deps, 'alice', 'alice@example.com');
    // Signed in twice (e-mailed codes), then a third sign-in left waiting for its code.
    const signIn = async () => {
      const pending = await login();
      const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
      return (await verify(pending.cookie, code)).cookie;
    };
    const here = await signIn();
    const elsewhere = await signIn();
    await login();
    const sent = mailer.sent.length;
    await enableTotpFor(deps, here);
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    expect((await callerFor(deps, { cookie: elsewhere }).caller.admin.check()).authenticated).toBe(
      false,
    );
    expect((await callerFor(deps, { cookie: here }).caller.admin.check()).authenticated).toBe(true);
    await expect.poll(() => mailer.sent.length).toBe(sent + 1);
    expect(mailer.sent.at(-1)).toMatchObject({
      to: 'alice@example.com',
      subject: 'An authenticator app was turned on',
    });
  });

  it('notices an app turned on while a sign-in waited for its password hash', async () => {
    await insertUser(deps, 'alice');
    const user = await deps.db.select().from(users).where(eq(users.username, 'alice')).get();
    if (!user) throw new Error('no user');
    const read = { id: user.id, password: user.password, email: user.email };
    expect(await writeTransaction(deps.db, (tx) => signInRulesUnchanged(tx, read, false))).toBe(
      true,
    );
    await enableTotpFor(deps, await passwordSession(deps, 'alice'));
    expect(await writeTransaction(deps.db, (tx) => signInRulesUnchanged(tx, read, false))).toBe(
      false,
    );
    expect(await writeTransaction(deps.db, (tx) => signInRulesUnchanged(tx, read, true))).toBe(
      true,
    );
  });
});

describe('signing in with the app', () => {
  it('asks for the app (no mail) with TOTP on, and for the e-mailed code otherwise', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    expect((await login('erin')).result).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'email',
    });
    expect(mailer.sent).toHaveLength(1);
    mailer.sent.length = 0;
    await aliceWithTotp('alice@example.com');
    // alice's first factor was announced to erin (identity/administrators/admin-notice.ts).
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    const { result } = await login();
    expect(result).toEqual({ success: true, requiresTwoFactor: true, method: 'totp' });
    expect(mailer.sent).toEqual([]);
    const challenges = await deps.db.select().from(twoFactorChallenges).all();
    expect(challenges.map((c) => c.method).sort()).toEqual(['email', 'totp']);
  });

  it('accepts the current code once, and refuses it replayed', async () => {
    const { secret } = await aliceWithTotp();
    const pending = await login();
    const code = await totpCodeAt(secret, deps.clock.now());
    const signedIn = await verify(pending.cookie, code);
    expect(signedIn.result).toEqual({ success: true });
    expect(
      (await callerFor(deps, { cookie: signedIn.cookie }).caller.admin.check()).authenticated,
    ).toBe(true);

    const again = await login();
    const replay = await failure(
      callerFor(deps, { cookie: again.cookie }).caller.admin.verifyCode({ code }),
    );
    expect(replay).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong code. 4 tries left of 5. If you just used this code, wait for the next one.',
    });
    const entries = await auditEntries(deps.db);
    expect(entries.filter((e) => e.action === 'sign_in')).toHaveLength(2);
    expect(entries.at(-1)).toMatchObject({ action: 'sign_in_failed', actor: 'alice' });
  });

  it('refuses at sign-in the code that just turned the app on (its step is used)', async () => {
    await insertUser(deps, 'alice');
    const { caller } = callerFor(deps, { cookie: await passwordSession(deps, 'alice') });
    const { secret } = await caller.secondFactor.totpSetup({ password: PASSWORD });
    const code = await totpCodeAt(secret, deps.clock.now());
    await caller.secondFactor.totpEnable({ code });
    // Same moment, same code: only the stored last step tells it was used.
    const pending = await login();
    const replay = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({ code }),
    );
    expect(replay.code).toBe('UNAUTHORIZED');
    expect(
      (
        await verify(
          pending.cookie,
          await totpCodeAt(secret, new Date(deps.clock.now().getTime() + STEP_MS)),
        )
      ).result,
    ).toEqual({ success: true });
  });

  it('says which code a pending sign-in asks for, also after a reload', async () => {
    await aliceWithTotp();
    const pending = await login();
    expect(await callerFor(deps, { cookie: pending.cookie }).caller.admin.check()).toEqual({
      authenticated: false,
      username: 'alice',
      awaitingTwoFactor: true,
      pendingMethod: 'totp',
      setupRequired: false,
    });
  });

  it('words the last try and the cap for the app: no code was sent, none is to come', async () => {
    const { secret } = await aliceWithTotp();
    const pending = await login();
    const right = await totpCodeAt(secret, deps.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const { caller } = callerFor(deps, { cookie: pending.cookie });
    for (let n = 0; n < 4; n++) await failure(caller.admin.verifyCode({ code: wrong }));
    expect(await failure(caller.admin.verifyCode({ code: wrong }))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong code, and that was the last try. Please sign in again.',
    });
    for (let i = 0; i < 4; i++) await login();
    const capped = await failure(
      callerFor(deps).caller.admin.login({ username: 'alice', password: PASSWORD }),
    );
    expect(capped.code).toBe('TOO_MANY_REQUESTS');
    expect(capped.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
  });

  it('refuses a pending sign-in once the app is turned off meanwhile', async () => {
    const { secret, cookie, recoveryCodes } = await aliceWithTotp();
    const pending = await login();
    await callerFor(deps, { cookie }).caller.secondFactor.totpDisable({
      password: PASSWORD,
      code: recoveryCodes[0] ?? '',
    });
    const late = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({
        code: await totpCodeAt(secret, deps.clock.now()),
      }),
    );
    expect(late.code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(sessions).all()).toHaveLength(1);
  });

  it('logs an error when the stored secret does not open (SESSION_SECRET changed)', async () => {
    const { secret } = await aliceWithTotp();
    const row = await deps.db.select().from(totpCredentials).get();
    await writeTransaction(deps.db, (tx) =>
      tx.update(totpCredentials).set({
        secret: sealTotpSecret('another session secret of 32 chars!!', row?.userId ?? 0, secret),
      }),
    );
    const pending = await login();
    const refused = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({
        code: await totpCodeAt(secret, deps.clock.now()),
      }),
    );
    expect(refused.code).toBe('UNAUTHORIZED');
    const logged = deps.logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'totp.secret_unreadable' }),
    );
  });

  it('names the issuer without a colon, which would split the label', async () => {
    await saveSiteName(deps, 'Acme: AI Consulting');
    await insertUser(deps, 'alice');
    const { caller } = callerFor(deps, { cookie: await passwordSession(deps, 'alice') });
    const { otpauthUrl } = await caller.secondFactor.totpSetup({ password: PASSWORD });
    const url = new URL(otpauthUrl);
    expect(decodeURIComponent(url.pathname)).toBe('/Acme AI Consulting:alice');
    expect(url.searchParams.get('issuer')).toBe('Acme AI Consulting');
  });

  it('accepts one step of drift either way, not two', async () => {
    const { secret } = await aliceWithTotp();
    deps.clock.advance(10 * STEP_MS);
    const now = deps.clock.now().getTime();
    const pending = await login();
    const at = (steps: number) => totpCodeAt(secret, new Date(now + steps * STEP_MS));
    for (const far of [-2, 2]) {
      const error = await failure(
        callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({
          code: await at(far),
        }),
      );
      expect(error.code).toBe('UNAUTHORIZED');
    }
    expect((await verify(pending.cookie, await at(-1))).result).toEqual({ success: true });
    const next = await login();
    expect((await verify(next.cookie, await at(1))).result).toEqual({ success: true });
    // Step t+1 used: the current step's code is now older than the last one accepted.
    const third = await login();
    const error = await failure(
      callerFor(deps, { cookie: third.cookie }).caller.admin.verifyCode({ code: await at(0) }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('lets one of two requests racing with one code in', async () => {
    const { secret } = await aliceWithTotp();
    const first = await login();
    const code = await totpCodeAt(secret, deps.clock.now());
    // The same cookie twice at once (a double submit, or a thief who saw the code).
    const results = await Promise.allSettled([
      verify(first.cookie, code),
      verify(first.cookie, code),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const entries = await auditEntries(deps.db);
    expect(entries.filter((e) => e.action === 'sign_in')).toHaveLength(2);
  });

  it('judges at most 5 of 20 wrong codes sent at once; the challenge then ends', async () => {
    const { secret } = await aliceWithTotp();
    const pending = await login();
    const right = await totpCodeAt(secret, deps.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({ code: wrong }),
      ),
    );
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    const judged = (await auditEntries(deps.db)).filter((e) => e.action === 'sign_in_failed');
    expect(judged).toHaveLength(5);
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    const late = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({ code: right }),
    );
    expect(late.code).toBe('UNAUTHORIZED');
  });

  it('keeps the cap of 5 challenges per user in 15 minutes for the app too', async () => {
    await aliceWithTotp();
    for (let i = 0; i < 5; i++) await login();
    const sixth = await failure(
      callerFor(deps).caller.admin.login({ username: 'alice', password: PASSWORD }),
    );
    expect(sixth.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('recovery codes', () => {
  it('each works once, counts as a wrong code otherwise, and is audited', async () => {
    const { recoveryCodes } = await aliceWithTotp();
    const [first = '', second = ''] = recoveryCodes;
    const pending = await login();
    const signedIn = await recover(pending.cookie, first.toUpperCase().replace('-', ''));
    expect(signedIn.result).toEqual({ success: true, recoveryCodesLeft: 9 });
    expect(
      (await callerFor(deps, { cookie: signedIn.cookie }).caller.account.get()).recoveryCodesLeft,
    ).toBe(9);

    const again = await login();
    const used = await failure(
      callerFor(deps, { cookie: again.cookie }).caller.admin.recoveryCode({ code: first }),
    );
    expect(used).toMatchObject({ code: 'UNAUTHORIZED', message: 'Wrong code. 4 tries left of 5.' });
    expect((await recover(again.cookie, second)).result).toMatchObject({ success: true });
    const actions = (await auditEntries(deps.db)).map((e) => e.action);
    expect(actions.filter((a) => a === 'recovery_code_used')).toHaveLength(2);
    expect(actions.filter((a) => a === 'sign_in_failed')).toHaveLength(1);
  });

  it('warns when few are left', async () => {
    const { recoveryCodes } = await aliceWithTotp();
    let last: unknown;
    for (const code of recoveryCodes.slice(0, 7)) {
      last = (await recover((await login()).cookie, code)).result;
      deps.clock.advance(15 * 60_000); // past the cap of 5 sign-ins per 15 minutes
    }
    expect(last).toEqual({
      success: true,
      recoveryCodesLeft: 3,
      warning: 'Only 3 recovery codes are left: make new ones on the Account page.',
    });
  });

  it('are replaced by new ones (password needed): the old ones stop working, the address is told', async () => {
    const { recoveryCodes, cookie } = await aliceWithTotp('alice@example.com');
    const { caller } = callerFor(deps, { cookie });
    const wrong = await failure(
      caller.secondFactor.regenerateRecoveryCodes({ password: 'not it at all' }),
    );
    expect(wrong.code).toBe('UNAUTHORIZED');
    const fresh = await caller.secondFactor.regenerateRecoveryCodes({
      password: PASSWORD,
      code: recoveryCodes[5] ?? '',
    });
    expect(fresh.recoveryCodes).toHaveLength(10);
    await expect.poll(() => mailer.sent.at(-1)?.subject).toBe('New recovery codes were made');
    const pending = await login();
    const old = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.recoveryCode({
        code: recoveryCodes[0] ?? '',
      }),
    );
    expect(old.code).toBe('UNAUTHORIZED');
    expect((await recover(pending.cookie, fresh.recoveryCodes[0] ?? '')).result).toMatchObject({
      success: true,
    });
  });

  it('work for a user with the app and an address (the app, not e-mail, is asked for), and tell the address', async () => {
    const { recoveryCodes } = await aliceWithTotp('alice@example.com');
    const pending = await login();
    expect(pending.result).toMatchObject({ method: 'totp' });
    expect((await recover(pending.cookie, recoveryCodes[3] ?? '')).result).toMatchObject({
      success: true,
    });
    await expect
      .poll(() => mailer.sent.at(-1)?.subject)
      .toBe('A recovery code was used to sign in');
    expect(mailer.sent.at(-1)?.text).toContain('9 codes are left');
  });

  it('are refused for a sign-in that asks for an e-mailed code', async () => {
    const erin = await insertUser(deps, 'erin', 'erin@example.com');
    // Codes left over without the app (they never should be): still not a way in.
    const [code = ''] = await writeTransaction(deps.db, (tx) =>
      replaceRecoveryCodes(tx, deps.config.sessionSecret, erin.id, deps.clock.now()),
    );
    const pending = await login('erin');
    expect(pending.result).toMatchObject({ method: 'email' });
    const refused = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.recoveryCode({ code }),
    );
    expect(refused).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong code. 4 tries left of 5.',
    });
  });
});

describe('turning the app off', () => {
  it('needs the right password, then sign-in is as before and the codes are gone', async () => {
    const { cookie, recoveryCodes } = await aliceWithTotp('alice@example.com');
    const { caller } = callerFor(deps, { cookie });
    const wrong = await failure(caller.secondFactor.totpDisable({ password: 'not the password' }));
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'The password is wrong.' });
    expect((await caller.account.get()).secondFactor).toBe('totp');
    expect(
      await caller.secondFactor.totpDisable({ password: PASSWORD, code: recoveryCodes[1] ?? '' }),
    ).toEqual({ success: true });
    expect(await caller.account.get()).toMatchObject({
      secondFactor: 'email',
      recoveryCodesLeft: 0,
    });
    expect((await login()).result).toMatchObject({ method: 'email' });
    const pending = await login();
    expect(
      (
        await failure(
          callerFor(deps, { cookie: pending.cookie }).caller.admin.recoveryCode({
            code: recoveryCodes[0] ?? '',
          }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
    expect(await failure(caller.secondFactor.totpDisable({ password: PASSWORD }))).toMatchObject({
      code: 'CONFLICT',
      message: TOTP_NOT_ON,
    });
    expect((await auditEntries(deps.db)).filter((e) => e.action === 'totp_disabled')).toHaveLength(
      1,
    );
    await expect
      .poll(() => mailer.sent.map((m) => m.subject))
      .toContain('Your authenticator app was turned off');
  });
});
