import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { closeDatabase, openDatabase, writeTransaction, type DatabaseTarget, type Db } from '#db';
import { deliveryReports, outbox, suppressions } from '#db/schema';
import { createMailLoop, type MailSender } from '#server/mail/outbox/mail-loop';
import { createMailer, type Mailer } from '#server/platform/mail';
import type { OutboxKind } from '#shared/outbox';
import { openTestDatabase } from '#tests/support/database';
import {
  createRecordingMailer,
  createTestClock,
  testConfig,
  type TestClock,
} from '#tests/support/app';
import { createMemoryLogger } from '#tests/support/logger';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { startHeldSmtp } from '#tests/support/held-smtp';
import { outboxJob, RETRY_BACKOFF_MS } from './outbox-job';
import { claimHeadMail, INTERRUPTED_MAIL_ERROR, SUPPRESSED_ERROR } from './outbox-queue';
import { queueMail, storedMessage } from './queue-mail';
import { TEXT_DROPPED } from './outbox-prune';
import { sealOutboxWith } from './outbox-seal';
import { suppressAddress } from '../suppressions/suppression';
import { readVerp } from '../deliverability/verp';
import { bounceTokenKey } from '#server/platform/keys';
import { configuredSecrets } from '#server/platform/secrets';

let db: Db;
let target: DatabaseTarget;
let clock: TestClock;
let sink: SmtpSink | undefined;
const senders: MailSender[] = [];

beforeEach(async () => {
  ({ db, target } = await openTestDatabase());
  clock = createTestClock(new Date('2026-11-26T10:00:00Z'));
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await sink?.close();
  sink = undefined;
});

function senderOn(
  database: Db,
  mailer: Mailer,
  id: string,
  config = testConfig({ bulkRatePerMinute: 60 }),
) {
  const logger = createMemoryLogger();
  const sender = createMailLoop({ db: database, clock, logger, mailer, config }, [outboxJob], {
    id,
  });
  senders.push(sender);
  return sender;
}

function smtpMailer(url: string, secrets: readonly string[] = []): Mailer {
  return createMailer({
    smtpUrl: url,
    secrets,
    from: 'site@example.com',
    production: false,
    logger: createMemoryLogger(),
  });
}

function queue(kind: OutboxKind, to: string, subject: string = kind) {
  return writeTransaction(db, (tx) =>
    queueMail(tx, { kind, message: { to, subject, text: 'Hello' } }, clock.now()),
  );
}

const row = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)).get())!;

async function drain(sender: MailSender) {
  while ((await sender.turn()).kind === 'worked');
}

describe('the outbox sender', () => {
  it('sends a sign-in code queued after 50 bulk mails next, then the rest at the bulk rate', async () => {
    const mailer = createRecordingMailer();
    for (let i = 0; i < 50; i++) await queue('newsletter', `reader${i}@example.com`);
    const code = await queue('code', 'owner@example.com', 'Your sign-in code');
    const sender = senderOn(db, mailer, 'a');
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your sign-in code']);
    expect(await row(code)).toMatchObject({ status: 'sent', attempts: 1, sentAt: clock.now() });

    // One bulk mail, then the pace (60 a minute) holds the next for a second...
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect(await sender.turn()).toEqual({ kind: 'paced', waitMs: 1000 });
    // ...but not a notice queued meanwhile.
    await queue('notice', 'owner@example.com', 'A notice');
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect(mailer.sent.at(-1)?.subject).toBe('A notice');
    clock.advance(1000);
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect(mailer.sent.map((m) => m.to).slice(1)).toEqual([
      'reader0@example.com',
      'owner@example.com',
      'reader1@example.com',
    ]);
  });

  it('drops every mail’s text once it is sent, keeping the Message-ID it went with; a failed one keeps its text for a retry', async () => {
    sink = await startSmtpSink({
      refuse: (to) => (to === 'gone@example.com' ? { code: 550, message: 'No such user' } : null),
    });
    const sent = await queue('newsletter', 'reader@example.com');
    const refused = await queue('newsletter', 'gone@example.com');
    const notice = await queue('notice', 'owner@example.com');
    const sender = senderOn(db, smtpMailer(sink.url), 'a', testConfig({ bulkRatePerMinute: 6000 }));
    await drain(sender);
    clock.advance(60_000);
    await drain(sender);
    expect(await row(sent)).toMatchObject({ status: 'sent', message: TEXT_DROPPED });
    expect(await row(refused)).toMatchObject({ status: 'failed', messageId: null });
    expect(storedMessage(db, await row(refused)).text).toBe('Hello');
    // One person's mail too: its links act for them (docs/mail.md, "How long mail is kept").
    expect(await row(notice)).toMatchObject({ status: 'sent', message: TEXT_DROPPED });
    expect((await row(notice)).messageId).toMatch(/^[^<>\s]+@[^<>\s]+$/);
  });

  it('sends a queued file as a part of a multipart/mixed mail, byte for byte, and drops it with the text once sent', async () => {
    sink = await startSmtpSink();
    // Every byte value, as a PDF's binary streams hold them.
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    ]);
    const attachment = {
      filename: 'Proposal P-2026-3 v2.pdf',
      contentType: 'application/pdf',
      content: bytes.toString('base64'),
    };
    const id = await writeTransaction(db, (tx) =>
      queueMail(
        tx,
        {
          kind: 'notice',
          message: {
            to: 'client@example.com',
            subject: 'Proposal accepted',
            text: 'Signed copy attached.',
            html: '<p>Signed copy attached.</p>',
            attachments: [attachment],
          },
        },
        clock.now(),
      ),
    );
    // Sealed while it waits (outbox-seal.ts): not even the file's bytes are readable there.
    expect((await row(id)).message).not.toContain(attachment.content.slice(0, 40));
    await drain(senderOn(db, smtpMailer(sink.url), 'a'));
    const [mail] = sink.to('client@example.com');
    expect(mail?.headers.get('content-type')).toMatch(/^multipart\/mixed;/);
    expect(mail?.text).toBe('Signed copy attached.');
    expect(mail?.html).toBe('<p>Signed copy attached.</p>');
    expect(mail?.files).toEqual([
      { contentType: 'application/pdf', filename: 'Proposal P-2026-3 v2.pdf', content: bytes },
    ]);
    expect(await row(id)).toMatchObject({ status: 'sent', message: TEXT_DROPPED });
  });

  it('retries a 4xx after a backoff driven by the clock, and fails after the sixth try', async () => {
    sink = await startSmtpSink({
      refuse: (to) => (to === 'greylisted@example.com' ? { code: 421, message: 'Busy' } : null),
    });
    const id = await queue('notice', 'greylisted@example.com');
    const sender = senderOn(db, smtpMailer(sink.url), 'a');
    for (const [index, delay] of RETRY_BACKOFF_MS.entries()) {
      expect(await sender.turn()).toEqual({ kind: 'worked' });
      const waiting = await row(id);
      expect(waiting).toMatchObject({ status: 'queued', attempts: index + 1, claimedBy: null });
      expect(waiting.nextAttemptAt).toEqual(new Date(clock.now().getTime() + delay));
      expect(waiting.lastError).toContain('Busy');
      expect(waiting.lastError).not.toContain('@');
      expect(await sender.turn()).toEqual({ kind: 'idle' });
      clock.advance(delay);
    }
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 6 });
    expect((await row(id)).lastError).toContain('Busy');
    expect(await db.select().from(suppressions).all()).toEqual([]);
  });

  it('fails a 5xx for the recipient at once and suppresses the address in the same write', async () => {
    sink = await startSmtpSink({
      refuse: (to) =>
        to === 'gone@example.com' ? { code: 550, message: '5.1.1 No such user here' } : null,
    });
    const gone = await queue('notice', 'Gone@example.com');
    const fine = await queue('notice', 'fine@example.com');
    const sender = senderOn(db, smtpMailer(sink.url), 'a');
    await drain(sender);
    expect(await row(gone)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await row(fine)).toMatchObject({ status: 'sent' });
    expect(await db.select().from(suppressions).all()).toEqual([
      {
        email: 'gone@example.com',
        reason: 'hard_bounce',
        detail: expect.stringContaining('5.1.1') as unknown as string,
        at: clock.now(),
      },
    ]);
    // Recorded as a bounce, as a report from the mailbox would be.
    const reports = await db.select().from(deliveryReports).all();
    expect(reports.map((r) => [r.key, r.source, r.kind, r.email])).toEqual([
      [`smtp:${gone}`, 'smtp', 'hard', 'gone@example.com'],
    ]);
    clock.advance(24 * 60 * 60_000);
    expect(await sender.turn()).toEqual({ kind: 'idle' });
    expect(sink.to('gone@example.com')).toEqual([]);
  });

  it('sends bulk mail with its VERP Return-Path when BOUNCE_ADDRESS is set, mail to one person from MAIL_FROM', async () => {
    sink = await startSmtpSink();
    const config = testConfig({
      bulkRatePerMinute: 600,
      bounceAddress: 'bounces@acme.example',
    });
    const welcome = await queue('sequence', 'reader@example.org');
    await queue('notice', 'owner@example.org');
    await drain(senderOn(db, smtpMailer(sink.url), 'a', config));
    const [bulk] = sink.to('reader@example.org');
    const key = bounceTokenKey(config.sessionSecret);
    expect(bulk?.mailFrom).toMatch(/^bounces\+[0-9a-z]+-[0-9a-f]{16}@acme\.example$/);
    expect(readVerp(bulk!.mailFrom, 'bounces@acme.example', key)).toBe(welcome);
    expect(bulk?.headers.get('from')).toContain('site@example.com');
    expect(sink.to('owner@example.org')[0]?.mailFrom).toBe('site@example.com');
  });

  it("stores and logs an SMTP refusal with the configured secrets removed (SMTP_URL's password)", async () => {
    const password = 'smtp-pass-7c1e9a';
    sink = await startSmtpSink({
      refuse: () => ({ code: 550, message: `5.7.1 Relay denied for owner:${password}` }),
    });
    const address = new URL(sink.url);
    address.username = 'owner';
    address.password = password;
    const url = address.href;
    const id = await queue('notice', 'someone@example.com');
    const config = testConfig({ smtpUrl: url, bulkRatePerMinute: 60 });
    const logger = createMemoryLogger(configuredSecrets(config));
    const sender = createMailLoop(
      { db, clock, logger, mailer: smtpMailer(url, configuredSecrets(config)), config },
      [outboxJob],
      { id: 'a' },
    );
    senders.push(sender);
    await drain(sender);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.lastError).toContain('Relay denied');
    const stored = JSON.stringify([failed, await db.select().from(suppressions).all()]);
    expect(stored).not.toContain(password);
    expect(logger.lines.join('\n')).toContain('Relay denied');
    expect(logger.lines.join('\n')).not.toContain(password);
  });

  it('fails a permanent refusal that names no recipient, without retry or suppression', async () => {
    const refusing = await startHeldSmtp('refuse');
    try {
      const id = await queue('notice', 'someone@example.com');
      const sender = senderOn(db, smtpMailer(refusing.url), 'a');
      expect(await sender.turn()).toEqual({ kind: 'worked' });
      expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect((await row(id)).lastError).toContain('refuses all senders');
      expect(await db.select().from(suppressions).all()).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('settles a bulk mail to a suppressed address as failed without sending it; a code still goes', async () => {
    const mailer = createRecordingMailer();
    await writeTransaction(db, (tx) =>
      suppressAddress(
        tx,
        { email: 'gone@example.com', reason: 'manual', detail: 'by hand' },
        clock.now(),
      ),
    );
    const bulk = await queue('newsletter', 'gone@example.com');
    const code = await queue('code', 'gone@example.com');
    const sender = senderOn(db, mailer, 'a');
    await drain(sender);
    expect(await row(bulk)).toMatchObject({
      status: 'failed',
      lastError: SUPPRESSED_ERROR,
      attempts: 0,
    });
    expect(await row(code)).toMatchObject({ status: 'sent' });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['code']);
  });

  it('fails what a sender stopped mid-send, at the lease or at once when it is known gone', async () => {
    const mailer = createRecordingMailer();
    const leased = await queue('notice', 'a@example.com');
    const gone = await queue('notice', 'b@example.com');
    const live = await queue('notice', 'c@example.com');
    const claim = (id: number, claimedBy: string, claimedAt: Date) =>
      writeTransaction(db, (tx) =>
        tx
          .update(outbox)
          .set({ status: 'sending', claimedBy, claimedAt, attempts: 1 })
          .where(eq(outbox.id, id))
          .run(),
      );
    await claim(leased, 'other-host:1:abcd', new Date(clock.now().getTime() - 11 * 60_000));
    // This process's pid, but no sender of that id runs here: a restart after a crash.
    await claim(gone, `${(await import('node:os')).hostname()}:${process.pid}:dead`, clock.now());
    await claim(live, 'other-host:1:abcd', clock.now());
    const sender = senderOn(db, mailer, 'restarted');
    await drain(sender);
    expect(await row(leased)).toMatchObject({
      status: 'failed',
      lastError: INTERRUPTED_MAIL_ERROR,
    });
    expect(await row(gone)).toMatchObject({ status: 'failed', lastError: INTERRUPTED_MAIL_ERROR });
    expect(await row(live)).toMatchObject({ status: 'sending' });
    expect(mailer.sent).toEqual([]);
  });

  it('claims a head that is not bulk in one statement: twenty at once take each row once, mail to one person first; a bulk head is left', async () => {
    const claimedBy = 'sender-a';
    const head = (bulk: boolean) => claimHeadMail(db, { now: clock.now(), claimedBy, bulk });
    const newsletter = await queue('newsletter', 'reader@example.com');
    // The head is bulk: left to claimMail, which checks it against the suppressions.
    expect(await head(true)).toEqual({ kind: 'none' });
    expect(await row(newsletter)).toMatchObject({ status: 'queued', attempts: 0 });
    const notices: number[] = [];
    for (let i = 0; i < 12; i++) notices.push(await queue('notice', `person${i}@example.com`));
    // Mail to one person goes before bulk mail queued earlier.
    expect(await head(true)).toMatchObject({
      kind: 'claimed',
      mail: {
        id: notices[0],
        kind: 'notice',
        bulk: false,
        attempt: 1,
        toEmail: 'person0@example.com',
      },
    });
    const claims = await Promise.all(Array.from({ length: 20 }, () => head(false)));
    const ids = claims.flatMap((claim) => (claim.kind === 'claimed' ? [claim.mail.id] : []));
    expect(ids.sort((a, b) => a - b)).toEqual(notices.slice(1));
    expect(claims.filter((claim) => claim.kind === 'none')).toHaveLength(9);
    const rows = await db.select().from(outbox).all();
    expect(rows.filter((r) => r.status === 'sending' && r.attempts === 1)).toHaveLength(12);
    expect(await row(newsletter)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('never sends a row twice when two instances turn at once on one database', async () => {
    sink = await startSmtpSink({ holdMs: 5 });
    for (let i = 0; i < 30; i++) {
      await queue(i % 3 === 0 ? 'code' : 'notice', `person${i}@example.com`);
    }
    // A second handle on the same database: another instance (a second sqld client in the
    // server-sqld project, a second connection to the file otherwise).
    const second = await openDatabase(target);
    sealOutboxWith(second, testConfig().sessionSecret);
    const one = senderOn(db, smtpMailer(sink.url), 'one');
    const two = senderOn(second, smtpMailer(sink.url), 'two');
    await Promise.all([drain(one), drain(two)]);
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await closeDatabase(second);
    const rows = await db.select().from(outbox).all();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(sink.mails).toHaveLength(30);
    expect(new Set(sink.mails.map((m) => m.to)).size).toBe(30);
    expect(new Set(rows.map((r) => r.claimedBy))).toEqual(new Set(['one', 'two']));
  });
});
