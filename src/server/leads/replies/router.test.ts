/**
 * Replies to a lead (docs/leads.md, "Replies"): stored before any mail, then mailed by the
 * background sender's turn through a real SMTP server, threaded, retried after a temporary
 * failure and never lost after a permanent one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadEvents, leads } from '#db/schema';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { createMailer } from '#server/platform/mail';
import { mailSenderName } from '#server/platform/site-brand';
import { createMemoryLogger } from '#tests/support/logger';
import { createMailSender } from '#server/app/mail-sender';
import type { MailSender } from '#server/platform/mail-loop';
import { claimerIsGone } from '#server/platform/claim-owner';
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
import { claimNextReply, failInterruptedReplies, INTERRUPTED_REPLY_ERROR } from './reply-queue';

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
    await admin.leads.reply({
      id: leadId,
      text: 'A [link](https://acme.example/x).',
      subject: 'Your pilot',
    });
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect(await sender.turn()).toEqual({ kind: 'worked' });
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
    expect((await replies()).map((r) => r.delivery)).toEqual(['sent', 'sent']);
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
    expect((await failure(admin.leads.reply({ id: 999, text: 'Hi' }))).message).toBe(
      LEAD_MESSAGES.notFound,
    );
  });

  it('twenty replies at once are twenty mails, each once', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.leads.reply({ id: leadId, text: `Reply ${i}` })),
    );
    const second = createMailSender(deps, { id: 'second-sender' });
    const turns = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? second : sender).turn()),
    );
    await second.stop();
    expect(turns.filter((t) => t.kind === 'worked')).toHaveLength(20);
    expect(new Set(sink.mails.map((m) => m.headers.get('message-id'))).size).toBe(20);
    expect(sink.mails).toHaveLength(20);
  });

  it('a temporary failure is tried again later; a permanent one is failed, kept, and sent again on retry', async () => {
    sink.setRefuse((_address, attempt) => (attempt === 1 ? { code: 451 } : { code: 550 }));
    const event = await admin.leads.reply({ id: leadId, text: 'Hello' });
    await sender.turn();
    expect((await replies())[0]).toMatchObject({
      delivery: 'sending',
      claimedBy: null,
      attempts: 1,
    });
    expect(await sender.turn()).toEqual({ kind: 'idle' });
    deps.clock.advance(60_000);
    await sender.turn();
    expect((await replies())[0]).toMatchObject({ delivery: 'failed', attempts: 2 });
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
      delivery: 'sending',
    });
    await sender.turn();
    expect((await replies())[0]).toMatchObject({ delivery: 'sent', lastError: null });
    expect(sink.to('lin@example.com')).toHaveLength(1);
    const sent = await failure(admin.leads.retryReply({ id: leadId, eventId: event.id }));
    expect(sent.code).toBe('CONFLICT');
    expect(sent.message).toBe(LEAD_MESSAGES.notFailed);
  });

  it('a reply left in a dead sender\u2019s hands is failed, never sent again on its own', async () => {
    await admin.leads.reply({ id: leadId, text: 'Hello' });
    const claimed = await claimNextReply(deps.db, { now: deps.clock.now(), claimedBy: 'gone:1:x' });
    expect(claimed).not.toBeNull();
    expect(claimerIsGone('gone:1:x')).toBe(false);
    expect(
      await failInterruptedReplies(deps.db, {
        claimedBefore: deps.clock.now(),
        isGone: (id) => id === 'gone:1:x',
      }),
    ).toBe(1);
    expect((await replies())[0]).toMatchObject({
      delivery: 'failed',
      lastError: INTERRUPTED_REPLY_ERROR,
    });
    expect(await sender.turn()).toEqual({ kind: 'idle' });
    expect(sink.mails).toEqual([]);
  });
});
