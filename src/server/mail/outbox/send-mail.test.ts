import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '#db/schema';
import { writeTransaction } from '#db';
import { createMailSender } from '#server/app/mail-sender';
import { createMailer, mailsSettled, type Mailer } from '#server/platform/mail';
import type { MailSender } from '#server/mail/outbox/mail-loop';
import { createMemoryLogger } from '#tests/support/logger';
import { createRecordingMailer, createTestDeps, type TestDeps } from '#tests/support/app';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { deliverNow, sendInBackground } from './send-mail';
import { queueMail } from './queue-mail';

let deps: TestDeps;
let sender: MailSender | undefined;
let sink: SmtpSink | undefined;

beforeEach(async () => {
  deps = await createTestDeps();
});

afterEach(async () => {
  await sender?.stop();
  sender = undefined;
  await sink?.close();
  sink = undefined;
});

const rows = () => deps.db.select().from(outbox).all();
const message = { to: 'ann@example.com', subject: 'Hi', text: 'Hello' };
const events = { failed: 'test.failed', fields: { about: 1 } };

describe('sendInBackground', () => {
  it('writes the mail into the outbox after the answer; mailsSettled sends it when no sender runs', async () => {
    const mailer = createRecordingMailer();
    deps.mailer = mailer;
    sendInBackground(deps, 'notice', message, events);
    expect(await rows()).toEqual([]);
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([message]);
    expect(await rows()).toMatchObject([
      { kind: 'notice', toEmail: 'ann@example.com', status: 'sent', attempts: 1 },
    ]);
  });

  it('keeps a mail the SMTP server cannot take now, for the sender to retry; no address logged', async () => {
    sink = await startSmtpSink({
      refuse: () => ({ code: 451, message: '<ann@example.com> later' }),
    });
    const mailer: Mailer = createMailer({
      smtpUrl: sink.url,
      from: 'site@example.com',
      production: false,
      logger: deps.logger,
    });
    deps.mailer = mailer;
    sendInBackground(deps, 'notice', async () => message, events);
    await mailsSettled(mailer);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.lastError).toContain('(address)');
    const line = deps.logger.lines.find((l) => l.includes('"mail.deferred"')) ?? '';
    expect(line).toContain('later');
    expect(line).not.toContain('ann@');
  });

  it('logs a mail that could not be built, without its addresses, and queues nothing', async () => {
    const logger = createMemoryLogger();
    deps.logger = logger;
    sendInBackground(
      deps,
      'notice',
      () => Promise.reject(new Error('no site for ann@example.com')),
      events,
    );
    await mailsSettled(deps.mailer);
    expect(await rows()).toEqual([]);
    const line = logger.lines.find((l) => l.includes('"test.failed"')) ?? '';
    expect(line).toContain('"about":1');
  });

  it('wakes a running sender, and mailsSettled waits for it', async () => {
    const mailer = createRecordingMailer();
    deps.mailer = mailer;
    sender = createMailSender(deps, { id: 'running' });
    sender.start();
    sendInBackground(deps, 'code', message, events);
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([message]);
    expect(await rows()).toMatchObject([{ status: 'sent', claimedBy: 'running' }]);
  });
});

describe('deliverNow', () => {
  it('sends the queued row from the request, and fails it for good when SMTP cannot take it', async () => {
    const mailer = createRecordingMailer();
    deps.mailer = mailer;
    const queue = () =>
      writeTransaction(deps.db, (tx) => queueMail(tx, { kind: 'code', message }, deps.clock.now()));
    expect(await deliverNow(deps, await queue())).toBe('sent');
    mailer.failNext = true;
    const failing = await queue();
    expect(await deliverNow(deps, failing)).toBe('failed');
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['failed', 1],
    ]);
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([message]);
  });
});
