/**
 * Turning a factor off where the account has a passkey and not the app needs a passkey
 * confirmed in this session within 10 minutes (docs/passkeys.md, passkey-proof.ts): a stolen
 * session and the password cannot remove the passkeys, nor swap the sign-in address.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { passkeys, users } from '#db/schema';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import {
  addPasskey,
  ceremonyCookieFrom,
  finishSignIn,
  joinCookies,
  startSignIn,
} from '#tests/support/passkeys';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import type { SoftwareAuthenticator } from '#tests/support/webauthn-authenticator';
import { RECENT_PROOF_MS } from '../recent-proof/recent-proof';

let deps: TestDeps;
let cookie: string;
let key: { authenticator: SoftwareAuthenticator; id: number };
let spare: { authenticator: SoftwareAuthenticator; id: number };

beforeEach(async () => {
  deps = await createTestDeps();
  const { id } = await insertUser(deps, 'alice');
  await writeTransaction(deps.db, (tx) =>
    tx.update(users).set({ email: 'alice@example.com' }).where(eq(users.id, id)),
  );
  cookie = await signedInCookie(deps, 'alice');
  key = await addPasskey(deps, cookie, 'Laptop');
  spare = await addPasskey(deps, cookie, 'Phone');
});

const alice = () => callerFor(deps, { cookie }).caller;

/** The proof's options for this session, answered by `authenticator`; answers the call. */
async function prove(authenticator: SoftwareAuthenticator, session = cookie) {
  const { caller, ctx } = callerFor(deps, { cookie: session });
  const { options } = await caller.passkeys.proofOptions();
  const ceremony = ceremonyCookieFrom(ctx.resHeaders) ?? '';
  const response = authenticator.assert(options);
  const answer = () =>
    callerFor(deps, { cookie: joinCookies(session, ceremony) }).caller.passkeys.prove({
      response,
    });
  return { options, result: await answer().catch((e: unknown) => e), again: answer };
}

const proofNeeded = { code: 'UNAUTHORIZED', message: PASSKEY_MESSAGES.proofNeeded };
const storedEmail = async () =>
  (
    await deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.username, 'alice'))
      .get()
  )?.email;

describe('a passkey and not the app', { timeout: 60_000 }, () => {
  it('refuses removing a passkey or swapping the address with the password alone (401)', async () => {
    expect(
      await failure(alice().passkeys.remove({ id: key.id, password: PASSWORD })),
    ).toMatchObject(proofNeeded);
    expect(
      await failure(alice().account.changeEmail({ password: PASSWORD, email: 'eve@example.com' })),
    ).toMatchObject(proofNeeded);
    expect(
      await failure(alice().account.changeEmail({ password: PASSWORD, email: null })),
    ).toMatchObject(proofNeeded);
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(2);
    expect(await storedEmail()).toBe('alice@example.com');
  });

  it('allows them for 10 minutes after the passkey proof, then asks again', async () => {
    const { options, result } = await prove(key.authenticator);
    expect(result).toEqual({ success: true });
    // Only the user's own credentials are offered.
    expect(options.allowCredentials?.map((c) => c.id).sort()).toEqual(
      [key.authenticator.credentialId, spare.authenticator.credentialId].sort(),
    );
    expect(options.userVerification).toBe('required');
    expect(await alice().passkeys.remove({ id: spare.id })).toEqual({ success: true });
    expect(
      await alice().account.changeEmail({ password: PASSWORD, email: 'new@example.com' }),
    ).toMatchObject({ success: true, requiresCode: true });
    deps.clock.advance(RECENT_PROOF_MS);
    expect(
      await failure(alice().account.changeEmail({ password: PASSWORD, email: null })),
    ).toMatchObject(proofNeeded);
  });

  it('refuses another user’s passkey, a replayed challenge and an expired one', async () => {
    await insertUser(deps, 'bob');
    const bob = await signedInCookie(deps, 'bob');
    const bobsKey = await addPasskey(deps, bob, 'Bob’s key');
    const foreign = await prove(bobsKey.authenticator);
    expect(foreign.result).toMatchObject({
      code: 'UNAUTHORIZED',
      message: PASSKEY_MESSAGES.proofFailed,
    });

    const good = await prove(key.authenticator);
    expect(good.result).toEqual({ success: true });
    expect(await failure(good.again())).toMatchObject({ code: 'UNAUTHORIZED' });

    // Another session's proof is not this one's.
    const other = await signedInCookie(deps, 'alice');
    expect(
      await failure(callerFor(deps, { cookie: other }).caller.passkeys.remove({ id: key.id })),
    ).toMatchObject(proofNeeded);

    // A ceremony answered after its 5 minutes.
    const { caller, ctx } = callerFor(deps, { cookie: other });
    const { options } = await caller.passkeys.proofOptions();
    const ceremony = ceremonyCookieFrom(ctx.resHeaders) ?? '';
    deps.clock.advance(5 * 60_000 + 1);
    const late = await failure(
      callerFor(deps, { cookie: joinCookies(other, ceremony) }).caller.passkeys.prove({
        response: key.authenticator.assert(options),
      }),
    );
    expect(late.code).toBe('UNAUTHORIZED');
    expect(
      await failure(
        callerFor(deps, { cookie: other }).caller.passkeys.remove({
          id: key.id,
          password: PASSWORD,
        }),
      ),
    ).toMatchObject(proofNeeded);
  });

  it('counts a passkey sign-in as the proof for 10 minutes', async () => {
    const { options, ceremony } = await startSignIn(deps);
    const { call, ctx } = finishSignIn(deps, key.authenticator.assert(options), ceremony);
    await call;
    const session = sessionCookieFrom(ctx.resHeaders) ?? '';
    const caller = callerFor(deps, { cookie: session }).caller;
    expect(await caller.passkeys.remove({ id: spare.id })).toEqual({ success: true });
    deps.clock.advance(RECENT_PROOF_MS);
    expect(await failure(caller.passkeys.remove({ id: key.id, password: PASSWORD }))).toMatchObject(
      proofNeeded,
    );
  });
});
