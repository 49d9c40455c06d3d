/**
 * Turning a factor off (docs/second-factor.md): while the authenticator app is on, turning it
 * off, new recovery codes, removing the sign-in address and removing a passkey also need the
 * app's code or a recovery code, whose wrong tries count toward the day of 20 wrong sign-in
 * codes; and in production the last second factor stays (409).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { passkeys, sessions, throttleEvents, totpCredentials, users } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { enableTotpFor, passwordSession, totpCodeAt } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';
import { wrongCodesBucket } from '../ways-in/login-throttle';
import { ThrottledError } from '#server/platform/errors';
import { replaceRecoveryCodes } from './recovery-codes';

const STEP_MS = 30_000;

let deps: TestDeps;

const wrongCodes = (userId: number) =>
  deps.db
    .select()
    .from(throttleEvents)
    .where(eq(throttleEvents.bucket, wrongCodesBucket(userId)))
    .all();

/**
 * A stored passkey (no real key). Its user's sessions count as having confirmed a passkey
 * just now (identity/passkeys/passkey-proof.ts), as after the proof's ceremony.
 */
async function storePasskey(userId: number, name = 'Key') {
  await writeTransaction(deps.db, (tx) =>
    tx
      .update(sessions)
      .set({ factorProvenAt: deps.clock.now() })
      .where(eq(sessions.userId, userId)),
  );
  return writeTransaction(deps.db, (tx) =>
    tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: `cred-${name}`,
        publicKey: 'key',
        counter: 0,
        transports: '[]',
        name,
        createdAt: deps.clock.now(),
      })
      .returning()
      .get(),
  );
}

describe('while the app is on', { timeout: 60_000 }, () => {
  let cookie: string;
  let secret: string;
  let recoveryCodes: string[];
  let userId: number;

  beforeEach(async () => {
    deps = await createTestDeps();
    userId = (await insertUser(deps, 'alice')).id;
    cookie = await passwordSession(deps, 'alice');
    ({ secret, recoveryCodes } = await enableTotpFor(deps, cookie));
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ email: 'alice@example.com' }).where(eq(users.id, userId)),
    );
    deps.clock.advance(STEP_MS);
  });

  const alice = () => callerFor(deps, { cookie }).caller;

  it('turning the app off asks for its code (401), refuses a wrong one (400, counted), takes the right one', async () => {
    const missing = await failure(alice().secondFactor.totpDisable({ password: PASSWORD }));
    expect([missing.code, missing.message]).toEqual([
      'UNAUTHORIZED',
      ACCOUNT_MESSAGES.appCodeNeeded,
    ]);
    const right = await totpCodeAt(secret, deps.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await failure(
      alice().secondFactor.totpDisable({ password: PASSWORD, code: wrong }),
    );
    expect([refused.code, refused.message]).toEqual(['BAD_REQUEST', ACCOUNT_MESSAGES.wrongAppCode]);
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(1);
    expect((await alice().account.get()).secondFactor).toBe('totp');
    expect(await alice().secondFactor.totpDisable({ password: PASSWORD, code: right })).toEqual({
      success: true,
    });
    expect((await alice().account.get()).secondFactor).toBe('email');
  });

  it('new recovery codes, removing the address and removing a passkey ask for it too; a recovery code does', async () => {
    const { id } = await storePasskey(userId);
    expect(
      await failure(alice().secondFactor.regenerateRecoveryCodes({ password: PASSWORD })),
    ).toMatchObject({ message: ACCOUNT_MESSAGES.appCodeNeeded });
    expect(
      await failure(alice().account.changeEmail({ password: PASSWORD, email: null })),
    ).toMatchObject({ message: ACCOUNT_MESSAGES.appCodeNeeded });
    expect(await failure(alice().passkeys.remove({ id }))).toMatchObject({
      message: ACCOUNT_MESSAGES.appCodeNeeded,
    });
    const row = await deps.db.select().from(users).where(eq(users.id, userId)).get();
    expect(row?.email).toBe('alice@example.com');
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);

    await alice().passkeys.remove({ id, code: recoveryCodes[0] ?? '' });
    await alice().account.changeEmail({
      password: PASSWORD,
      email: null,
      code: recoveryCodes[1] ?? '',
    });
    // A recovery code works once.
    expect(
      await failure(
        alice().secondFactor.regenerateRecoveryCodes({
          password: PASSWORD,
          code: recoveryCodes[1] ?? '',
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await deps.db.select().from(passkeys).all()).toEqual([]);
  });

  it('refuses an unknown passkey (404) before judging any code: the sign-in stays open', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => alice().passkeys.remove({ id: 999, code: '000000' })),
    );
    const codes = answers.map((a) =>
      a.status === 'rejected' ? (a.reason as { code: string }).code : 'ok',
    );
    expect(codes).toEqual(Array.from({ length: 20 }, () => 'NOT_FOUND'));
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
    await expect(
      callerFor(deps).caller.admin.login({ username: 'alice', password: PASSWORD }),
    ).resolves.toMatchObject({ success: true });
  });

  it('counts wrong codes per session, not with the sign-in’s: 20 at once, 5 judged and 15 refused (429); the sign-in stays open', async () => {
    // Removing a passkey within 10 minutes of the sign-in: no password, no hash, only the code.
    const { id } = await storePasskey(userId);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => alice().passkeys.remove({ id, code: 'zzzzz-zzzzz' })),
    );
    const codes = answers.map((a) =>
      a.status === 'rejected' ? (a.reason as { code: string }).code : 'ok',
    );
    expect(codes.filter((c) => c === 'BAD_REQUEST')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(15);
    expect(await wrongCodes(userId)).toEqual([]);
    await expect(
      callerFor(deps).caller.admin.login({ username: 'alice', password: PASSWORD }),
    ).resolves.toMatchObject({ success: true });
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);
  });

  it('answers the sixth wrong code in 15 minutes with 429 and its wait; another session, or later, is judged', async () => {
    const { id } = await storePasskey(userId);
    for (let i = 0; i < 5; i += 1) {
      expect(await failure(alice().passkeys.remove({ id, code: 'zzzzz-zzzzz' }))).toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    const sixth = await failure(alice().passkeys.remove({ id, code: 'zzzzz-zzzzz' }));
    expect(sixth.code).toBe('TOO_MANY_REQUESTS');
    expect(sixth).toBeInstanceOf(ThrottledError);
    expect((sixth as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    // A right code is not judged either while the session's bucket is full.
    const right = await totpCodeAt(secret, deps.clock.now());
    expect(await failure(alice().passkeys.remove({ id, code: right }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    const other = await signedInCookie(deps, 'alice');
    expect(
      await failure(
        callerFor(deps, { cookie: other }).caller.passkeys.remove({ id, code: 'zzzzz-zzzzz' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    deps.clock.advance(15 * 60_000);
    expect(
      await failure(alice().passkeys.remove({ id, password: PASSWORD, code: 'zzzzz-zzzzz' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('in production, the last second factor', { timeout: 60_000 }, () => {
  let userId: number;
  let cookie: string;

  beforeEach(async () => {
    deps = await createTestDeps({ config: testConfig({ production: true }) });
    userId = (await insertUser(deps, 'alice', 'alice@example.com')).id;
    cookie = await signedInCookie(deps, 'alice');
  });

  const alice = () => callerFor(deps, { cookie }).caller;

  it('stays: removing the only address is refused (409); with a passkey beside it, it goes', async () => {
    const refused = await failure(alice().account.changeEmail({ password: PASSWORD, email: null }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', ACCOUNT_MESSAGES.lastFactor]);
    const row = await deps.db.select().from(users).where(eq(users.id, userId)).get();
    expect(row?.email).toBe('alice@example.com');
    const { id } = await storePasskey(userId);
    await alice().account.changeEmail({ password: PASSWORD, email: null });
    expect(await failure(alice().passkeys.remove({ id }))).toMatchObject({
      code: 'CONFLICT',
      message: ACCOUNT_MESSAGES.lastFactor,
    });
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);
  });

  it('stays when the address and the passkey are removed at once: one of the two is refused', async () => {
    const { id } = await storePasskey(userId);
    const answers = await Promise.allSettled([
      alice().account.changeEmail({ password: PASSWORD, email: null }),
      alice().passkeys.remove({ id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    const row = await deps.db.select().from(users).where(eq(users.id, userId)).get();
    const keys = await deps.db.select().from(passkeys).all();
    expect(Number(row?.email !== null) + keys.length).toBe(1);
  });

  it('stays: turning off an app that is the only factor is refused', async () => {
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ email: null }).where(eq(users.id, userId)),
    );
    await writeTransaction(deps.db, (tx) =>
      tx.insert(totpCredentials).values({
        userId,
        secret: 'unused',
        enabledAt: deps.clock.now(),
        lastStep: 0,
        createdAt: deps.clock.now(),
      }),
    );
    // The app's code is judged first; the unreadable secret here makes any code wrong, so
    // the refusal is seen through a recovery code instead.
    const [code = ''] = await writeTransaction(deps.db, (tx) =>
      replaceRecoveryCodes(tx, deps.config.sessionSecret, userId, deps.clock.now()),
    );
    const refused = await failure(alice().secondFactor.totpDisable({ password: PASSWORD, code }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', ACCOUNT_MESSAGES.lastFactor]);
    expect(await deps.db.select().from(totpCredentials).all()).toHaveLength(1);
  });
});
