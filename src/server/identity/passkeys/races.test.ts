/**
 * Passkey writes racing other changes, made deterministic by running the change inside the
 * ceremony's own write just before it spends the challenge (as if another request committed
 * first), and the writes a refused sign-in costs, counted at the throttle's reservation.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '#db';
import { auditEvents, passkeys, sessions, throttleEvents, users } from '#db/schema';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { endAllSessionsOf } from '../sessions/session-start-end';
import type * as Store from './store';
import type * as Throttle from '#server/platform/throttle';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, sessionCookieFrom } from '#tests/support/users';
import {
  addPasskey,
  finishSignIn,
  joinCookies,
  startRegistration,
  startSignIn,
} from '#tests/support/passkeys';
import { softwareAuthenticator } from '#tests/support/webauthn-authenticator';
import { unmockAfterFile } from '#tests/support/fresh-modules';

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('#server/identity/passkeys/store', '#server/platform/throttle');

const hooks = vi.hoisted(() => ({
  /** Runs once, inside the next ceremony write, before its challenge is spent. */
  meanwhile: null as ((tx: Db) => Promise<unknown>) | null,
  reservations: 0,
}));

vi.mock('./store', async (importOriginal) => {
  const actual = await importOriginal<typeof Store>();
  return {
    ...actual,
    spendChallenge: async (...args: Parameters<typeof actual.spendChallenge>) => {
      const meanwhile = hooks.meanwhile;
      hooks.meanwhile = null;
      await meanwhile?.(args[0]);
      return actual.spendChallenge(...args);
    },
  };
});

vi.mock('#server/platform/throttle', async (importOriginal) => {
  const actual = await importOriginal<typeof Throttle>();
  return {
    ...actual,
    takeInBatch: (...args: Parameters<typeof actual.takeInBatch>) => {
      hooks.reservations++;
      return actual.takeInBatch(...args);
    },
  };
});

let deps: TestDeps;
let cookie: string;
let aliceId: number;

beforeEach(async () => {
  hooks.meanwhile = null;
  hooks.reservations = 0;
  deps = await createTestDeps();
  aliceId = (await insertUser(deps, 'alice')).id;
  cookie = await signedInCookie(deps, 'alice');
});

const audit = () => deps.db.select().from(auditEvents).all();

describe('a passkey registration racing the end of its session', { timeout: 30_000 }, () => {
  it('stores nothing when the session ended after the request was let in', async () => {
    const { options, ceremony } = await startRegistration(deps, cookie);
    hooks.meanwhile = (tx) => endAllSessionsOf(tx, aliceId);
    const refused = await failure(
      callerFor(deps, { cookie: joinCookies(cookie, ceremony) }).caller.passkeys.register({
        name: 'Key',
        response: softwareAuthenticator(deps.config.siteUrl).register(options),
      }),
    );
    expect(refused.code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(passkeys).all()).toEqual([]);
    const user = await deps.db.select().from(users).where(eq(users.id, aliceId)).get();
    expect(user?.webauthnUserId).toBeNull();
    expect(await audit()).toEqual([]);
  });
});

describe('a passkey sign-in that loses a race', { timeout: 30_000 }, () => {
  it('is refused, and neither counted nor audited, when the passkey is removed meanwhile', async () => {
    const { authenticator, id } = await addPasskey(deps, cookie);
    const { options, ceremony } = await startSignIn(deps);
    hooks.meanwhile = (tx) => tx.delete(passkeys).where(eq(passkeys.id, id));
    const { call, ctx } = finishSignIn(deps, authenticator.assert(options), ceremony);
    const refused = await failure(call);
    expect([refused.code, refused.message]).toEqual([
      'UNAUTHORIZED',
      PASSKEY_MESSAGES.signInFailed,
    ]);
    expect(sessionCookieFrom(ctx.resHeaders)).toBeNull();
    expect(
      await deps.db.select().from(sessions).where(eq(sessions.userId, aliceId)).all(),
    ).toHaveLength(1);
    expect((await audit()).map((e) => e.action)).toEqual(['passkey_added']);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
    expect(deps.logger.lines.join('\n')).toContain('passkey or user changed during sign-in');
  });

  it('is refused the same way when the user’s password changes meanwhile', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    const { options, ceremony } = await startSignIn(deps);
    hooks.meanwhile = (tx) =>
      tx.update(users).set({ password: 'another hash' }).where(eq(users.id, aliceId));
    expect(
      (await failure(finishSignIn(deps, authenticator.assert(options), ceremony).call)).code,
    ).toBe('UNAUTHORIZED');
    expect((await audit()).map((e) => e.action)).toEqual(['passkey_added']);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
  });
});

describe('a sign-in without a ceremony', { timeout: 30_000 }, () => {
  it('costs no throttle write, also when 20 arrive together', async () => {
    const { authenticator } = await addPasskey(deps, cookie);
    const { options } = await startSignIn(deps);
    const response = authenticator.assert(options);
    // Adding the passkey counted the options call's place (a password-checked procedure).
    hooks.reservations = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        callerFor(deps, {
          // No cookie, or a forged one.
          ...(i % 2 === 0 ? {} : { cookie: 'admin_webauthn=Fe26.2**forged' }),
          ip: '192.0.2.1',
        }).caller.passkeys.signIn({ response }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill('rejected'));
    expect(hooks.reservations).toBe(0);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
  });
});
