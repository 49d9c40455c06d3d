/**
 * `users.endSessions` (POST /api/users/:id/sessions/end): another administrator signed out
 * everywhere from the Administrators screen (docs/accounts.md), after a recent proof, audited,
 * and mailed to them; never yourself (the Account screen's "Sign out everywhere else" is
 * yours), 404 for no such administrator.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, twoFactorChallenges } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { USER_MESSAGES as M } from '#shared/users';
import { mailsSettled } from '#server/platform/mail';
import {
  callerFor,
  createRecordingMailer,
  createTestApp,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import type { App } from '#server/app/app';
import { auditEntries } from '#tests/support/audit';
import { rest } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';
import { RECENT_PROOF_MS } from '../recent-proof/recent-proof';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let adminCookie: string;
let adminId: number;
let erinId: number;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ mailer }));
  adminId = (await insertUser(deps, 'admin')).id;
  erinId = (await insertUser(deps, 'erin', 'erin@example.com')).id;
  adminCookie = await signedInCookie(deps, 'admin');
});

const as = (cookie: string, ip = '203.0.113.7') => callerFor(deps, { cookie, ip }).caller;
const isSignedIn = async (cookie: string) =>
  (await callerFor(deps, { cookie }).caller.admin.check()).authenticated;
const sessionsOf = (userId: number) =>
  deps.db.select().from(sessions).where(eq(sessions.userId, userId)).all();

/** Erin signed in on two browsers, and a third sign-in of hers waiting for its code. */
async function erinEverywhere(): Promise<string[]> {
  const cookies = [await signedInCookie(deps, 'erin'), await signedInCookie(deps, 'erin')];
  const { caller } = callerFor(deps, { ip: '198.51.100.9' });
  expect(await caller.admin.login({ username: 'erin', password: PASSWORD })).toMatchObject({
    requiresTwoFactor: true,
    method: 'email',
  });
  await mailsSettled(mailer);
  mailer.sent.length = 0;
  return cookies;
}

describe('users.endSessions', () => {
  it('ends every session and pending sign-in of theirs, audits it, mails them; yours stays', async () => {
    const erin = await erinEverywhere();
    expect(await sessionsOf(erinId)).toHaveLength(2);

    expect(await as(adminCookie).users.endSessions({ id: erinId })).toEqual({
      success: true,
      ended: 2,
    });
    expect(await sessionsOf(erinId)).toEqual([]);
    expect(
      await deps.db
        .select()
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.userId, erinId))
        .all(),
    ).toEqual([]);
    for (const cookie of erin) expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(adminCookie)).toBe(true);
    expect((await auditEntries(deps.db)).at(-1)).toMatchObject({
      action: 'sessions_ended',
      actor: 'admin',
      target: 'erin',
      address: '203.0.113.x',
    });

    await mailsSettled(mailer);
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['erin@example.com', 'You were signed out everywhere'],
    ]);
    const text = mailer.sent[0]?.text ?? '';
    expect(text).toContain('The administrator admin signed you out everywhere');
    expect(text).toContain('If you did not expect this, contact admin');
  });

  it('refuses yourself with 409 pointing to "Sign out everywhere else", and ends nothing', async () => {
    const other = await signedInCookie(deps, 'admin');
    const error = await failure(as(adminCookie).users.endSessions({ id: adminId }));
    expect([error.code, error.message]).toEqual(['CONFLICT', M.endOwnSessions]);
    expect(error.message).toContain('Sign out everywhere else');
    expect(await isSignedIn(other)).toBe(true);
    expect(await auditEntries(deps.db)).toEqual([]);
  });

  it('answers 404 for no such administrator, and records nothing', async () => {
    const error = await failure(as(adminCookie).users.endSessions({ id: erinId + 100 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', M.notFound]);
    expect(await auditEntries(deps.db)).toEqual([]);
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([]);
  });

  it('needs a recent proof: past 10 minutes, 401 asking for the password, then the password does', async () => {
    const [erin] = await erinEverywhere();
    deps.clock.advance(RECENT_PROOF_MS);
    const asked = await failure(as(adminCookie).users.endSessions({ id: erinId }));
    expect([asked.code, asked.message]).toEqual(['UNAUTHORIZED', ACCOUNT_MESSAGES.passwordNeeded]);
    expect(await isSignedIn(erin!)).toBe(true);
    const wrong = await failure(
      as(adminCookie).users.endSessions({ id: erinId, password: 'not the password' }),
    );
    expect(wrong.code).toBe('UNAUTHORIZED');
    expect(await isSignedIn(erin!)).toBe(true);
    expect(
      await as(adminCookie).users.endSessions({ id: erinId, password: PASSWORD }),
    ).toMatchObject({ ended: 2 });
    expect(await isSignedIn(erin!)).toBe(false);
  });

  it('sent 20 times at once: each session ends once, one entry and one mail', async () => {
    await erinEverywhere();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(adminCookie).users.endSessions({ id: erinId })),
    );
    expect(answers.map((answer) => answer.ended).sort((a, b) => b - a)).toEqual([
      2,
      ...Array<number>(19).fill(0),
    ]);
    expect(await sessionsOf(erinId)).toEqual([]);
    const entries = (await auditEntries(deps.db)).filter((e) => e.action === 'sessions_ended');
    expect(entries).toHaveLength(1);
    await mailsSettled(mailer);
    expect(mailer.sent).toHaveLength(1);
  });

  it('is POST /api/users/:id/sessions/end, the password in the body when asked', async () => {
    await erinEverywhere();
    deps.clock.advance(RECENT_PROOF_MS);
    const path = `/api/users/${erinId}/sessions/end`;
    expect((await rest(app, 'POST', path, { cookie: adminCookie })).status).toBe(401);
    const ended = await rest(app, 'POST', path, {
      cookie: adminCookie,
      json: { password: PASSWORD },
    });
    expect([ended.status, ended.body]).toEqual([200, { success: true, ended: 2 }]);
    const unknown = await rest(app, 'POST', `/api/users/${erinId + 100}/sessions/end`, {
      cookie: adminCookie,
      json: { password: PASSWORD },
    });
    expect(unknown.status).toBe(404);
  });
});
