/**
 * Every administrator with an address is told when another is invited, joins or is removed
 * (docs/accounts.md, "Notice e-mails"): the one who acted too, since a stolen session acts
 * in its owner's name. Sent after the answer; a failing mail is logged and the change stands.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '#db/schema';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { invitationToken } from '#tests/support/invitations';
import { insertUser } from '#tests/support/users';
import { mailsSettled } from '#server/platform/mail';

let deps: TestDeps;
let mailer: RecordingMailer;
let owner: ReturnType<typeof callerFor>['caller'];

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
  await insertUser(deps, 'owner', 'owner@example.com');
  await insertUser(deps, 'bob', 'bob@example.com');
  // No address: nobody to tell.
  await insertUser(deps, 'carol');
  owner = callerFor(deps, { cookie: await signedInCookie(deps, 'owner') }).caller;
});

/** The notices about administrators sent so far: to whom, with which subject. */
async function notices() {
  await mailsSettled(mailer);
  return mailer.sent
    .filter((m) => m.subject.includes('as an administrator') || m.subject.includes('joined'))
    .map((m) => [m.to, m.subject])
    .sort();
}

describe('notices about administrators', { timeout: 30_000 }, () => {
  it('tells every administrator with an address of an invitation, the join and the removal', async () => {
    const erin = await owner.users.invite({ username: 'erin', email: 'erin@example.com' });
    expect(await notices()).toEqual([
      ['bob@example.com', 'erin was invited as an administrator'],
      ['owner@example.com', 'erin was invited as an administrator'],
    ]);
    const invited = mailer.sent.find((m) => m.to === 'bob@example.com');
    expect(invited?.text).toContain('The administrator owner invited erin');
    // What to do if it was not expected: the Administrators screen's button, not the server.
    expect(invited?.text).toContain(
      'Open Administrators (http://localhost/admin/users) in the admin. Press "Remove" beside anyone you do not know',
    );

    const token = await invitationToken(mailer, 'erin@example.com');
    mailer.sent.length = 0;
    await callerFor(deps).caller.invitation.accept({ token, password: 'a long new passphrase' });
    expect(await notices()).toEqual([
      ['bob@example.com', 'erin joined as an administrator'],
      ['owner@example.com', 'erin joined as an administrator'],
    ]);

    mailer.sent.length = 0;
    await owner.users.remove({ id: erin.id });
    expect(await notices()).toEqual([
      ['bob@example.com', 'erin was removed as an administrator'],
      ['owner@example.com', 'erin was removed as an administrator'],
    ]);
  });

  it('tells them of a re-invitation too', async () => {
    const erin = await owner.users.invite({ username: 'erin', email: 'erin@example.com' });
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    await owner.users.resendInvitation({ id: erin.id });
    expect(await notices()).toEqual([
      ['bob@example.com', 'erin was invited as an administrator'],
      ['owner@example.com', 'erin was invited as an administrator'],
    ]);
  });

  it('keeps the change when a notice fails: it is logged', async () => {
    const bob = (await owner.users.list()).find((u) => u.username === 'bob');
    mailer.failNext = true;
    expect(await owner.users.remove({ id: bob?.id ?? 0 })).toEqual({ success: true });
    await mailsSettled(mailer);
    expect((await owner.users.list()).map((u) => u.username)).toEqual(['carol', 'owner']);
    expect(deps.logger.lines.some((l) => l.includes('"mail.failed"'))).toBe(true);
    expect(await deps.db.select().from(outbox).all()).toMatchObject([
      { kind: 'notice', status: 'failed' },
    ]);
  });
});
