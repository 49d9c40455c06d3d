/**
 * The mail service down (nothing listens) or refusing (550 to every sender): contact messages
 * are still stored and answered 201, their notification kept in the outbox (docs/mail.md), and a login that needs an e-mailed code answers 503 with
 * the error body, leaving no challenge behind and no half-signed-in session.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { contacts, outbox, throttleEvents, twoFactorChallenges } from '#db/schema';
import { createTestApp, testConfig } from '#tests/support/app';
import { startHeldSmtp, type HeldSmtp } from '#tests/support/held-smtp';
import { rest } from '#tests/support/rest';
import { mailsSettled } from '#server/platform/mail';
import { createMemoryLogger } from '#tests/support/logger';
import { createMailer } from '#server/platform/mail';
import { addUser } from '#server/identity/users/manage-users';

/** An address where nothing listens: a port just freed by a server bound to it. */
async function closedSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

let refusing: HeldSmtp | undefined;
afterEach(async () => {
  await refusing?.close();
  refusing = undefined;
});

const services: [string, () => Promise<string>][] = [
  ['down', closedSmtpUrl],
  [
    'refusing',
    async () => {
      refusing = await startHeldSmtp('refuse');
      return refusing.url;
    },
  ],
];

describe.each(services)('SMTP %s', (name, smtpUrl) => {
  async function appWithMail() {
    const logger = createMemoryLogger();
    const config = testConfig({ smtpUrl: await smtpUrl(), contactNotifyTo: 'owner@example.com' });
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      production: false,
      logger,
    });
    return { ...(await createTestApp({ config, mailer, logger })), mailer, logger };
  }

  it('a contact message is stored and answered 201; its notification stays in the outbox', async () => {
    const { app, deps, mailer, logger } = await appWithMail();
    const res = await rest(app, 'POST', '/api/contact', {
      json: {
        name: 'Mail Fault',
        email: 'visitor@example.com',
        subject: 'other',
        message: 'Stored even though mail is broken.',
        privacy: true,
      },
    });
    expect(res.status).toBe(201);
    await mailsSettled(mailer);
    expect((await deps.db.select().from(contacts).all()).map((c) => c.message)).toEqual([
      'Stored even though mail is broken.',
    ]);
    // Down: kept for a retry; refusing every sender: failed there, for the Mail screen's retry.
    const [mail] = await deps.db.select().from(outbox).all();
    expect(mail?.status).toBe(name === 'down' ? 'queued' : 'failed');
    expect(mail?.lastError).toBeTruthy();
    const event = name === 'down' ? '"mail.deferred"' : '"mail.failed"';
    expect(logger.lines.some((line) => line.includes(event))).toBe(true);
  }, 30_000);

  it('a second-factor login answers 503 and leaves nobody half signed in', async () => {
    const { app, deps } = await appWithMail();
    await addUser(
      deps.db,
      { username: 'erin', password: 'a long enough password', email: 'erin@example.com' },
      deps.clock.now(),
    );
    const res = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'erin', password: 'a long enough password' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'The sign-in code could not be e-mailed. Please try again in a few minutes.',
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    const check = await rest(app, 'GET', '/api/admin/check');
    expect(check.body).toEqual({
      authenticated: false,
      username: null,
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: false,
    });
    // A code that was never delivered does not use up one of the 5 a user may be sent.
    expect(
      (await deps.db.select().from(throttleEvents).all()).filter((event) =>
        event.bucket.startsWith('codes-sent:'),
      ),
    ).toEqual([]);
  }, 30_000);
});
