import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, sessions, throttleEvents, twoFactorChallenges } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { ThrottledError } from '#server/platform/errors';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { cookiePayload, insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { sessionRowId } from '../sessions/session';

let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
});

/** Signs in like a browser would and answers the cookie it would then hold. */
async function login(username: string, password = PASSWORD, ip = '203.0.113.7') {
  const { caller, ctx } = callerFor(deps, { ip });
  const result = await caller.admin.login({ username, password });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

function codeFromLastMail(): string {
  const text = mailer.sent.at(-1)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return code;
}

describe('admin.check', () => {
  it('answers a visitor without a cookie', async () => {
    expect(await callerFor(deps).caller.admin.check()).toEqual({
      authenticated: false,
      username: null,
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: false,
    });
  });

  it('names the user while the code is awaited, and once signed in', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const pending = await login('erin');
    expect(await callerFor(deps, { cookie: pending.cookie }).caller.admin.check()).toEqual({
      authenticated: false,
      username: 'erin',
      awaitingTwoFactor: true,
      pendingMethod: 'email',
      setupRequired: false,
    });
    const { caller, ctx } = callerFor(deps, { cookie: pending.cookie });
    await caller.admin.verifyCode({ code: codeFromLastMail() });
    const cookie = sessionCookieFrom(ctx.resHeaders) ?? '';
    expect(await callerFor(deps, { cookie }).caller.admin.check()).toEqual({
      authenticated: true,
      username: 'erin',
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: false,
    });
  });

  it('ignores a tampered cookie', async () => {
    await insertUser(deps, 'alice');
    const { cookie } = await login('alice');
    const tampered = cookie.slice(0, -4) + 'AAAA';
    expect((await callerFor(deps, { cookie: tampered }).caller.admin.check()).authenticated).toBe(
      false,
    );
  });
});

describe('admin.login', () => {
  it.each([
    [{ username: '', password: 'x' }, MESSAGES.username],
    [{ username: '   ', password: 'x' }, MESSAGES.username],
    [{ username: 'alice', password: '' }, MESSAGES.password],
  ])('refuses %j with its message', async (input, message) => {
    expect(await issuesOf(callerFor(deps).caller.admin.login(input))).toEqual([
      { path: message === MESSAGES.username ? 'username' : 'password', message },
    ]);
  });

  it('names missing fields with their own messages, not "Required"', async () => {
    const input = {} as { username: string; password: string };
    expect(await issuesOf(callerFor(deps).caller.admin.login(input))).toEqual([
      { path: 'username', message: MESSAGES.username },
      { path: 'password', message: MESSAGES.password },
    ]);
  });

  it('signs a user without e-mail in with the password alone', async () => {
    await insertUser(deps, 'alice');
    const { result, cookie } = await login('alice');
    expect(result).toEqual({ success: true, requiresTwoFactor: false, setupRequired: false });
    expect(cookie).toMatch(/^admin_session=.+/);
    expect(mailer.sent).toEqual([]);
    expect((await callerFor(deps, { cookie }).caller.admin.check()).authenticated).toBe(true);
    expect(deps.logger.lines.some((l) => l.includes('"auth.login_ok"'))).toBe(true);
  });

  it('answers 401 with one message for a wrong password and for an unknown user', async () => {
    await insertUser(deps, 'alice');
    for (const [username, password] of [
      ['alice', 'not the password'],
      ['nobody', PASSWORD],
    ] as const) {
      const { caller, ctx } = callerFor(deps);
      const error = await failure(caller.admin.login({ username, password }));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe('Invalid username or password');
      expect(sessionCookieFrom(ctx.resHeaders)).toBeNull();
    }
    expect(await deps.db.select().from(sessions).all()).toEqual([]);
  });

  it('never logs the password', async () => {
    await insertUser(deps, 'alice');
    await failure(callerFor(deps).caller.admin.login({ username: 'alice', password: 'hunter2!' }));
    await login('alice');
    const log = deps.logger.lines.join('\n');
    expect(log).toContain('"auth.login_failed"');
    expect(log).not.toContain('hunter2!');
    expect(log).not.toContain(PASSWORD);
    // Nor the client's whole address: its /24 (docs/operations.md, "Logs").
    expect(log).toContain('"ip":"203.0.113.0/24"');
    expect(log).not.toContain('203.0.113.7');
  });

  it('sends a code to a user with e-mail and waits for it', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const { result, cookie } = await login('erin');
    expect(result).toEqual({ success: true, requiresTwoFactor: true, method: 'email' });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe('erin@example.com');
    const code = codeFromLastMail();
    // Stored only as a hash.
    const [challenge] = await deps.db.select().from(twoFactorChallenges).all();
    expect(challenge?.codeHash).not.toContain(code);
    // Through the outbox, first in its order, and its text gone once sent (docs/mail.md).
    const [mail] = await deps.db.select().from(outbox).all();
    expect(mail).toMatchObject({ kind: 'code', priority: 0, status: 'sent', attempts: 1 });
    expect(mail?.message).not.toContain(code);
    expect((await callerFor(deps, { cookie }).caller.admin.check()).authenticated).toBe(false);
    const log = deps.logger.lines.join('\n');
    expect(log).toContain('"auth.code_sent"');
    expect(log).not.toContain(code);
  });

  // Up to seven real password hashes each: explicit budget for a busy 2-core machine.
  describe('throttle', { timeout: 30_000 }, () => {
    beforeEach(async () => {
      await insertUser(deps, 'alice');
    });

    async function fail(username = 'alice', ip = '203.0.113.7') {
      const error = await failure(
        callerFor(deps, { ip }).caller.admin.login({ username, password: 'wrong password' }),
      );
      return error;
    }

    it('refuses the right password after 5 failures for that username, for 15 minutes', async () => {
      for (let i = 0; i < 5; i++)
        expect((await fail('alice', `198.51.100.${i}`)).code).toBe('UNAUTHORIZED');
      const blocked = await failure(
        callerFor(deps, { ip: '192.0.2.1' }).caller.admin.login({
          username: 'alice',
          password: PASSWORD,
        }),
      );
      expect(blocked).toBeInstanceOf(ThrottledError);
      expect(blocked.code).toBe('TOO_MANY_REQUESTS');
      expect((blocked as ThrottledError).retryAfterSeconds).toBe(15 * 60);
      expect(blocked.message).toMatch(/Too many failed sign-in attempts\. Try again in 15 minutes/);

      deps.clock.advance(15 * 60_000 + 1000);
      expect((await login('alice')).result.success).toBe(true);
    });

    it('refuses an address after 5 failures with any usernames', async () => {
      for (let i = 0; i < 5; i++) await fail(`user${i}`);
      const blocked = await failure(
        callerFor(deps).caller.admin.login({ username: 'alice', password: PASSWORD }),
      );
      expect(blocked.code).toBe('TOO_MANY_REQUESTS');
      // Another address is not affected.
      expect((await login('alice', PASSWORD, '192.0.2.99')).result.success).toBe(true);
    });

    it('is checked before the input, so a throttled client gets 429 for a bad body too', async () => {
      for (let i = 0; i < 5; i++) await fail(`user${i}`);
      const blocked = await failure(
        callerFor(deps).caller.admin.login({ username: '', password: '' }),
      );
      expect(blocked.code).toBe('TOO_MANY_REQUESTS');
    });

    it("clears that username's failures on success", async () => {
      for (let i = 0; i < 4; i++) await fail('alice', `198.51.100.${i}`);
      await login('alice', PASSWORD, '192.0.2.1');
      for (let i = 0; i < 4; i++) await fail('alice', `198.51.100.${10 + i}`);
      expect((await login('alice', PASSWORD, '192.0.2.2')).result.success).toBe(true);
    });

    it('does not count wrong codes as password failures', async () => {
      await insertUser(deps, 'erin', 'erin@example.com');
      const { cookie } = await login('erin');
      for (let i = 0; i < 5; i++) {
        await failure(callerFor(deps, { cookie }).caller.admin.verifyCode({ code: '000000' }));
      }
      // Only the user's day of wrong codes counts them (docs/decisions/0034), no password bucket.
      expect((await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket)).toEqual([
        'codes-sent:user:2',
        ...Array.from({ length: 5 }, () => 'wrong-codes:user:2'),
      ]);
      expect((await login('erin')).result.requiresTwoFactor).toBe(true);
    });
  });

  it('answers SERVICE_UNAVAILABLE for a second-factor user when mail cannot be delivered', async () => {
    deps = await createTestDeps({
      mailer: { canDeliver: false, send: () => Promise.reject(new Error('no mail')) },
    });
    await insertUser(deps, 'erin', 'erin@example.com');
    const error = await failure(
      callerFor(deps).caller.admin.login({ username: 'erin', password: PASSWORD }),
    );
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toMatch(/no mail service configured \(SMTP_URL\)/);
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    // A user without e-mail needs no mail, and signs in as usual.
    await insertUser(deps, 'alice');
    expect((await login('alice')).result).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: false,
    });
  });

  it('answers SERVICE_UNAVAILABLE and keeps no challenge when sending fails', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    mailer.failNext = true;
    const error = await failure(
      callerFor(deps).caller.admin.login({ username: 'erin', password: PASSWORD }),
    );
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe(
      'The sign-in code could not be e-mailed. Please try again in a few minutes.',
    );
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    // Failed in the outbox, never retried: a late code would be a dead one.
    const [mail] = await deps.db.select().from(outbox).all();
    expect(mail).toMatchObject({ kind: 'code', status: 'failed', attempts: 1 });
  });
});

describe('admin.verifyCode', () => {
  it('refuses a browser without a pending login, before looking at the code', async () => {
    for (const code of ['123456', '12']) {
      const error = await failure(callerFor(deps).caller.admin.verifyCode({ code }));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toMatch(/Please sign in again/);
    }
  });

  it.each(['12345', '1234567', 'abcdef', '12 456', ''])(
    'refuses %j with "Code must be 6 digits" without using up a try',
    async (code) => {
      await insertUser(deps, 'erin', 'erin@example.com');
      const { cookie } = await login('erin');
      const issues = await issuesOf(callerFor(deps, { cookie }).caller.admin.verifyCode({ code }));
      // The empty string breaks both the length and the digits rule: same message twice.
      expect(new Set(issues.map((i) => `${i.path}: ${i.message}`))).toEqual(
        new Set([`code: ${MESSAGES.code}`]),
      );
      expect((await deps.db.select().from(twoFactorChallenges).get())?.failedAttempts).toBe(0);
    },
  );

  it('signs in with a new session id, once', async () => {
    const erin = await insertUser(deps, 'erin', 'erin@example.com');
    const pending = await login('erin');
    const code = codeFromLastMail();
    const { caller, ctx } = callerFor(deps, { cookie: pending.cookie });
    expect(await caller.admin.verifyCode({ code })).toEqual({ success: true });
    const cookie = sessionCookieFrom(ctx.resHeaders) ?? '';
    // The cookie now names a new session row of erin's; the challenge it named is gone.
    const before = await cookiePayload(deps, pending.cookie);
    const after = await cookiePayload(deps, cookie);
    expect(before).toEqual({ challengeId: expect.any(String) });
    expect(after).toEqual({ sid: expect.any(String) });
    const sid = after && 'sid' in after ? after.sid : '';
    const row = await deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionRowId(sid)))
      .get();
    expect(row?.userId).toBe(erin.id);
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    const again = await failure(
      callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({ code }),
    );
    expect(again.code).toBe('UNAUTHORIZED');
    const log = deps.logger.lines.join('\n');
    expect(log).toContain('"auth.code_ok"');
    expect(log).not.toContain(code);
  });

  it('counts down the tries and ends the challenge after the fifth wrong code', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const { cookie } = await login('erin');
    const code = codeFromLastMail();
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    let lastHeaders = new Headers();
    for (let i = 0; i < 5; i++) {
      const { caller, ctx } = callerFor(deps, { cookie });
      const error = await failure(caller.admin.verifyCode({ code: wrong }));
      expect(error.code).toBe('UNAUTHORIZED');
      messages.push(error.message);
      lastHeaders = ctx.resHeaders;
    }
    expect(messages).toEqual([
      'Wrong code. 4 tries left of 5.',
      'Wrong code. 3 tries left of 5.',
      'Wrong code. 2 tries left of 5.',
      'Wrong code. 1 try left of 5.',
      'Wrong code, and that was the last try. Please sign in again to get a new code.',
    ]);
    // The dead challenge's cookie is cleared, so the browser shows the login form again.
    expect(sessionCookieFrom(lastHeaders)).toBe('');
    const late = await failure(callerFor(deps, { cookie }).caller.admin.verifyCode({ code }));
    expect(late.code).toBe('UNAUTHORIZED');
    expect(deps.logger.lines.filter((l) => l.includes('"auth.code_failed"'))).toHaveLength(5);
  });

  it('refuses the code after 10 minutes', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const { cookie } = await login('erin');
    const code = codeFromLastMail();
    deps.clock.advance(10 * 60_000);
    const error = await failure(callerFor(deps, { cookie }).caller.admin.verifyCode({ code }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toMatch(/expired/);
  });

  it('only accepts the code of the newest login', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const first = await login('erin');
    const firstCode = codeFromLastMail();
    const second = await login('erin');
    const error = await failure(
      callerFor(deps, { cookie: first.cookie }).caller.admin.verifyCode({ code: firstCode }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(
      await callerFor(deps, { cookie: second.cookie }).caller.admin.verifyCode({
        code: codeFromLastMail(),
      }),
    ).toEqual({ success: true });
  });

  it('does not end a signed-in session when called by mistake', async () => {
    await insertUser(deps, 'alice');
    const { cookie } = await login('alice');
    const { caller, ctx } = callerFor(deps, { cookie });
    expect((await failure(caller.admin.verifyCode({ code: '123456' }))).code).toBe('UNAUTHORIZED');
    expect(sessionCookieFrom(ctx.resHeaders)).toBeNull();
    expect((await callerFor(deps, { cookie }).caller.admin.check()).authenticated).toBe(true);
  });
});

describe('admin.logout', () => {
  it('ends the session server side, so a copied cookie stops working', async () => {
    await insertUser(deps, 'alice');
    const { cookie } = await login('alice');
    const copy = cookie;
    const { caller, ctx } = callerFor(deps, { cookie });
    expect(await caller.admin.logout()).toEqual({ success: true });
    expect(sessionCookieFrom(ctx.resHeaders)).toBe('');
    expect((await callerFor(deps, { cookie: copy }).caller.admin.check()).authenticated).toBe(
      false,
    );
    const refused = await failure(callerFor(deps, { cookie: copy }).caller.facts.listAll());
    expect(refused.code).toBe('UNAUTHORIZED');
    expect(deps.logger.lines.some((l) => l.includes('"auth.logout"'))).toBe(true);
  });

  it('answers success without a session too', async () => {
    expect(await callerFor(deps).caller.admin.logout()).toEqual({ success: true });
  });

  it('abandons a pending second-factor login', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const { cookie } = await login('erin');
    await callerFor(deps, { cookie }).caller.admin.logout();
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
  });
});
