/**
 * An account's first second factor is announced to the other administrators
 * (docs/accounts.md, "Notice e-mails"): until then its password alone signed in, so whoever
 * set the factor up first now holds the account. The app's real mailer talks SMTP to a real
 * server in this process, and the notices are read from what that server received.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, mailsSettled } from '#server/platform/mail';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { addPasskey } from '#tests/support/passkeys';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { enableTotpFor } from '#tests/support/totp';
import { insertUser, PASSWORD } from '#tests/support/users';

let sink: SmtpSink;
let deps: TestDeps;
let dana: string;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

beforeEach(async () => {
  sink.mails.length = 0;
  // In production an account without a factor is signed in to setting one up only.
  deps = await createTestDeps({ config: testConfig({ production: true }) });
  deps.mailer = createMailer({
    smtpUrl: sink.url,
    from: 'no-reply@example.com',
    production: false,
    logger: deps.logger,
  });
  await insertUser(deps, 'owner', 'owner@example.com');
  await insertUser(deps, 'bob', 'bob@example.com');
  // No address: nobody to tell.
  await insertUser(deps, 'carol');
  await insertUser(deps, 'dana');
  dana = await signedInCookie(deps, 'dana');
});

/** The announcements received so far: to whom, with which subject. */
async function announcements() {
  await mailsSettled(deps.mailer);
  return sink.mails
    .filter((mail) => mail.headers.get('subject')?.includes('set up a second factor'))
    .map((mail) => [mail.to, mail.headers.get('subject')])
    .sort();
}

const TOLD = [
  ['bob@example.com', 'dana set up a second factor'],
  ['owner@example.com', 'dana set up a second factor'],
];

describe('the first second factor of an account', { timeout: 30_000 }, () => {
  it('is announced when it is the authenticator app, and a second one is not', async () => {
    await enableTotpFor(deps, dana);
    expect(await announcements()).toEqual(TOLD);
    const notice = sink.to('owner@example.com')[0]?.text.replace(/\s+/g, ' ') ?? '';
    expect(notice).toContain(
      'The administrator dana, who signed in with a password alone until now, set up an authenticator app',
    );
    expect(notice).toContain('press "Remove" beside dana');
    await addPasskey(deps, dana);
    expect(await announcements()).toEqual(TOLD);
  });

  it('is announced when it is a passkey', async () => {
    await addPasskey(deps, dana);
    expect(await announcements()).toEqual(TOLD);
    expect(sink.to('owner@example.com')[0]?.text.replace(/\s+/g, ' ')).toContain(
      'set up a passkey',
    );
  });

  it('is announced when it is the e-mailed code, once the address is confirmed', async () => {
    const caller = callerFor(deps, { cookie: dana }).caller;
    await caller.account.changeEmail({ password: PASSWORD, email: 'dana@example.com' });
    await mailsSettled(deps.mailer);
    // Asking for the code is no factor yet.
    expect(await announcements()).toEqual([]);
    const code = /\b(\d{6})\b/.exec(sink.to('dana@example.com')[0]?.text ?? '')?.[1] ?? '';
    await caller.account.verifyEmail({ code });
    expect(await announcements()).toEqual(TOLD);
  });

  it('is not announced for an account that had one already', async () => {
    await enableTotpFor(deps, await signedInCookie(deps, 'owner'));
    expect(await announcements()).toEqual([]);
  });
});
