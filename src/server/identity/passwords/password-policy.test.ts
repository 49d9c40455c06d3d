/**
 * A new password chosen on the Account screen or through an invitation is refused (400, with
 * the field's path, nothing changed) when it is a common password, repetitive, holds the
 * username or the company's saved name, or scores under 3 on zxcvbn (docs/accounts.md).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { callerFor, createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { invitationToken } from '#tests/support/invitations';
import { rest } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';
import type { RecordingMailer } from '#tests/support/app';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { verifyPassword } from './passwords';
import type { App } from '#server/app/app';

let deps: TestDeps;
let app: App;

beforeEach(async () => {
  ({ deps, app } = await createTestApp());
});

const ZXCVBN_COMMON =
  'This is similar to a commonly used password. Add more words that are less common.';

const WEAK: [string, string][] = [
  ['123456789012', ACCOUNT_MESSAGES.newPasswordCommon],
  ['Password1234', ACCOUNT_MESSAGES.newPasswordCommon],
  ['aaaaaaaaaaaa', ACCOUNT_MESSAGES.newPasswordRepetitive],
  ['passwordpassword', ACCOUNT_MESSAGES.newPasswordRepetitive],
  ['erin likes tea', ACCOUNT_MESSAGES.newPasswordUsername],
  ['hello ACME AI friends', ACCOUNT_MESSAGES.newPasswordCompany],
  // zxcvbn scores them under 3 (keyboard walks, a name and a year): its own advice is the message.
  ['qwertyuiopasdf', ZXCVBN_COMMON],
  ['qwertyuiopas', ZXCVBN_COMMON],
  ['johnsmith1987', 'Add more words that are less common.'],
];

describe('a new password that is easy to guess', { timeout: 30_000 }, () => {
  it('is refused by account.changePassword (400 on newPassword); the password stays', async () => {
    await insertUser(deps, 'erin');
    const cookie = await signedInCookie(deps, 'erin');
    for (const [newPassword, message] of WEAK) {
      const refused = await failure(
        callerFor(deps, { cookie }).caller.account.changePassword({
          currentPassword: PASSWORD,
          newPassword,
        }),
      );
      expect([refused.code, refused.message]).toEqual(['BAD_REQUEST', message]);
    }
    const answer = await rest(app, 'POST', '/api/account/password', {
      cookie,
      json: { currentPassword: PASSWORD, newPassword: '123456789012' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.newPasswordCommon,
      issues: [{ path: 'newPassword', message: ACCOUNT_MESSAGES.newPasswordCommon }],
    });
    const row = await deps.db.select().from(users).where(eq(users.username, 'erin')).get();
    expect(await verifyPassword(row?.password ?? '', PASSWORD)).toBe(true);
    // A sound one is taken.
    await callerFor(deps, { cookie }).caller.account.changePassword({
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
  });

  it('is refused by invitation.accept (400 on password); the invitation stays usable', async () => {
    const owner = callerFor(deps, { cookie: await signedInCookie(deps, 'owner') }).caller;
    await owner.users.invite({ username: 'erin', email: 'erin@example.com' });
    const token = await invitationToken(deps.mailer as RecordingMailer, 'erin@example.com');
    for (const [password, message] of WEAK) {
      const refused = await failure(callerFor(deps).caller.invitation.accept({ token, password }));
      expect([refused.code, refused.message]).toEqual(['BAD_REQUEST', message]);
    }
    const answer = await rest(app, 'POST', '/api/admin/invite', {
      json: { token, password: 'aaaaaaaaaaaa' },
    });
    expect(answer.body).toMatchObject({
      issues: [{ path: 'password', message: ACCOUNT_MESSAGES.newPasswordRepetitive }],
    });
    expect(
      await callerFor(deps).caller.invitation.accept({ token, password: 'a brand new passphrase' }),
    ).toEqual({ success: true, username: 'erin' });
  });
});
