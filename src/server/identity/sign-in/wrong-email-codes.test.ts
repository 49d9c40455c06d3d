/**
 * Wrong e-mailed codes share the user's day of 20 wrong sign-in codes with the app's
 * (docs/decisions/0034): someone with the password cannot guess 5 codes per challenge, 5
 * challenges per 15 minutes, all day long. Through createCaller, with the test clock driven.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { throttleEvents } from '#db/schema';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import type { ThrottledError } from '#server/platform/errors';
import { wrongCodesBucket } from '../ways-in/login-throttle';

const DAY_MS = 24 * 60 * 60_000;

let deps: TestDeps;
let mailer: RecordingMailer;
let userId: number;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
  userId = (await insertUser(deps, 'alice', 'alice@example.com')).id;
});

/** A password sign-in: the cookie of its pending code step, and the code that was mailed. */
async function login() {
  const { caller, ctx } = callerFor(deps);
  const result = await caller.admin.login({ username: 'alice', password: PASSWORD });
  const code = /sign-in code is (\d{6})/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
  return { result, code, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

/** Another 6-digit code than the one mailed. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

const verify = (cookie: string, code: string) =>
  callerFor(deps, { cookie }).caller.admin.verifyCode({ code });

const counted = () =>
  deps.db
    .select()
    .from(throttleEvents)
    .where(eq(throttleEvents.bucket, wrongCodesBucket(userId)))
    .all();

describe('wrong e-mailed codes in a day', { timeout: 60_000 }, () => {
  it('refuses sign-in (429) after 20 wrong codes over 4 sign-ins, until a day has passed', async () => {
    for (let i = 0; i < 4; i++) {
      const { result, code, cookie } = await login();
      expect(result).toMatchObject({ requiresTwoFactor: true });
      for (let n = 0; n < 5; n++) {
        expect((await failure(verify(cookie, wrongFor(code)))).code).toBe('UNAUTHORIZED');
      }
      deps.clock.advance(15 * 60_000); // past the 5 codes mailed per 15 minutes
    }
    expect(await counted()).toHaveLength(20);
    const mailed = mailer.sent.length;
    const blocked = await failure(login());
    expect(blocked.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    // No code was mailed for the refused sign-in.
    expect(mailer.sent).toHaveLength(mailed);
    const wait = (blocked as ThrottledError).retryAfterSeconds;
    expect(wait).toBeLessThanOrEqual(DAY_MS / 1000);
    deps.clock.advance(wait * 1000);
    const next = await login();
    expect(await verify(next.cookie, next.code)).toEqual({ success: true });
  });

  it('never counts more than 20 when wrong codes arrive at once near the cap', async () => {
    for (let i = 0; i < 3; i++) {
      const { code, cookie } = await login();
      for (let n = 0; n < 5; n++) await failure(verify(cookie, wrongFor(code)));
      deps.clock.advance(15 * 60_000);
    }
    const fourth = await login();
    for (let n = 0; n < 3; n++) await failure(verify(fourth.cookie, wrongFor(fourth.code)));
    const last = await login();
    // 18 counted: 2 places left, and this challenge has all its 5 tries.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => verify(last.cookie, wrongFor(last.code))),
    );
    const codes = answers.map((a) =>
      a.status === 'rejected' ? (a.reason as ThrottledError).code : 'ok',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(2);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(18);
    expect(await counted()).toHaveLength(20);
  });
});
