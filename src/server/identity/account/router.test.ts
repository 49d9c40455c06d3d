import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  emailChanges,
  sessions,
  throttleEvents,
  twoFactorChallenges,
  users,
} from '#db/schema';
import { writeTransaction } from '#db';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { ThrottledError } from '#server/platform/errors';
import { createLimiter } from '#server/platform/limiter';
import { PASSWORD_CHECK_BUSY } from '../passwords/hash-slot';
import { mailsSettled } from '#server/platform/mail';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { cookiePayload, insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { NO_PENDING_CHANGE } from './email-change';
import { UNKNOWN_SESSION } from './router';
import { WRONG_PASSWORD } from '../recent-proof/prove-password';
import { publicSessionId } from '../sessions/session-list';
import { sessionRowId } from '../sessions/session';
import { accountCheckBucket } from '../ways-in/login-throttle';
import { RECENT_PROOF_MS } from '../recent-proof/recent-proof';
import { addressBucket } from '#server/platform/throttle-buckets';
import { UNKNOWN_DEVICE } from '#server/platform/user-agent';
import { issuedTokenSecret, tokenWorks } from '#tests/support/oauth';

const NEW_PASSWORD = 'a brand new passphrase';

let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
});

/** alice with the test password and `n` sessions (cookies), as separate browsers. */
async function alice(n = 1, email: string | null = null) {
  await insertUser(deps, 'alice', email);
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) cookies.push(await signedInCookie(deps, 'alice'));
  return cookies;
}

const as = (cookie: string, ip = '203.0.113.7') => callerFor(deps, { cookie, ip }).caller;

/** The row id of the session a cookie names (the hash of its secret id). */
async function rowIdOf(cookie: string): Promise<string> {
  const payload = await cookiePayload(deps, cookie);
  if (!payload || !('sid' in payload)) throw new Error('not a session cookie');
  return sessionRowId(payload.sid);
}

function codeFromLastMail(): string {
  const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the last mail');
  return code;
}

/** A sign-in of alice's, with the right password, now waiting for its code. */
async function pendingSignIn() {
  const answer = await callerFor(deps, { ip: '198.51.100.3' }).caller.admin.login({
    username: 'alice',
    password: PASSWORD,
  });
  expect(answer.requiresTwoFactor).toBe(true);
  expect(await deps.db.select().from(twoFactorChallenges).all()).toHaveLength(1);
}

const audit = () =>
  deps.db
    .select({ action: auditEvents.action, actor: auditEvents.actor, target: auditEvents.target })
    .from(auditEvents)
    .orderBy(auditEvents.id)
    .all();

describe('account.get', () => {
  it('answers the user, the second factor and (for now) no passkeys', async () => {
    const [cookie = ''] = await alice(1, 'alice@example.com');
    const row = await deps.db.select().from(users).where(eq(users.username, 'alice')).get();
    expect(await as(cookie).account.get()).toEqual({
      success: true,
      user: { id: row?.id, username: 'alice', email: 'alice@example.com' },
      secondFactor: 'email',
      passkeys: [],
      recoveryCodesLeft: 0,
    });
  });

  it('says "none" without an address, and 401 without a session', async () => {
    const [cookie = ''] = await alice();
    expect((await as(cookie).account.get()).secondFactor).toBe('none');
    expect((await failure(callerFor(deps).caller.account.get())).code).toBe('UNAUTHORIZED');
  });
});

describe('account.changePassword', { timeout: 30_000 }, () => {
  it('refuses a new password under 12 characters with the shared message', async () => {
    const [cookie = ''] = await alice();
    expect(
      await issuesOf(
        as(cookie).account.changePassword({ currentPassword: PASSWORD, newPassword: 'short' }),
      ),
    ).toEqual([{ path: 'newPassword', message: ACCOUNT_MESSAGES.newPasswordShort }]);
  });

  it('answers 401 to a wrong current password and counts it against the sign-in throttle', async () => {
    const [cookie = ''] = await alice();
    const error = await failure(
      as(cookie).account.changePassword({
        currentPassword: 'not the password',
        newPassword: NEW_PASSWORD,
      }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe(WRONG_PASSWORD);
    const buckets = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket);
    const user = await deps.db.select().from(users).where(eq(users.username, 'alice')).get();
    expect(buckets.sort()).toEqual([
      accountCheckBucket(user?.id ?? 0, await rowIdOf(cookie)),
      addressBucket('login-fail', deps.config.sessionSecret, '203.0.113.7'),
    ]);
    // Still signed in: the wrong password did not end the session.
    expect((await as(cookie).account.get()).success).toBe(true);
  });

  it('stores the new password, ends every other session and pending sign-in, renews this one', async () => {
    const [mine = '', other = '', third = ''] = await alice(3);
    const before = await deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await rowIdOf(mine)))
      .get();
    await writeTransaction(deps.db, async (tx) => {
      const user = await tx.select().from(users).where(eq(users.username, 'alice')).get();
      await tx.insert(twoFactorChallenges).values({
        id: 'pending-elsewhere',
        userId: user?.id ?? 0,
        codeHash: 'x',
        createdAt: deps.clock.now(),
        expiresAt: new Date(deps.clock.now().getTime() + 60_000),
      });
    });
    const aliceId = (await deps.db.select().from(users).get())?.id ?? 0;
    const token = await issuedTokenSecret(deps.db, aliceId, deps.clock.now());
    deps.clock.advance(5 * 60_000);
    const { caller, ctx } = callerFor(deps, { cookie: mine });
    expect(
      await caller.account.changePassword({
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
    ).toEqual({ success: true, endedSessions: 2 });
    // A copy of this browser's old cookie is out too: the session goes on under a new id.
    for (const copied of [other, third, mine]) {
      expect((await failure(as(copied).account.get())).code).toBe('UNAUTHORIZED');
    }
    const renewed = sessionCookieFrom(ctx.resHeaders) ?? '';
    expect((await as(renewed).account.get()).success).toBe(true);
    const after = await deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await rowIdOf(renewed)))
      .get();
    // Same start and 12 h cap: renewing the id does not lengthen the session.
    expect(after).toEqual({
      ...before,
      id: await rowIdOf(renewed),
      lastSeenAt: deps.clock.now(),
    });
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    // Access tokens and OAuth grants end with the old password.
    expect(await tokenWorks(deps.db, token, deps.clock.now())).toBe(false);
    expect(await audit()).toEqual([
      { action: 'password_changed', actor: 'alice', target: 'alice' },
    ]);
    // The new password signs in; the old one no longer does.
    const login = (password: string) =>
      callerFor(deps, { ip: '198.51.100.1' }).caller.admin.login({ username: 'alice', password });
    expect((await failure(login(PASSWORD))).code).toBe('UNAUTHORIZED');
    expect((await login(NEW_PASSWORD)).success).toBe(true);
    expect(deps.logger.lines.join('\n')).not.toContain(NEW_PASSWORD);
  });

  it('answers 503 when the hashing queue is full, counting nothing', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 });
    deps = await createTestDeps({ mailer, hashLimiter: limiter });
    const [cookie = ''] = await alice();
    let free = () => {};
    const held = limiter.run(() => new Promise<void>((resolve) => (free = resolve)));
    const busy = await failure(
      as(cookie).account.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    );
    expect(busy.code).toBe('SERVICE_UNAVAILABLE');
    expect(busy.message).toBe(PASSWORD_CHECK_BUSY);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
    free();
    await held;
  });

  it(
    'judges at most 5 of 20 wrong current passwords sent at once; the rest get 429',
    { timeout: 60_000 },
    async () => {
      const [cookie = ''] = await alice();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () =>
          failure(
            as(cookie).account.changePassword({
              currentPassword: 'wrong guess',
              newPassword: NEW_PASSWORD,
            }),
          ),
        ),
      );
      const codes = outcomes.map((e) => e.code);
      expect(codes.filter((c) => c === 'UNAUTHORIZED').length).toBe(5);
      expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS').length).toBe(15);
      // The session is locked for password checks, from any address.
      const locked = await failure(
        as(cookie, '192.0.2.50').account.changePassword({
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
        }),
      );
      expect(locked).toBeInstanceOf(ThrottledError);
      // The address is locked for the login form as well.
      const fromThere = await failure(
        callerFor(deps, { ip: '203.0.113.7' }).caller.admin.login({
          username: 'alice',
          password: PASSWORD,
        }),
      );
      expect(fromThere).toBeInstanceOf(ThrottledError);
    },
  );

  it('tells the address, if any, that the password changed', async () => {
    const [cookie = ''] = await alice(1, 'alice@example.com');
    await as(cookie).account.changePassword({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    await mailsSettled(mailer);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['alice@example.com', 'Your password was changed'],
    ]);
    expect(mailer.sent[0]?.text).not.toContain(NEW_PASSWORD);
  });

  it('is not blocked by a stranger locking the name at the login form', async () => {
    const [cookie = ''] = await alice();
    for (let i = 0; i < 5; i++) {
      const wrong = await failure(
        callerFor(deps, { ip: `192.0.2.${i + 1}` }).caller.admin.login({
          username: 'alice',
          password: 'a stranger guessing',
        }),
      );
      expect(wrong.code).toBe('UNAUTHORIZED');
    }
    const locked = await failure(
      callerFor(deps, { ip: '198.51.100.9' }).caller.admin.login({
        username: 'alice',
        password: PASSWORD,
      }),
    );
    expect(locked).toBeInstanceOf(ThrottledError);
    expect(
      await as(cookie).account.changePassword({
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
    ).toEqual({ success: true, endedSessions: 0 });
  });
});

describe('account.changeEmail and verifyEmail', { timeout: 30_000 }, () => {
  it('sends a code to the new address only, and the code sets it', async () => {
    const [cookie = ''] = await alice(1, 'old@example.com');
    expect(
      await as(cookie).account.changeEmail({ password: PASSWORD, email: 'new@example.com' }),
    ).toEqual({ success: true, requiresCode: true });
    expect(mailer.sent.map((m) => m.to)).toEqual(['new@example.com']);
    const code = codeFromLastMail();
    const [pending] = await deps.db.select().from(emailChanges).all();
    expect(pending?.codeHash).not.toContain(code);
    expect(pending?.sessionId).toBe(await rowIdOf(cookie));
    expect(await as(cookie).account.verifyEmail({ code })).toEqual({
      success: true,
      email: 'new@example.com',
    });
    expect((await as(cookie).account.get()).user.email).toBe('new@example.com');
    expect(await deps.db.select().from(emailChanges).all()).toEqual([]);
    expect(await audit()).toEqual([{ action: 'email_changed', actor: 'alice', target: null }]);
    expect(JSON.stringify(await deps.db.select().from(auditEvents).all())).not.toContain(code);
  });

  it('binds the code to the session that asked', async () => {
    const [mine = '', other = ''] = await alice(2);
    await as(mine).account.changeEmail({ password: PASSWORD, email: 'new@example.com' });
    const error = await failure(as(other).account.verifyEmail({ code: codeFromLastMail() }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(NO_PENDING_CHANGE);
    expect((await as(mine).account.get()).user.email).toBeNull();
  });

  it('replaces an older pending change with a new request', async () => {
    const [cookie = ''] = await alice();
    await as(cookie).account.changeEmail({ password: PASSWORD, email: 'first@example.com' });
    const first = codeFromLastMail();
    await as(cookie).account.changeEmail({ password: PASSWORD, email: 'second@example.com' });
    const second = codeFromLastMail();
    const pending = await deps.db.select().from(emailChanges).all();
    // Only the second request waits: the first's code (whatever it was) has nothing to match.
    expect(pending.map((row) => row.email)).toEqual(['second@example.com']);
    expect(first).toMatch(/^\d{6}$/);
    expect((await as(cookie).account.verifyEmail({ code: second })).email).toBe(
      'second@example.com',
    );
  });

  it('allows 5 wrong codes, then the change is gone', async () => {
    const [cookie = ''] = await alice();
    await as(cookie).account.changeEmail({ password: PASSWORD, email: 'new@example.com' });
    const right = codeFromLastMail();
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 4; i >= 1; i--) {
      const error = await failure(as(cookie).account.verifyEmail({ code: wrong }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toContain(`${i} ${i === 1 ? 'try' : 'tries'} left`);
    }
    expect((await failure(as(cookie).account.verifyEmail({ code: wrong }))).message).toMatch(
      /last try/,
    );
    expect((await failure(as(cookie).account.verifyEmail({ code: right }))).code).toBe('CONFLICT');
  });

  it('expires the code after 10 minutes', async () => {
    const [cookie = ''] = await alice();
    await as(cookie).account.changeEmail({ password: PASSWORD, email: 'new@example.com' });
    deps.clock.advance(10 * 60_000);
    expect((await failure(as(cookie).account.verifyEmail({ code: codeFromLastMail() }))).code).toBe(
      'CONFLICT',
    );
  });

  it('removes the address with null (no code), recorded in the audit log', async () => {
    const [cookie = ''] = await alice(1, 'old@example.com');
    expect(await as(cookie).account.changeEmail({ password: PASSWORD, email: null })).toEqual({
      success: true,
      requiresCode: false,
    });
    await mailsSettled(mailer);
    // Only a notice to the old address: no code is needed to remove it.
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['old@example.com', 'Your sign-in address was removed'],
    ]);
    const account = await as(cookie).account.get();
    expect(account.user.email).toBeNull();
    expect(account.secondFactor).toBe('none');
    expect(await audit()).toEqual([{ action: 'email_changed', actor: 'alice', target: null }]);
  });

  it('answers 401 to a wrong password, counted like a failed sign-in, and sends nothing', async () => {
    const [cookie = ''] = await alice();
    const error = await failure(
      as(cookie).account.changeEmail({ password: 'not the password', email: 'new@example.com' }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(mailer.sent).toEqual([]);
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(2);
  });

  it('answers 503 with a retry time when the mail fails, leaving nothing pending or counted', async () => {
    const [cookie = ''] = await alice();
    mailer.failNext = true;
    const error = await failure(
      as(cookie).account.changeEmail({ password: PASSWORD, email: 'new@example.com' }),
    );
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await deps.db.select().from(emailChanges).all()).toEqual([]);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
  });

  it('keeps an earlier pending change when the mail of a new request fails', async () => {
    const [cookie = ''] = await alice();
    await as(cookie).account.changeEmail({ password: PASSWORD, email: 'first@example.com' });
    const first = codeFromLastMail();
    mailer.failNext = true;
    const error = await failure(
      as(cookie).account.changeEmail({ password: PASSWORD, email: 'second@example.com' }),
    );
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await as(cookie).account.verifyEmail({ code: first })).toEqual({
      success: true,
      email: 'first@example.com',
    });
  });

  it('a new address ends pending sign-ins and the other sessions, not this one', async () => {
    const [mine = '', other = ''] = await alice(2, 'old@example.com');
    await pendingSignIn();
    await as(mine).account.changeEmail({ password: PASSWORD, email: 'new@example.com' });
    await as(mine).account.verifyEmail({ code: codeFromLastMail() });
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    expect((await failure(as(other).account.get())).code).toBe('UNAUTHORIZED');
    expect((await as(mine).account.get()).user.email).toBe('new@example.com');
  });

  it('removing the address ends pending sign-ins and the other sessions, not this one', async () => {
    const [mine = '', other = ''] = await alice(2, 'old@example.com');
    await pendingSignIn();
    await as(mine).account.changeEmail({ password: PASSWORD, email: null });
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    expect((await failure(as(other).account.get())).code).toBe('UNAUTHORIZED');
    expect((await as(mine).account.get()).user.email).toBeNull();
  });

  it('tells the old address of a change, with when and from where, after the answer', async () => {
    const [cookie = ''] = await alice(1, 'old@example.com');
    await as(cookie).account.changeEmail({ password: PASSWORD, email: 'new@example.com' });
    await as(cookie).account.verifyEmail({ code: codeFromLastMail() });
    await mailsSettled(mailer);
    const notice = mailer.sent.at(-1);
    expect(notice?.to).toBe('old@example.com');
    expect(notice?.subject).toBe('Your sign-in address was changed');
    expect(notice?.text).toContain('n…@example.com');
    expect(notice?.text).not.toContain('new@example.com');
    expect(notice?.text).toContain('15 January 2026, 10:00 UTC');
    expect(notice?.text).toContain('203.0.113.x');
    expect(notice?.text).toContain(
      'under "Sign-in code by e-mail", press "Change address" to put this address back',
    );
    expect(notice?.text).toContain('set-password alice');
    expect(notice?.html).toContain('Your sign-in address was changed');
  });

  it('sends at most 5 codes per user in 15 minutes', async () => {
    const [cookie = ''] = await alice();
    for (let i = 0; i < 5; i++) {
      await as(cookie).account.changeEmail({ password: PASSWORD, email: `n${i}@example.com` });
    }
    const refused = await failure(
      as(cookie).account.changeEmail({ password: PASSWORD, email: 'n5@example.com' }),
    );
    expect(refused).toBeInstanceOf(ThrottledError);
    expect(mailer.sent).toHaveLength(5);
    // Sign-in codes keep a budget of their own.
    expect(
      (await deps.db.select().from(throttleEvents).all()).every((e) =>
        e.bucket.startsWith('email-codes:'),
      ),
    ).toBe(true);
  });
});

describe('account.sessions, endSession, endOtherSessions', () => {
  it('lists your live sessions, this one first then the newest, by public ids', async () => {
    await insertUser(deps, 'bob');
    await signedInCookie(deps, 'bob');
    const [older = ''] = await alice();
    deps.clock.advance(60_000);
    const newer = await signedInCookie(deps, 'alice');
    deps.clock.advance(60_000);
    const mine = await signedInCookie(deps, 'alice');
    const { success, sessions } = await as(mine).account.sessions();
    expect(success).toBe(true);
    expect(sessions.map((s) => s.id)).toEqual([
      publicSessionId(await rowIdOf(mine)),
      publicSessionId(await rowIdOf(newer)),
      publicSessionId(await rowIdOf(older)),
    ]);
    expect(sessions.map((s) => s.current)).toEqual([true, false, false]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{16}$/);
      expect(session).toEqual({
        id: session.id,
        current: session.current,
        createdAt: expect.any(String) as string,
        lastSeenAt: expect.any(String) as string,
        device: expect.any(String) as string,
        address: expect.any(String) as string,
      });
    }
    const secrets = await Promise.all([mine, newer, older].map(rowIdOf));
    const listed = JSON.stringify(sessions);
    for (const secret of secrets) expect(listed).not.toContain(secret);
  });

  it('names a session stored without a device "Unknown device"', async () => {
    const [mine = ''] = await alice();
    const id = await rowIdOf(mine);
    await writeTransaction(deps.db, (tx) =>
      tx.update(sessions).set({ device: '' }).where(eq(sessions.id, id)),
    );
    const [listed] = (await as(mine).account.sessions()).sessions;
    expect(listed?.device).toBe(UNKNOWN_DEVICE);
  });

  it('ends one of your sessions: its copied cookie gets 401 at once', async () => {
    const [mine = '', other = ''] = await alice(2);
    const id = publicSessionId(await rowIdOf(other));
    expect(await as(mine).account.endSession({ id })).toEqual({ success: true });
    expect((await failure(as(other).account.get())).code).toBe('UNAUTHORIZED');
    expect((await as(mine).account.sessions()).sessions).toHaveLength(1);
    expect(await audit()).toEqual([
      { action: 'session_ended', actor: 'alice', target: `session ${id}` },
    ]);
  });

  it('needs a recent proof to end another session, not to end its own', async () => {
    const [stolen = '', owners = ''] = await alice(2);
    deps.clock.advance(RECENT_PROOF_MS);
    const id = publicSessionId(await rowIdOf(owners));
    const error = await failure(as(stolen).account.endSession({ id }));
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', ACCOUNT_MESSAGES.passwordNeeded]);
    expect((await as(owners).account.get()).success).toBe(true);
    expect(await audit()).toEqual([]);
    expect(await as(stolen).account.endSession({ id, password: PASSWORD })).toEqual({
      success: true,
    });
    expect((await failure(as(owners).account.get())).code).toBe('UNAUTHORIZED');
    // Signing oneself out asks for nothing.
    deps.clock.advance(RECENT_PROOF_MS);
    const own = publicSessionId(await rowIdOf(stolen));
    expect(await as(stolen).account.endSession({ id: own })).toEqual({ success: true });
  });

  it("answers 404 for someone else's session or an unknown id, ending nothing", async () => {
    const [mine = ''] = await alice();
    await insertUser(deps, 'bob');
    const bobs = await signedInCookie(deps, 'bob');
    for (const id of [
      publicSessionId(await rowIdOf(bobs)),
      '0123456789abcdef',
      await rowIdOf(mine),
    ]) {
      const error = await failure(as(mine).account.endSession({ id }));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe(UNKNOWN_SESSION);
    }
    expect((await as(bobs).account.get()).user.username).toBe('bob');
    expect(await audit()).toEqual([]);
  });

  it('ends the current session when asked, which signs this browser out', async () => {
    const [mine = ''] = await alice();
    const { caller, ctx } = callerFor(deps, { cookie: mine });
    await caller.account.endSession({ id: publicSessionId(await rowIdOf(mine)) });
    expect(sessionCookieFrom(ctx.resHeaders)).toBe('');
    expect((await failure(as(mine).account.get())).code).toBe('UNAUTHORIZED');
  });

  it('ends every other session and answers how many', async () => {
    const [mine = '', a = '', b = ''] = await alice(3);
    await insertUser(deps, 'bob');
    const bobs = await signedInCookie(deps, 'bob');
    expect(await as(mine).account.endOtherSessions()).toEqual({ success: true, ended: 2 });
    for (const copied of [a, b]) {
      expect((await failure(as(copied).account.get())).code).toBe('UNAUTHORIZED');
    }
    expect((await as(mine).account.get()).success).toBe(true);
    expect((await as(bobs).account.get()).success).toBe(true);
    expect((await audit()).map((e) => e.action)).toEqual(['session_ended', 'session_ended']);
    expect(await as(mine).account.endOtherSessions()).toEqual({ success: true, ended: 0 });
  });

  it('needs a recent proof to end the others: a stolen session cannot sign the owner out everywhere', async () => {
    const [stolen = '', owners = ''] = await alice(2);
    deps.clock.advance(RECENT_PROOF_MS);
    const error = await failure(as(stolen).account.endOtherSessions());
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', ACCOUNT_MESSAGES.passwordNeeded]);
    expect((await as(owners).account.get()).success).toBe(true);
    expect(await audit()).toEqual([]);
    const wrong = await failure(as(stolen).account.endOtherSessions({ password: 'not it' }));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', WRONG_PASSWORD]);
    expect(await as(stolen).account.endOtherSessions({ password: PASSWORD })).toEqual({
      success: true,
      ended: 1,
    });
    expect((await failure(as(owners).account.get())).code).toBe('UNAUTHORIZED');
  });
});
