/**
 * In production every administrator has a second factor (docs/accounts.md): one without (the
 * first administrator from ADMIN_*, a user added on the command line without an address) who
 * signs in with the password is signed in to setting one up and nothing else, until one is on.
 * In development the password alone keeps signing in fully.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SET_UP_SECOND_FACTOR } from '#shared/auth';
import { createApp, type App } from '#server/app/app';
import { appRouter } from '#server/app/app-router';
import { SET_UP_PROCEDURES } from './admin-procedure';
import { mailsSettled } from '#server/platform/mail';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { addPasskey } from '#tests/support/passkeys';
import { rest } from '#tests/support/rest';
import { enableTotpFor, passwordSession } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';

let deps: TestDeps;
let mailer: RecordingMailer;

async function start(production: boolean) {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer, config: testConfig({ production }) });
  await insertUser(deps, 'owner');
}

/** Calls that are no part of the set-up: each must answer the set-up's 401. */
const notSetUp: [string, (caller: Caller) => Promise<unknown>][] = [
  ['facts.listAll', (c) => c.facts.listAll()],
  ['tags.list', (c) => c.tags.list()],
  ['messages.list', (c) => c.messages.list({})],
  ['subscribers.list', (c) => c.subscribers.list({})],
  ['newsletters.list', (c) => c.newsletters.list()],
  ['analytics.report', (c) => c.analytics.report({})],
  ['users.list', (c) => c.users.list()],
  ['users.invite', (c) => c.users.invite({ username: 'mallory', email: 'm@example.com' })],
  ['audit.list', (c) => c.audit.list({})],
  ['content.get', (c) => c.content.get()],
  ['account.sessions', (c) => c.account.sessions()],
  ['account.endOtherSessions', (c) => c.account.endOtherSessions()],
  [
    'account.changePassword',
    (c) => c.account.changePassword({ currentPassword: PASSWORD, newPassword: 'x'.repeat(20) }),
  ],
  [
    'secondFactor.regenerateRecoveryCodes',
    (c) => c.secondFactor.regenerateRecoveryCodes({ password: PASSWORD }),
  ],
];

async function expectSetUpOnly(cookie: string) {
  const { caller } = callerFor(deps, { cookie });
  for (const [name, call] of notSetUp) {
    const error = await failure(call(caller));
    expect([name, error.code, error.message]).toEqual([name, 'UNAUTHORIZED', SET_UP_SECOND_FACTOR]);
  }
}

async function expectFullySignedIn(cookie: string) {
  const { caller } = callerFor(deps, { cookie });
  expect((await caller.admin.check()).setupRequired).toBe(false);
  expect(await caller.facts.listAll()).toEqual(expect.any(Array));
  expect((await caller.users.list()).map((u) => u.username)).toContain('owner');
  expect((await caller.account.sessions()).sessions).toHaveLength(1);
}

describe('in production, a user without a second factor', { timeout: 60_000 }, () => {
  beforeEach(() => start(true));

  it('signs in with the password to the set-up only: admin.check and the login say so', async () => {
    const { caller } = callerFor(deps);
    expect(await caller.admin.login({ username: 'owner', password: PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: true,
    });
    expect(await caller.admin.check()).toEqual({
      authenticated: true,
      username: 'owner',
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: true,
    });
  });

  it('gets 401 with what to do from every admin procedure but the set-up’s', async () => {
    await expectSetUpOnly(await passwordSession(deps, 'owner'));
  });

  it('still gets the 401 for 20 admin calls at once', async () => {
    const cookie = await passwordSession(deps, 'owner');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => callerFor(deps, { cookie }).caller.facts.listAll()),
    );
    expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(
      Array.from({ length: 20 }, () => SET_UP_SECOND_FACTOR),
    );
  });

  it('reads its account and signs out', async () => {
    const cookie = await passwordSession(deps, 'owner');
    const { caller } = callerFor(deps, { cookie });
    expect(await caller.account.get()).toMatchObject({
      user: { username: 'owner', email: null },
      secondFactor: 'none',
      passkeys: [],
    });
    await caller.admin.logout();
    expect((await callerFor(deps, { cookie }).caller.admin.check()).authenticated).toBe(false);
  });

  it('turns the authenticator app on, and the same session is a full one at once', async () => {
    const cookie = await passwordSession(deps, 'owner');
    const { caller } = callerFor(deps, { cookie });
    // A set-up begun and cancelled changes nothing.
    await caller.secondFactor.totpSetup({ password: PASSWORD });
    await caller.secondFactor.totpCancelSetup();
    await expectSetUpOnly(cookie);
    await enableTotpFor(deps, cookie);
    await expectFullySignedIn(cookie);
  });

  it('adds an e-mail address with its code, and the same session is a full one at once', async () => {
    const cookie = await passwordSession(deps, 'owner');
    const { caller } = callerFor(deps, { cookie });
    await caller.account.changeEmail({ password: PASSWORD, email: 'owner@example.com' });
    await expectSetUpOnly(cookie);
    await mailsSettled(mailer);
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    await caller.account.verifyEmail({ code });
    await expectFullySignedIn(cookie);
  });

  it('adds a passkey, and the same session is a full one at once', async () => {
    const cookie = await passwordSession(deps, 'owner');
    await expectSetUpOnly(cookie);
    await addPasskey(deps, cookie);
    await expectFullySignedIn(cookie);
  });
});

describe('in development, a user without a second factor', { timeout: 60_000 }, () => {
  beforeEach(() => start(false));

  it('signs in fully with the password alone, as before', async () => {
    const cookie = await passwordSession(deps, 'owner');
    await expectFullySignedIn(cookie);
  });
});

describe('the set-up’s list', () => {
  it('names procedures that exist (a renamed one would drop out of it unseen)', () => {
    const procedures = Object.keys(appRouter._def.procedures);
    for (const path of SET_UP_PROCEDURES) expect(procedures).toContain(path);
  });
});

describe(
  'REST, in production, for a session signed in to the set-up only',
  { timeout: 60_000 },
  () => {
    let app: App;

    beforeEach(async () => {
      await start(true);
      app = createApp(deps);
    });

    it('answers 401 with what to do on admin paths and downloads, and serves the set-up’s', async () => {
      const cookie = await passwordSession(deps, 'owner');
      const refused = { success: false, message: SET_UP_SECOND_FACTOR };
      for (const path of ['/api/ai-facts/all', '/api/messages', '/api/users', '/api/audit.csv']) {
        const res = await rest(app, 'GET', path, { cookie });
        expect([path, res.status, res.body]).toEqual([path, 401, refused]);
      }
      const created = await rest(app, 'POST', '/api/ai-facts', {
        cookie,
        json: { factText: 'A fact of five words', source: 'Somewhere' },
      });
      expect([created.status, created.body]).toEqual([401, refused]);
      expect(await rest(app, 'GET', '/api/admin/check', { cookie })).toMatchObject({
        status: 200,
        body: { authenticated: true, setupRequired: true },
      });
      expect(await rest(app, 'GET', '/api/account', { cookie })).toMatchObject({
        status: 200,
        body: { success: true, secondFactor: 'none' },
      });
      const setUp = await rest(app, 'POST', '/api/account/totp/setup', {
        cookie,
        json: { password: PASSWORD },
      });
      expect(setUp).toMatchObject({ status: 200, body: { success: true } });
    });
  },
);
