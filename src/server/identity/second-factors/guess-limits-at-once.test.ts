/**
 * The authenticator app's guessing limits for codes sent at once: each wrong code takes its
 * place in the write that refuses it, so twenty at once must not get past the day's limit,
 * the notice must go once, and the set-up's five tries hold. Whether they do is the driver's
 * transactions: on both drivers (vite.config.ts, SQLD_TESTS). The rules one code at a time
 * are in guess-limits.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { throttleEvents } from '#db/schema';
import { totpCodeAt } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import type { ThrottledError } from '#server/platform/errors';
import { mailsSettled } from '#server/platform/mail';
import { NO_TOTP_SETUP, TOTP_SETUP_TOO_MANY_WRONG } from './router';
import {
  aliceWithTotp,
  deps,
  login,
  mailer,
  setUp,
  setUpDeps,
  verify,
  wrongCode,
} from '#tests/support/second-factor-guess-limits-fixtures';

beforeEach(setUpDeps);

describe('a day of wrong codes at sign-in', { timeout: 60_000 }, () => {
  it('holds when 20 wrong codes arrive at once near the limit', async () => {
    const { secret, userId } = await aliceWithTotp();
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 3; i++) {
      const { cookie } = await login();
      for (let n = 0; n < 5; n++) await failure(verify(cookie, wrong));
      deps.clock.advance(15 * 60_000);
    }
    const fourth = await login();
    for (let n = 0; n < 3; n++) await failure(verify(fourth.cookie, wrong));
    const last = await login();
    // 18 counted: 2 places left, and this challenge has all its 5 tries.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => verify(last.cookie, wrong)),
    );
    const codes = answers.map((a) =>
      a.status === 'rejected' ? (a.reason as ThrottledError).code : 'ok',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(2);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(18);
    const counted = await deps.db
      .select()
      .from(throttleEvents)
      .where(eq(throttleEvents.bucket, `wrong-codes:user:${userId}`))
      .all();
    expect(counted).toHaveLength(20);
  });

  it('tells the address once when a sign-in ends after 5 wrong codes; not for fewer', async () => {
    const { secret } = await aliceWithTotp();
    const sent = mailer.sent.length;
    const wrong = await wrongCode(secret);
    const first = await login();
    for (let n = 0; n < 4; n++) await failure(verify(first.cookie, wrong));
    const second = await login();
    await Promise.allSettled(Array.from({ length: 8 }, () => verify(second.cookie, wrong)));
    await expect.poll(() => mailer.sent.length).toBe(sent + 1);
    expect(mailer.sent.at(-1)).toMatchObject({
      to: 'alice@example.com',
      subject: 'Someone tried codes to sign in to your account',
      text: expect.stringContaining('Someone who knows your password tried codes') as string,
    });
    // The next sign-in's right code sends nothing more of the kind.
    const third = await login();
    await verify(third.cookie, await totpCodeAt(secret, deps.clock.now()));
    await mailsSettled(mailer);
    expect(mailer.sent.filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(1);
  });
});

describe('the set-up’s first code', () => {
  it('counts 20 wrong codes sent at once as 5 at most', async () => {
    const { caller, secret } = await setUp();
    const wrong = await wrongCode(secret);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => caller.secondFactor.totpEnable({ code: wrong })),
    );
    const messages = answers.map((a) => (a.status === 'rejected' ? String(a.reason) : 'ok'));
    expect(messages.filter((m) => m.includes(TOTP_SETUP_TOO_MANY_WRONG))).toHaveLength(1);
    expect(messages.filter((m) => m.includes(NO_TOTP_SETUP))).toHaveLength(15);
  });
});
