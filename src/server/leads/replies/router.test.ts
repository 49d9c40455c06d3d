/**
 * Replies to a lead (docs/leads.md, "Replies"): stored with their mail in the outbox before
 * any mail goes, then mailed through a real SMTP server, threaded, retried after a temporary
 * failure and never lost after a permanent one; each reply's delivery is its outbox row's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { leadEvents, leads, outbox } from '#db/schema';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { createMailer, mailsSettled } from '#server/platform/mail';
import { RETRY_BACKOFF_MS } from '#server/mail/outbox/outbox-job';
import { mailSenderName } from '#server/site/site-brand';
import { createMemoryLogger } from '#tests/support/logger';
import { createMailSender } from '#server/app/mail-sender';
import type { MailSender } from '#server/mail/outbox/mail-loop';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  testConfig,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let sink: SmtpSink;
let sender: MailSender;
let leadId: number;

const enquiry = {
  name: 'Lin Visitor',
  email: 'Lin@Example.com',
  company: 'Lin Labs',
  subject: 'consulting' as const,
  message: 'We would like a pilot for our support inbox.',
  privacy: true as const,
};

beforeEach(async () => {
  sink = await startSmtpSink();
  const logger = createMemoryLogger();
  const config = testConfig({
    siteUrl: 'https://acme.example',
    mailFrom: 'site@acme.example',
    replyTo: 'dana@acme.example',
    smtpUrl: sink.url,
  });
  deps = await createTestDeps({ config, logger });
  deps.mailer = createMailer({
    smtpUrl: sink.url,
    from: config.mailFrom,
    senderName: mailSenderName(config, deps.db),
    production: false,
    logger,
  });
  admin = await adminCaller(deps);
  await callerFor(deps).caller.contact.send(enquiry);
  leadId = (await deps.db.select({ id: leads.id }).from(leads).get())!.id;
  sender = createMailSender(deps, { id: 'test-sender' });
});

afterEach(async () => {
  await mailsSettled(deps.mailer);
  await sender?.stop();
  await sink?.close();
});

const replies = () =>
  deps.db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.kind, 'reply_sent'))
    .orderBy(leadEvents.id)
    .all();

/** The outbox rows of the replies, oldest first. */
const replyMails = () =>
  deps.db.select().from(outbox).where(eq(outbox.kind, 'reply')).orderBy(outbox.id).all();

/** Each reply's delivery as the lead's timeline shows it. */
const deliveries = async () =>
  (await admin.leads.get({ id: leadId })).timeline
    .filter((e) => e.kind === 'reply_sent')
    .map((e) => e.delivery);

describe('leads.reply', () => {
  it('is stored as sending before any mail, and the first reply moves new to replied', async () => {
    const at = deps.clock.now().toISOString();
    const event = await admin.leads.reply({ id: leadId, text: 'Hello **Lin**,\nhappy to help.' });
    expect(event).toMatchObject({
      kind: 'reply_sent',
      actor: 'admin',
      text: 'Hello **Lin**,\nhappy to help.',
      subject: 'Re: AI Consulting Services',
      delivery: 'sending',
      at,
    });
    expect(sink.mails).toHaveLength(0);
    // Its mail was written into the outbox with it, about its event; the event keeps no
    // delivery of its own.
    expect(await replyMails()).toMatchObject([
      { kind: 'reply', ref: `lead-event:${event.id}`, toEmail: 'Lin@Example.com' },
    ]);
    expect((await replies())[0]).toMatchObject({ delivery: null, attempts: 0, claimedBy: null });
    const lead = await admin.leads.get({ id: leadId });
    expect(lead.lead).toMatchObject({
      status: 'replied',
      firstReplyAt: at,
      lastActivityAt: at,
    });
    expect(lead.timeline.map((e) => [e.kind, e.status ?? null, e.from ?? null])).toEqual([
      ['message', null, null],
      ['reply_sent', null, null],
      ['status_changed', 'replied', 'new'],
    ]);
    expect((await auditEntries(deps.db)).map((e) => e.action)).toContain('lead_reply_sent');

    // A second reply keeps the first reply's time and the status.
    deps.clock.advance(60_000);
    await admin.leads.reply({ id: leadId, text: 'One more thing.' });
    expect((await admin.leads.get({ id: leadId })).lead).toMatchObject({
      status: 'replied',
      firstReplyAt: at,
    });
  });

  it('is mailed from the company, Reply-To the owner, threaded after the one before', async () => {
    await admin.leads.reply({ id: leadId, text: 'First answer.' });
    await mailsSettled(deps.mailer);
    await admin.leads.reply({
      id: leadId,
      text: 'A [link](https://acme.example/x).',
      subject: 'Your pilot',
    });
    await mailsSettled(deps.mailer);
    const [first, second] = sink.to('lin@example.com');
    const [one, two] = await replies();
    expect(first?.headers.get('from')).toBe('Acme AI Engineering <site@acme.example>');
    expect(first?.headers.get('reply-to')).toBe('dana@acme.example');
    expect(first?.headers.get('subject')).toBe('Re: AI Consulting Services');
    expect(first?.headers.get('message-id')).toBe(`<${one?.mailId}>`);
    expect(one?.mailId).toMatch(/^[0-9a-f-]{36}@acme\.example$/);
    expect(first?.headers.get('in-reply-to')).toBeUndefined();
    expect(second?.headers.get('subject')).toBe('Your pilot');
    expect(second?.headers.get('in-reply-to')).toBe(`<${one?.mailId}>`);
    expect(second?.headers.get('references')).toBe(`<${one?.mailId}>`);
    expect(second?.headers.get('message-id')).toBe(`<${two?.mailId}>`);
    expect(second?.text).toContain('A link (https://acme.example/x).');
    expect(second?.html).toContain('href="https://acme.example/x"');
    expect(await deliveries()).toEqual(['sent', 'sent']);
    expect((await replyMails()).map((m) => [m.status, m.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('refuses bad input with issue paths and stores nothing', async () => {
    for (const [input, path, message] of [
      [{ text: '' }, 'text', LEAD_MESSAGES.replyRequired],
      [{ text: 'x'.repeat(20_001) }, 'text', LEAD_MESSAGES.replyMax],
      [
        { text: 'Hi', subject: 'Re: a\r\nBcc: x@example.com' },
        'subject',
        LEAD_MESSAGES.subjectOneLine,
      ],
      [{ text: 'Hi', subject: 's'.repeat(201) }, 'subject', LEAD_MESSAGES.subjectMax],
    ] as const) {
      expect(await issuesOf(admin.leads.reply({ id: leadId, ...input }))).toEqual([
        { path, message },
      ]);
    }
    expect(await replies()).toEqual([]);
    expect(await replyMails()).toEqual([]);
    expect((await failure(admin.leads.reply({ id: 999, text: 'Hi' }))).message).toBe(
      LEAD_MESSAGES.notFound,
    );
  });

  it('twenty replies at once, with two senders running, are twenty mails, each once', async () => {
    const second = createMailSender(deps, { id: 'second-sender' });
    sender.start();
    second.start();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.leads.reply({ id: leadId, text: `Reply ${i}` })),
    );
    // The running senders were only woken (mailsSettled waits for mail sent from here).
    await expect
      .poll(async () => (await replyMails()).filter((m) => m.status === 'sent').length, {
        timeout: 10_000,
      })
      .toBe(20);
    await second.stop();
    expect(sink.mails).toHaveLength(20);
    expect(new Set(sink.mails.map((m) => m.headers.get('message-id'))).size).toBe(20);
    expect((await replyMails()).every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
    expect(new Set(await deliveries())).toEqual(new Set(['sent']));
  });

  it('a temporary failure is tried again after the outbox backoff; a permanent one is failed with its error, and sent again on retry', async () => {
    sink.setRefuse((_address, attempt) => (attempt === 1 ? { code: 451 } : { code: 550 }));
    const event = await admin.leads.reply({ id: leadId, text: 'Hello' });
    await mailsSettled(deps.mailer);
    expect(await deliveries()).toEqual(['sending']);
    expect((await replyMails())[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await replyMails())[0]?.lastError).toMatch(/451/);
    expect(await sender.turn()).toEqual({ kind: 'idle' });
    deps.clock.advance(RETRY_BACKOFF_MS[0]!);
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect((await replyMails())[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await replyMails())[0]?.lastError).toMatch(/550/);
    expect((await admin.leads.get({ id: leadId })).timeline.at(-2)).toMatchObject({
      id: event.id,
      delivery: 'failed',
      text: 'Hello',
    });

    // Only a reply can be sent again: the status change stored with it cannot.
    const notReply = await failure(admin.leads.retryReply({ id: leadId, eventId: event.id + 1 }));
    expect(notReply.code).toBe('NOT_FOUND');
    sink.setRefuse(() => null);
    expect(await admin.leads.retryReply({ id: leadId, eventId: event.id })).toMatchObject({
      id: event.id,
      delivery: 'sending',
    });
    await mailsSettled(deps.mailer);
    expect(await deliveries()).toEqual(['sent']);
    expect(await replyMails()).toMatchObject([{ status: 'sent' }]);
    expect(sink.to('lin@example.com')).toHaveLength(1);
    const sent = await failure(admin.leads.retryReply({ id: leadId, eventId: event.id }));
    expect(sent.code).toBe('CONFLICT');
    expect(sent.message).toBe(LEAD_MESSAGES.notFailed);
  });
});

describe('a reply stored before replies went through the outbox', () => {
  /** A reply event as the replies' own queue left it: its delivery on the event, no mail. */
  async function storeOldReply(delivery: 'sent' | 'failed', mailId: string) {
    return writeTransaction(deps.db, (tx) =>
      tx
        .insert(leadEvents)
        .values({
          leadId,
          at: deps.clock.now(),
          kind: 'reply_sent',
          actor: 'admin',
          text: 'Older *answer*',
          subject: 'Re: AI Consulting Services',
          toEmail: 'lin@example.com',
          mailId,
          inReplyTo: 'their-first@mail.example',
          references: 'their-first@mail.example',
          delivery,
          lastError: delivery === 'failed' ? '550 refused' : null,
        })
        .returning()
        .get(),
    );
  }

  it('reads as stored, and Send again writes its mail into the outbox once, threaded as stored', async () => {
    const sent = await storeOldReply('sent', 'old-sent@acme.example');
    const failed = await storeOldReply('failed', 'old-failed@acme.example');
    expect(await deliveries()).toEqual(['sent', 'failed']);
    const conflict = await failure(admin.leads.retryReply({ id: leadId, eventId: sent.id }));
    expect(conflict.code).toBe('CONFLICT');

    const retries = await Promise.allSettled([
      admin.leads.retryReply({ id: leadId, eventId: failed.id }),
      admin.leads.retryReply({ id: leadId, eventId: failed.id }),
    ]);
    expect(retries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await mailsSettled(deps.mailer);
    expect(await replyMails()).toMatchObject([{ ref: `lead-event:${failed.id}`, status: 'sent' }]);
    expect(await deliveries()).toEqual(['sent', 'sent']);
    const [mail, ...others] = sink.to('lin@example.com');
    expect(others).toEqual([]);
    expect(mail?.headers.get('message-id')).toBe('<old-failed@acme.example>');
    expect(mail?.headers.get('in-reply-to')).toBe('<their-first@mail.example>');
    expect(mail?.headers.get('references')).toBe('<their-first@mail.example>');
    expect(mail?.text).toContain('Older answer');
  });
});
