/**
 * The recent-proof rule (docs/accounts.md, "Recent proof"): inviting, re-inviting and
 * removing administrators, and removing a passkey, need the session's sign-in or its last
 * proof within 10 minutes, else the password. The reviewer's case: a stolen session older
 * than that can no longer make an administrator and remove the owner.
 */
import { like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { passkeys, throttleEvents, users } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { callerFor, createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { hashingAfter } from '#tests/support/hash-limiter';
import { addPasskey, provePasskey } from '#tests/support/passkeys';
import { rest } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';
import { signedOut } from '../sessions/session';
import type { App } from '#server/app/app';
import { RECENT_PROOF_MS } from './recent-proof';
import { WRONG_PASSWORD } from './prove-password';

let deps: TestDeps;
let app: App;
let cookie: string;
/** Run just before each password hash (a test's change made while the check is under way). */
let beforeHash: () => Promise<void>;

beforeEach(async () => {
  beforeHash = async () => {};
  ({ deps, app } = await createTestApp({ hashLimiter: hashingAfter(() => beforeHash()) }));
  await insertUser(deps, 'owner', 'owner@example.com');
  cookie = await signedInCookie(deps, 'owner');
});

const owner = () => callerFor(deps, { cookie }).caller;
const userNames = async () => (await deps.db.select().from(users).all()).map((u) => u.username);
const passwordChecks = () =>
  deps.db
    .select()
    .from(throttleEvents)
    .where(like(throttleEvents.bucket, 'login-fail:account:%'))
    .all();

const NEEDED = { code: 'UNAUTHORIZED', message: ACCOUNT_MESSAGES.passwordNeeded };

describe('a change that needs a recent proof', { timeout: 30_000 }, () => {
  it('a stolen session older than 10 minutes can neither invite nor remove (401, nothing changes)', async () => {
    const bob = await insertUser(deps, 'bob', 'bob@example.com');
    deps.clock.advance(RECENT_PROOF_MS);
    const invited = await rest(app, 'POST', '/api/users', {
      cookie,
      json: { username: 'mallory', email: 'mallory@example.com' },
    });
    expect(invited.status).toBe(401);
    expect(invited.body).toEqual({ success: false, message: ACCOUNT_MESSAGES.passwordNeeded });
    const removed = await rest(app, 'DELETE', `/api/users/${bob.id}`, { cookie });
    expect(removed.status).toBe(401);
    expect(await userNames()).toEqual(['owner', 'bob']);
    // Asking is no wrong password: nothing is counted.
    expect(await passwordChecks()).toEqual([]);
  });

  it('asks nothing within 10 minutes of the sign-in', async () => {
    deps.clock.advance(RECENT_PROOF_MS - 1);
    await owner().users.invite({ username: 'erin', email: 'erin@example.com' });
    expect(await userNames()).toContain('erin');
  });

  it('takes the password instead: a wrong one is counted, the right one is this session’s proof for 10 minutes', async () => {
    const bob = await insertUser(deps, 'bob', 'bob@example.com');
    const other = await signedInCookie(deps, 'owner');
    deps.clock.advance(RECENT_PROOF_MS);
    expect(
      await failure(owner().users.invite({ username: 'erin', email: 'erin@example.com' })),
    ).toMatchObject(NEEDED);
    const wrong = await failure(
      owner().users.invite({ username: 'erin', email: 'erin@example.com', password: 'not it' }),
    );
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', WRONG_PASSWORD]);
    expect(await passwordChecks()).toHaveLength(1);
    const erin = await owner().users.invite({
      username: 'erin',
      email: 'erin@example.com',
      password: PASSWORD,
    });
    // Within 10 minutes of the password, this session asks nothing more...
    deps.clock.advance(RECENT_PROOF_MS - 1);
    await owner().users.resendInvitation({ id: erin.id });
    // ...another session of the same user cannot borrow the proof...
    expect(
      await failure(callerFor(deps, { cookie: other }).caller.users.remove({ id: bob.id })),
    ).toMatchObject(NEEDED);
    // ...and once 10 minutes have passed, the password is asked again.
    deps.clock.advance(1);
    expect(await failure(owner().users.remove({ id: bob.id }))).toMatchObject(NEEDED);
    expect(await owner().users.remove({ id: bob.id, password: PASSWORD })).toEqual({
      success: true,
    });
    expect(await userNames()).toEqual(['owner', 'erin']);
  });

  it('guards re-inviting and removing a passkey, also over REST with the password in the body', async () => {
    const erin = await owner().users.invite({ username: 'erin', email: 'erin@example.com' });
    const { id, authenticator } = await addPasskey(deps, cookie);
    deps.clock.advance(RECENT_PROOF_MS);
    expect((await rest(app, 'POST', `/api/users/${erin.id}/invitation`, { cookie })).status).toBe(
      401,
    );
    expect((await rest(app, 'DELETE', `/api/account/passkeys/${id}`, { cookie })).status).toBe(401);
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);
    // Without the app, removing a passkey also needs one confirmed (identity/passkeys/passkey-proof.ts).
    await provePasskey(deps, cookie, authenticator);
    const removed = await rest(app, 'DELETE', `/api/account/passkeys/${id}`, {
      cookie,
      json: { password: PASSWORD },
    });
    expect(removed.status).toBe(200);
    expect(await deps.db.select().from(passkeys).all()).toEqual([]);
    // The password just given counts for the resend too.
    expect((await rest(app, 'POST', `/api/users/${erin.id}/invitation`, { cookie })).status).toBe(
      200,
    );
  });

  it('guards ending the other sessions over REST: 401 without a body, the password in the body ends them', async () => {
    const other = await signedInCookie(deps, 'owner');
    deps.clock.advance(RECENT_PROOF_MS);
    const refused = await rest(app, 'POST', '/api/account/sessions/end-others', { cookie });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, message: ACCOUNT_MESSAGES.passwordNeeded });
    expect((await rest(app, 'GET', '/api/account', { cookie: other })).status).toBe(200);
    const ended = await rest(app, 'POST', '/api/account/sessions/end-others', {
      cookie,
      json: { password: PASSWORD },
    });
    expect([ended.status, ended.body]).toEqual([200, { success: true, ended: 1 }]);
    expect((await rest(app, 'GET', '/api/account', { cookie: other })).status).toBe(401);
  });

  it('does not count calls without a password: 20 removals at once are judged, not throttled', async () => {
    await insertUser(deps, 'bob', 'bob@example.com');
    const bob = (await deps.db.select().from(users).all()).find((u) => u.username === 'bob');
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => owner().users.remove({ id: bob?.id ?? 0 })),
    );
    const codes = answers.map((a) =>
      a.status === 'fulfilled' ? 'ok' : (a.reason as { code: string }).code,
    );
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok' && c !== 'NOT_FOUND')).toEqual([]);
  });

  /** Ends this session from another browser of the owner's just before the next hash. */
  const endSessionDuringHash = () => {
    beforeHash = async () => {
      beforeHash = async () => {};
      const other = await signedInCookie(deps, 'owner');
      await callerFor(deps, { cookie: other }).caller.account.endOtherSessions();
    };
  };
  const SIGNED_OUT = ['UNAUTHORIZED', signedOut().message];

  it('answers the signed-out 401 and writes nothing when the session ends while the password is hashed', async () => {
    const bob = await insertUser(deps, 'bob', 'bob@example.com');
    const { id } = await addPasskey(deps, cookie);
    const calls = [
      () =>
        owner().users.invite({ username: 'erin', email: 'erin@example.com', password: PASSWORD }),
      () => owner().users.remove({ id: bob.id, password: PASSWORD }),
      () => owner().passkeys.remove({ id, password: PASSWORD }),
    ];
    for (const call of calls) {
      endSessionDuringHash();
      const error = await failure(call());
      expect([error.code, error.message]).toEqual(SIGNED_OUT);
      // Each call ended the session it came from: the next one starts from a fresh one.
      cookie = await signedInCookie(deps, 'owner');
    }
    expect(await userNames()).toEqual(['owner', 'bob']);
    expect(await deps.db.select().from(passkeys).all()).toHaveLength(1);
  });

  it('answers a bodiless request declared JSON on the optional-body paths as before (no 400)', async () => {
    const erin = await owner().users.invite({ username: 'erin', email: 'erin@example.com' });
    const bob = await insertUser(deps, 'bob', 'bob@example.com');
    const { id, authenticator } = await addPasskey(deps, cookie);
    // Without the app, removing a passkey also needs one confirmed (identity/passkeys/passkey-proof.ts).
    await provePasskey(deps, cookie, authenticator);
    const bodiless = (method: string, path: string) =>
      app.request(path, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
      });
    expect((await bodiless('POST', `/api/users/${erin.id}/invitation`)).status).toBe(200);
    expect((await bodiless('DELETE', `/api/users/${bob.id}`)).status).toBe(200);
    expect((await bodiless('DELETE', `/api/account/passkeys/${id}`)).status).toBe(200);
    expect(await userNames()).toEqual(['owner', 'erin']);
  });

  it('asks for the password before it checks the input (401 before 400)', async () => {
    deps.clock.advance(RECENT_PROOF_MS);
    const error = await failure(owner().users.invite({ username: 'x', email: 'not an address' }));
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', ACCOUNT_MESSAGES.passwordNeeded]);
  });
});
