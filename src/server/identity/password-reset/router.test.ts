import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { passwordResets, users } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { PASSWORD_RESET_MESSAGES as M } from '#shared/password-reset';
import { createLimiter } from '#server/platform/limiter';
import { mailsSettled } from '#server/platform/mail';
import { verifyPassword } from '../passwords/passwords';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { issuedTokenSecret, tokenWorks } from '#tests/support/oauth';
import { enableTotpFor, passwordSession, totpCodeAt } from '#tests/support/totp';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { LAST_TRY_RESET } from '../sign-in/second-step';

let deps: TestDeps;
const NEW_PASSWORD = 'a long new password';
const OWNER_MAIL = 'owner@example.com';

beforeEach(async () => {
  deps = await createTestDeps();
  await insertUser(deps, 'owner', OWNER_MAIL);
});

const mailer = () => deps.mailer as RecordingMailer;

/** A browser with no cookie from its own address; `cookie()` is what it holds afterwards. */
function browser(ip = '198.51.100.23', cookie?: string) {
  const { caller, ctx } = callerFor(deps, { ip, cookie });
  return { caller, cookie: () => sessionCookieFrom(ctx.resHeaders) ?? cookie ?? '' };
}

async function mailsTo(to: string) {
  await mailsSettled(mailer());
  return mailer().sent.filter((m) => m.to === to);
}

/** The token of the last reset link mailed to `to`. */
async function linkToken(to = OWNER_MAIL): Promise<string> {
  const mail = (await mailsTo(to)).filter((m) => m.text.includes('/admin/reset-password')).at(-1);
  const token = /\/admin\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}

async function mailedCode(to = OWNER_MAIL): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await mailsTo(to)).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function requestLink(name = 'owner'): Promise<string> {
  await browser().caller.passwordReset.request({ name });
  return linkToken();
}

async function storedPasswordIs(password: string): Promise<boolean> {
  const row = await deps.db.select().from(users).where(eq(users.username, 'owner')).get();
  return verifyPassword(row?.password ?? '', password);
}

const signedInAs = async (cookie: string) =>
  (await callerFor(deps, { cookie }).caller.admin.check()).username;

describe('passwordReset.request', () => {
  it('answers the same for every name, and mails a link only to an account with an address', async () => {
    await insertUser(deps, 'no-mail');
    await writeInvited();
    const answers = await Promise.all(
      ['owner', 'OWNER@example.com', 'no-mail', 'nobody', 'invited'].map((name, i) =>
        browser(`192.0.2.${i + 1}`).caller.passwordReset.request({ name }),
      ),
    );
    for (const answer of answers) expect(answer).toEqual({ success: true, message: M.sent });
    await mailsSettled(mailer());
    // By username and by address (any case): two links, the second made the first dead.
    expect(mailer().sent.map((m) => m.to)).toEqual([OWNER_MAIL, OWNER_MAIL]);
    expect(mailer().sent[0]?.subject).toMatch(/^Choose a new password for /);
    const entries = (await auditEntries(deps.db)).map((e) => [e.action, e.actor, e.target]);
    expect(entries).toEqual([
      ['password_reset_requested', 'owner', 'owner'],
      ['password_reset_requested', 'owner', 'owner'],
    ]);
    expect(await deps.db.select().from(passwordResets).all()).toHaveLength(1);
  });

  it('mails nothing and records nothing when no mail can be delivered', async () => {
    const noMail = { canDeliver: false, send: () => Promise.reject(new Error('no mail')) };
    const { caller } = callerFor({ ...deps, mailer: noMail });
    expect(await caller.passwordReset.request({ name: 'owner' })).toEqual({
      success: true,
      message: M.sent,
    });
    expect(await auditEntries(deps.db)).toEqual([]);
    expect(await deps.db.select().from(passwordResets).all()).toEqual([]);
  });

  it('lets 10 of 20 requests at once from one address through, whatever names they give', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        browser('198.51.100.7').caller.passwordReset.request({ name: `someone-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(
      Array(10).fill('TOO_MANY_REQUESTS'),
    );
  });

  it('lets 3 of 20 requests at once for one account through, from any addresses', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        browser(`192.0.2.${i + 1}`).caller.passwordReset.request({ name: 'owner' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await mailsTo(OWNER_MAIL)).toHaveLength(3);
    // An unknown name is counted alike: its 429 tells nothing.
    for (let i = 0; i < 3; i++) {
      await browser(`192.0.2.${50 + i}`).caller.passwordReset.request({ name: 'ghost' });
    }
    const error = await failure(
      browser('192.0.2.60').caller.passwordReset.request({ name: 'ghost' }),
    );
    expect(error.code).toBe('TOO_MANY_REQUESTS');
  });
});

async function writeInvited() {
  const row = await insertUser(deps, 'invited', 'invited@example.com');
  await writeTransaction(deps.db, (tx) =>
    tx.update(users).set({ password: '' }).where(eq(users.id, row.id)),
  );
}

describe('following the link', () => {
  it('changes the password only after the e-mailed code, ends every session, signs in anew', async () => {
    const before = await signedInCookie(deps, 'owner');
    const owner = await deps.db.select().from(users).where(eq(users.username, 'owner')).get();
    const accessToken = await issuedTokenSecret(deps.db, owner?.id ?? 0, deps.clock.now());
    const token = await requestLink();
    const tab = browser();
    expect(await tab.caller.passwordReset.check({ token })).toEqual({
      username: 'owner',
      method: 'email',
    });
    expect(await tab.caller.passwordReset.choose({ token, password: NEW_PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'email',
    });
    // Not yet: the second factor decides.
    expect(await storedPasswordIs(PASSWORD)).toBe(true);
    const code = await mailedCode();
    const step = browser('198.51.100.23', tab.cookie());
    expect(await step.caller.admin.verifyCode({ code })).toEqual({ success: true });
    expect(await storedPasswordIs(NEW_PASSWORD)).toBe(true);
    expect(await signedInAs(step.cookie())).toBe('owner');
    expect(await signedInAs(before)).toBeNull();
    expect(await tokenWorks(deps.db, accessToken, deps.clock.now())).toBe(false);
    const notice = (await mailsTo(OWNER_MAIL)).at(-1);
    expect(notice?.subject).toBe('Your password was reset');
    expect(await deps.db.select().from(passwordResets).all()).toEqual([]);
    const entries = await auditEntries(deps.db);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['password_reset_requested', 'owner'],
      ['code_sent', 'owner'],
      ['password_reset', 'owner'],
      ['sign_in', 'owner'],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(token);
    expect(text).not.toContain(NEW_PASSWORD);
  });

  it('keeps the old password while the code is wrong; 5 wrong codes spend the link', async () => {
    const token = await requestLink();
    const tab = browser();
    await tab.caller.passwordReset.choose({ token, password: NEW_PASSWORD });
    const code = await mailedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const error = await failure(
        browser('198.51.100.23', tab.cookie()).caller.admin.verifyCode({ code: wrong }),
      );
      expect(error.code).toBe('UNAUTHORIZED');
      // The last says what to do: not "sign in again", which is what the person cannot do.
      if (i === 4) expect(error.message).toBe(LAST_TRY_RESET);
      else expect(error.message).toMatch(/^Wrong code\. \d (try|tries) left of 5\.$/);
    }
    expect(await storedPasswordIs(PASSWORD)).toBe(true);
    expect((await failure(browser().caller.passwordReset.check({ token }))).code).toBe('NOT_FOUND');
  });

  it('asks the authenticator app’s code of an account that has one', async () => {
    // The app is turned on by a user without an address (signed in by the password alone),
    // who then gets one for the link.
    await insertUser(deps, 'app-user');
    const { secret } = await enableTotpFor(deps, await passwordSession(deps, 'app-user'));
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ email: 'app@example.com' }).where(eq(users.username, 'app-user')),
    );
    await browser().caller.passwordReset.request({ name: 'app-user' });
    const token = await linkToken('app@example.com');
    const tab = browser();
    expect(await tab.caller.passwordReset.choose({ token, password: NEW_PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'totp',
    });
    deps.clock.advance(30_000);
    const code = await totpCodeAt(secret, deps.clock.now());
    await browser('198.51.100.23', tab.cookie()).caller.admin.verifyCode({ code });
    const row = await deps.db.select().from(users).where(eq(users.username, 'app-user')).get();
    expect(await verifyPassword(row?.password ?? '', NEW_PASSWORD)).toBe(true);
  });

  it('refuses a weak password with 400 and keeps the link', async () => {
    const token = await requestLink();
    expect(
      await issuesOf(browser().caller.passwordReset.choose({ token, password: 'owner owner 123' })),
    ).toEqual([{ path: 'password', message: expect.any(String) as string }]);
    expect(
      await issuesOf(browser().caller.passwordReset.choose({ token, password: 'too short' })),
    ).toEqual([{ path: 'password', message: ACCOUNT_MESSAGES.newPasswordShort }]);
    // A keyboard walk: zxcvbn's score under 3, in its own words (passwords/password-policy.ts).
    expect(
      await issuesOf(browser().caller.passwordReset.choose({ token, password: 'qwertyuiopasdf' })),
    ).toEqual([
      {
        path: 'password',
        message:
          'This is similar to a commonly used password. Add more words that are less common.',
      },
    ]);
    expect(await browser().caller.passwordReset.check({ token })).toMatchObject({
      username: 'owner',
    });
  });

  it('works for 30 minutes on the clock', async () => {
    const token = await requestLink();
    deps.clock.advance(30 * 60_000 - 1);
    expect(await browser().caller.passwordReset.check({ token })).toMatchObject({
      username: 'owner',
    });
    deps.clock.advance(1);
    expect((await failure(browser().caller.passwordReset.check({ token }))).code).toBe('NOT_FOUND');
    const error = await failure(
      browser().caller.passwordReset.choose({ token, password: NEW_PASSWORD }),
    );
    expect([error.code, error.message]).toEqual(['NOT_FOUND', M.gone]);
  });

  it('makes an older link dead when a newer one is asked for', async () => {
    const older = await requestLink();
    const newer = await requestLink('owner@example.com');
    expect(older).not.toBe(newer);
    expect((await failure(browser().caller.passwordReset.check({ token: older }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await browser().caller.passwordReset.check({ token: newer })).toMatchObject({
      username: 'owner',
    });
  });

  it('lets one of 20 submissions at once of one link go on: one password change', async () => {
    const token = await requestLink();
    let hashes = 0;
    const slots = createLimiter({ concurrency: 2, queue: 20 });
    const counting = {
      waiting: 0,
      run: <T>(fn: () => Promise<T>) => {
        hashes++;
        return slots.run(fn);
      },
    };
    const tabs = Array.from({ length: 20 }, (_, i) => {
      const { caller, ctx } = callerFor(
        { ...deps, hashLimiter: counting },
        { ip: `192.0.2.${i + 1}` },
      );
      return { caller, cookie: () => sessionCookieFrom(ctx.resHeaders) ?? '' };
    });
    const results = await Promise.allSettled(
      tabs.map((tab, i) =>
        tab.caller.passwordReset.choose({ token, password: `${NEW_PASSWORD} ${i}` }),
      ),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.status === 'rejected');
    expect(new Set(lost.map((r) => (r.reason as Error).message))).toEqual(new Set([M.gone]));
    // The link is claimed before the slow hash: the 19 others never took a hashing slot.
    expect(hashes).toBe(1);
    const winner = won[0] ?? -1;
    const code = await mailedCode();
    await browser('192.0.2.1', tabs[winner]?.cookie()).caller.admin.verifyCode({ code });
    expect(await storedPasswordIs(`${NEW_PASSWORD} ${winner}`)).toBe(true);
    const resets = (await auditEntries(deps.db)).filter((e) => e.action === 'password_reset');
    expect(resets).toHaveLength(1);
  });

  it('answers an unknown token after a read, writing nothing, and throttles its address', async () => {
    const unknown = 'u'.repeat(43);
    for (let i = 0; i < 30; i++) {
      const error = await failure(
        browser('192.0.2.77').caller.passwordReset.check({ token: unknown }),
      );
      expect(error.code).toBe('NOT_FOUND');
    }
    const error = await failure(
      browser('192.0.2.77').caller.passwordReset.choose({ token: unknown, password: NEW_PASSWORD }),
    );
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(await deps.db.select().from(passwordResets).all()).toEqual([]);
    expect(await auditEntries(deps.db)).toEqual([]);
  });
});
