/**
 * A second-factor challenge's id is stored hashed, like a session's (docs/accounts.md,
 * "Sessions"): the cookie carries the id while the code is awaited, and the challenge's row,
 * and a password reset bound to it, keep only its hash. Read in the database file and its
 * `-wal` too, where SQLite keeps pages a change left behind.
 */
import { sealData } from 'iron-session';
import { expect, it } from 'vitest';
import { passwordResets, twoFactorChallenges } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import { cookieSealKey } from '#server/platform/keys';
import { callerFor, createTestDeps, type RecordingMailer, type TestDeps } from '#tests/support/app';
import { databaseFileBytes } from '#tests/support/database';
import { failure } from '#tests/support/trpc-errors';
import { challengeIdFrom, insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { challengeRowId, SESSION_TTL_MS, sessionCookieName } from '../sessions/session';

/** The challenge id the cookie carries, and the cookie. */
async function pendingSignIn(deps: TestDeps, username: string) {
  const { caller, ctx } = callerFor(deps);
  await caller.admin.login({ username, password: PASSWORD });
  const cookie = sessionCookieFrom(ctx.resHeaders) ?? '';
  const challengeId = await challengeIdFrom(deps, cookie);
  expect(challengeId).toMatch(/^[\w-]{43}$/);
  return { cookie, challengeId };
}

async function lastCode(deps: TestDeps): Promise<string> {
  const mailer = deps.mailer as RecordingMailer;
  await mailsSettled(mailer);
  return /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
}

/** The embedded database's file and its -wal (this file runs on the embedded driver only). */
function databaseBytes(deps: TestDeps): Buffer {
  const bytes = databaseFileBytes(deps.db);
  expect(bytes).not.toBeNull();
  return bytes ?? Buffer.alloc(0);
}

it('keeps only the hash of the id its cookie carries: a copied row’s id awaits no code', async () => {
  const deps = await createTestDeps();
  await insertUser(deps, 'erin', 'erin@example.com');
  const { cookie, challengeId } = await pendingSignIn(deps, 'erin');

  const rows = await deps.db.select({ id: twoFactorChallenges.id }).from(twoFactorChallenges).all();
  expect(rows).toEqual([{ id: challengeRowId(challengeId) }]);
  expect(rows[0]?.id).not.toBe(challengeId);
  const bytes = databaseBytes(deps);
  expect(bytes.includes(Buffer.from(challengeRowId(challengeId)))).toBe(true);
  expect(bytes.includes(Buffer.from(challengeId))).toBe(false);

  // Someone with a copy of the database, and even the key that seals cookies, puts the row's
  // id in a cookie of their own: no sign-in awaits a code under it.
  const code = await lastCode(deps);
  const forged = await sealData(
    { challengeId: rows[0]?.id },
    { password: cookieSealKey(deps.config.sessionSecret), ttl: SESSION_TTL_MS / 1000 },
  );
  const refused = await failure(
    callerFor(deps, { cookie: `${sessionCookieName(false)}=${forged}` }).caller.admin.verifyCode({
      code,
    }),
  );
  expect(refused.code).toBe('UNAUTHORIZED');
  // The cookie that carries the id itself goes on, and its code signs in.
  const { caller } = callerFor(deps, { cookie });
  expect(await caller.admin.verifyCode({ code })).toEqual({ success: true });
  expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
});

it('binds a password reset’s new password to the challenge’s hash, never its id', async () => {
  const deps = await createTestDeps();
  await insertUser(deps, 'owner', 'owner@example.com');
  const visitor = callerFor(deps, { ip: '198.51.100.23' });
  await visitor.caller.passwordReset.request({ name: 'owner' });
  await mailsSettled(deps.mailer as RecordingMailer);
  const link = (deps.mailer as RecordingMailer).sent.at(-1)?.text ?? '';
  const token = /token=([\w-]+)/.exec(link)?.[1] ?? '';
  const tab = callerFor(deps, { ip: '198.51.100.23' });
  await tab.caller.passwordReset.choose({ token, password: 'a long new password' });
  const challengeId = await challengeIdFrom(deps, sessionCookieFrom(tab.ctx.resHeaders) ?? '');
  expect(challengeId).toMatch(/^[\w-]{43}$/);

  const bound = await deps.db
    .select({ challengeId: passwordResets.challengeId })
    .from(passwordResets)
    .all();
  expect(bound).toEqual([{ challengeId: challengeRowId(challengeId) }]);
  expect(databaseBytes(deps).includes(Buffer.from(challengeId))).toBe(false);
});
