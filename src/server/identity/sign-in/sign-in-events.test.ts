/**
 * What the sign-in answers while a user's codes are spent (the same for a right and a wrong
 * password), and the audit entries sign-in events leave.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, throttleEvents } from '#db/schema';
import { ThrottledError } from '#server/platform/errors';
import type { Limiter } from '#server/platform/limiter';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';

let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
});

function login(username: string, password = PASSWORD, ip = '203.0.113.7', cookie?: string) {
  const { caller, ctx } = callerFor(deps, { ip, cookie });
  return { call: caller.admin.login({ username, password }), ctx };
}

const audit = () =>
  deps.db
    .select({
      action: auditEvents.action,
      actor: auditEvents.actor,
      target: auditEvents.target,
      address: auditEvents.address,
    })
    .from(auditEvents)
    .orderBy(auditEvents.id)
    .all();

describe("while a user's sign-in codes are spent", { timeout: 30_000 }, () => {
  it('answers the right and a wrong password alike: 429, nothing judged, no hash run', async () => {
    let hashes = 0;
    const counting: Limiter = {
      waiting: 0,
      run(fn) {
        hashes++;
        return fn();
      },
    };
    deps = await createTestDeps({ mailer, hashLimiter: counting });
    await insertUser(deps, 'erin', 'erin@example.com');
    for (let i = 0; i < 5; i++) await login('erin', PASSWORD, `198.51.100.${i}`).call;
    expect(mailer.sent).toHaveLength(5);
    expect(hashes).toBe(5);
    const right = await failure(login('erin', PASSWORD, '192.0.2.1').call);
    const wrong = await failure(login('erin', 'not the password', '192.0.2.2').call);
    for (const refused of [right, wrong]) {
      expect(refused).toBeInstanceOf(ThrottledError);
      expect(refused.message).toBe(right.message);
      expect((refused as ThrottledError).retryAfterSeconds).toBe(
        (right as ThrottledError).retryAfterSeconds,
      );
    }
    expect(right.message).toMatch(/^Too many sign-in codes were requested\. Try again in/);
    // Decided before the hash: neither password was hashed, so neither answer can be timed.
    expect(hashes).toBe(5);
    // The wrong password was not judged: no failure counted against the name or address.
    const buckets = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket);
    expect(buckets.filter((b) => b.startsWith('login-fail:'))).toEqual([]);
    expect((await audit()).map((e) => e.action)).not.toContain('sign_in_failed');
  });

  it('leaves an unknown name, and a user without e-mail, answered as before', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    await insertUser(deps, 'alice');
    for (let i = 0; i < 5; i++) await login('erin', PASSWORD, `198.51.100.${i}`).call;
    expect((await failure(login('nobody', PASSWORD, '192.0.2.3').call)).code).toBe('UNAUTHORIZED');
    expect((await login('alice', PASSWORD, '192.0.2.4').call).success).toBe(true);
  });
});

describe('audit entries of sign-in events', { timeout: 30_000 }, () => {
  it('records sign_in, and sign_in_failed for a wrong password or an unknown name (no actor, the name only when it exists)', async () => {
    await insertUser(deps, 'alice');
    await failure(login('alice', 'not the password').call);
    await failure(login('  my-secret-passphrase ', PASSWORD, '2001:db8:1:2::7').call);
    await login('alice').call;
    expect(await audit()).toEqual([
      { action: 'sign_in_failed', actor: null, target: 'alice', address: '203.0.113.x' },
      {
        action: 'sign_in_failed',
        actor: null,
        target: 'unknown name',
        address: '2001:db8:1:2::/64',
      },
      { action: 'sign_in', actor: 'alice', target: null, address: '203.0.113.x' },
    ]);
    const stored = JSON.stringify(await deps.db.select().from(auditEvents).all());
    expect(stored).not.toContain('not the password');
    expect(stored).not.toContain('my-secret-passphrase');
    expect(stored).not.toContain(PASSWORD);
  });

  it('records nothing for a throttled or an invalid attempt', async () => {
    await insertUser(deps, 'alice');
    await failure(callerFor(deps).caller.admin.login({ username: 'alice', password: '' }));
    for (let i = 0; i < 5; i++) await failure(login('alice', 'wrong', `198.51.100.${i}`).call);
    await failure(login('alice', PASSWORD, '192.0.2.9').call);
    expect((await audit()).map((e) => e.action)).toEqual(Array(5).fill('sign_in_failed'));
  });

  it('records code_sent, sign_in_failed for a wrong code (actor the user), sign_in and sign_out', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const pending = login('erin');
    await pending.call;
    const cookie = sessionCookieFrom(pending.ctx.resHeaders) ?? '';
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    await failure(
      callerFor(deps, { cookie }).caller.admin.verifyCode({
        code: code === '000000' ? '111111' : '000000',
      }),
    );
    const verify = callerFor(deps, { cookie });
    await verify.caller.admin.verifyCode({ code });
    const session = sessionCookieFrom(verify.ctx.resHeaders) ?? '';
    await callerFor(deps, { cookie: session }).caller.admin.logout();
    expect((await audit()).map(({ action, actor, target }) => ({ action, actor, target }))).toEqual(
      [
        { action: 'code_sent', actor: 'erin', target: null },
        { action: 'sign_in_failed', actor: 'erin', target: null },
        { action: 'sign_in', actor: 'erin', target: null },
        { action: 'sign_out', actor: 'erin', target: null },
      ],
    );
    expect(JSON.stringify(await deps.db.select().from(auditEvents).all())).not.toContain(code);
  });

  it('takes back code_sent when the code could not be mailed', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    mailer.failNext = true;
    expect((await failure(login('erin').call)).code).toBe('SERVICE_UNAVAILABLE');
    expect(await audit()).toEqual([]);
  });

  it('records no sign_out for a browser that was not signed in', async () => {
    await callerFor(deps).caller.admin.logout();
    expect(await audit()).toEqual([]);
  });
});
