/**
 * The background sender against a real SMTP server in the test process. Time is the test
 * clock: each test runs the sender's turns itself and moves the clock past the rate limit and
 * the backoffs, so nothing here waits for a timer to assert that something did not happen.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { subscribers } from '#db/schema';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { createMemoryLogger } from '#tests/support/logger';
import {
  addresses,
  recipientsOf,
  setSubscriberStatus,
  statusByAddress,
  storeSubscribersAs,
} from '#tests/support/newsletters';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from '#tests/support/smtp-sink';
import { testConfig } from '#tests/support/app';
import { createApp } from '#server/app/app';
import { createMailer } from '#server/platform/mail';
import { mailSenderName } from '#server/platform/site-brand';
import { claimNext, INTERRUPTED_ERROR } from './recipient-queue';
import { createMailSender } from '#server/app/mail-sender';
import { CLAIM_LEASE_MS, RECOVERY_INTERVAL_MS, type MailSender } from '#server/platform/mail-loop';
import { RETRY_DELAYS_MS } from '#server/platform/smtp-failure';
import { tokenHash, unsubscribeToken } from './tokens';

let sink: SmtpSink;
let deps: TestDeps;
let admin: Caller;
let sender: MailSender;
/** What afterEach stops: senders and SMTP servers started by the test. */
let started: { stop(): Promise<void> }[] = [];

/** 60 a minute: one mail a second of the test clock. */
const RATE = 60;

async function setUp(sinkOptions: SmtpSinkOptions = {}, smtpUrl?: string) {
  sink = await startSmtpSink(sinkOptions);
  started.push({ stop: () => sink.close() });
  const logger = createMemoryLogger();
  const config = testConfig({
    siteUrl: 'https://news.example',
    newsletterRatePerMinute: RATE,
    smtpUrl: smtpUrl ?? sink.url,
  });
  deps = await createTestDeps({ config, logger });
  deps.mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    senderName: mailSenderName(config, deps.db),
    production: false,
    logger,
  });
  admin = await adminCaller(deps);
  sender = createMailSender(deps, { id: 'test-sender' });
  started.unshift(sender);
}

afterEach(async () => {
  for (const thing of started) await thing.stop();
  started = [];
});

/**
 * Runs turns until nothing is due at the clock's time, moving the clock over the rate
 * limit's pauses. Answers how many recipients were settled.
 */
async function drain(s: MailSender = sender): Promise<number> {
  let worked = 0;
  for (;;) {
    const turn = await s.turn();
    if (turn.kind === 'idle') return worked;
    if (turn.kind === 'paced') deps.clock.advance(turn.waitMs);
    else worked++;
  }
}

const NEWSLETTER = { subject: 'Spring news', body: 'Hello **readers**.\n\nSee you soon.' };

async function sendTo(confirmed: string[]) {
  await storeSubscribersAs(deps, 'confirmed', confirmed);
  await admin.newsletters.create(NEWSLETTER);
  await admin.newsletters.send({ id: 1 });
}

describe('a send', () => {
  beforeEach(() => setUp());

  it('reaches exactly the confirmed subscribers, each once, then the newsletter is sent', async () => {
    await storeSubscribersAs(deps, 'pending', ['pending@example.com']);
    await storeSubscribersAs(deps, 'unsubscribed', ['gone@example.com']);
    await sendTo(addresses('reader', 3));
    expect(await drain()).toBe(3);

    expect(sink.mails.map((mail) => mail.to).sort()).toEqual(addresses('reader', 3));
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      sentAt: expect.any(String),
      total: 3,
      sent: 3,
      failed: 0,
    });
    expect(deps.logger.lines.filter((line) => line.includes('"newsletter.sent"'))).toHaveLength(1);
    // Nothing left: more turns send nothing more.
    expect(await drain()).toBe(0);
    expect(sink.accepted()).toBe(3);
  });

  it('each mail has both parts, its own unsubscribe link and the one-click headers', async () => {
    await sendTo(['Reader@Example.com']);
    await drain();
    const [mail] = sink.mails;
    const token = unsubscribeToken(deps.config.sessionSecret, 'reader@example.com');
    expect(mail?.headers.get('subject')).toBe('Spring news');
    // In the company's name, and a reader's answer goes to the owner, not to MAIL_FROM.
    expect(mail?.headers.get('from')).toBe('Acme AI Engineering <no-reply@example.com>');
    expect(mail?.headers.get('reply-to')).toBe('owner@example.com');
    expect(mail?.headers.get('list-unsubscribe')).toBe(
      `<https://news.example/api/newsletter/unsubscribe?token=${token}>`,
    );
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain('readers');
    expect(mail?.text).toContain(`https://news.example/newsletter/unsubscribe?token=${token}`);
    expect(mail?.html).toContain('readers');
    expect(mail?.html).toContain(`https://news.example/newsletter/unsubscribe?token=${token}`);
  });

  it('stores the token hash of an address that had none or another secret’s, so each mail’s link works', async () => {
    await sendTo(['old@example.com', 'new@example.com']);
    // As if SESSION_SECRET had changed since new@example.com subscribed.
    const stale = tokenHash(
      unsubscribeToken('an-earlier-session-secret-of-32-chars!', 'new@example.com'),
    );
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(subscribers)
        .set({ unsubscribeTokenHash: stale })
        .where(eq(subscribers.email, 'new@example.com')),
    );
    await drain();
    const hashes = Object.fromEntries(
      (await deps.db.select().from(subscribers).all()).map((s) => [
        s.email,
        s.unsubscribeTokenHash,
      ]),
    );
    const current = (email: string) =>
      tokenHash(unsubscribeToken(deps.config.sessionSecret, email));
    expect(hashes).toEqual({
      'old@example.com': current('old@example.com'),
      'new@example.com': current('new@example.com'),
    });
  });

  it('the one-click address in a mail’s header unsubscribes its reader (a token stored at claim)', async () => {
    await sendTo(['reader@example.com', 'other@example.com']);
    await drain();
    const header = sink.to('reader@example.com')[0]?.headers.get('list-unsubscribe') ?? '';
    const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? 'https://invalid');
    const response = await createApp(deps).request(url.pathname + url.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);

    await admin.newsletters.create({ ...NEWSLETTER, subject: 'Next' });
    await admin.newsletters.send({ id: 2 });
    await drain();
    expect(sink.to('reader@example.com').map((m) => m.headers.get('subject'))).toEqual([
      'Spring news',
    ]);
    expect(sink.to('other@example.com')).toHaveLength(2);
  });

  it('skips a subscriber who unsubscribed after the send began', async () => {
    await sendTo(addresses('reader', 3));
    expect((await sender.turn()).kind).toBe('worked');
    await setSubscriberStatus(deps.db, 'reader2@example.com', 'unsubscribed');
    await drain();
    expect(sink.mails.map((mail) => mail.to)).toEqual([
      'reader1@example.com',
      'reader3@example.com',
    ]);
    expect(await statusByAddress(deps.db, 1)).toEqual({
      'reader1@example.com': 'sent',
      'reader2@example.com': 'skipped',
      'reader3@example.com': 'sent',
    });
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      total: 3,
      sent: 2,
      failed: 0,
    });
  });

  it('shows its progress while it runs, at most RATE mails a minute', async () => {
    await sendTo(addresses('reader', 3));
    expect((await sender.turn()).kind).toBe('worked');
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sending',
      total: 3,
      sent: 1,
      failed: 0,
    });
    // The next mail waits a minute / RATE, to the millisecond.
    expect(await sender.turn()).toEqual({ kind: 'paced', waitMs: 60_000 / RATE });
    deps.clock.advance(60_000 / RATE - 1);
    expect(await sender.turn()).toEqual({ kind: 'paced', waitMs: 1 });
    expect(sink.accepted()).toBe(1);
    deps.clock.advance(1);
    expect((await sender.turn()).kind).toBe('worked');
    expect(sink.accepted()).toBe(2);
  });

  it('a send started while another runs is worked through too', async () => {
    await sendTo(addresses('reader', 2));
    await admin.newsletters.create({ ...NEWSLETTER, subject: 'Second' });
    await admin.newsletters.send({ id: 2 });
    expect(await drain()).toBe(4);
    expect(sink.to('reader1@example.com').map((m) => m.headers.get('subject'))).toEqual([
      'Spring news',
      'Second',
    ]);
    expect((await admin.newsletters.list()).map((n) => n.status)).toEqual(['sent', 'sent']);
  });
});

describe('SMTP failures', () => {
  it('a 4xx is tried again after each backoff, then sent once', async () => {
    await setUp({
      refuse: (address, attempt) =>
        address === 'later@example.com' && attempt <= 2 ? { code: 451 } : null,
    });
    await sendTo(['later@example.com', 'ok@example.com']);
    await drain();
    expect(sink.mails.map((m) => m.to)).toEqual(['ok@example.com']);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ status: 'sending', sent: 1 });
    const [later] = await recipientsOf(deps.db, 1);
    expect(later).toMatchObject({ status: 'queued', attempts: 1, claimedAt: null });
    expect(later?.lastError).toContain('451');

    // Due again one backoff after the failed try, and not a millisecond before.
    deps.clock.set(new Date(later!.nextAttemptAt.getTime() - 1));
    expect(await drain()).toBe(0);
    deps.clock.advance(1);
    expect(await drain()).toBe(1);
    const [second] = await recipientsOf(deps.db, 1);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    expect(second!.nextAttemptAt.getTime()).toBe(
      later!.nextAttemptAt.getTime() + RETRY_DELAYS_MS[1],
    );
    deps.clock.set(second!.nextAttemptAt);
    expect(await drain()).toBe(1);

    expect(sink.to('later@example.com')).toHaveLength(1);
    expect((await recipientsOf(deps.db, 1))[0]).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
    });
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ status: 'sent', sent: 2 });
  });

  it('a 4xx every time is failed after 3 tries more', async () => {
    await setUp({ refuse: () => ({ code: 452, message: 'Mailbox full' }) });
    await sendTo(['full@example.com']);
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      deps.clock.advance(delay);
      expect(await drain()).toBe(1);
    }
    expect((await recipientsOf(deps.db, 1))[0]).toMatchObject({ status: 'failed', attempts: 4 });
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      sent: 0,
      failed: 1,
    });
    deps.clock.advance(24 * 60 * 60_000);
    expect(await drain()).toBe(0);
  });

  it('a 5xx is failed at once, and retry sends again to the failed ones only', async () => {
    await setUp({
      refuse: (address) =>
        address === 'nobody@example.com'
          ? { code: 550, message: '5.1.1 <nobody@example.com>: Recipient address rejected' }
          : null,
    });
    await sendTo(['nobody@example.com', 'ok@example.com']);
    await drain();
    const [nobody] = await recipientsOf(deps.db, 1);
    expect(nobody).toMatchObject({ status: 'failed', attempts: 1 });
    // The server's reply, without the address it quoted (in the row and in the log).
    expect(nobody?.lastError).toContain('550 5.1.1 <(address)>: Recipient address rejected');
    const failedLine = deps.logger.lines.find((l) => l.includes('"newsletter.mail_failed"'));
    expect(failedLine).not.toContain('nobody@');
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      total: 2,
      sent: 1,
      failed: 1,
    });
    expect(deps.logger.lines.join('\n')).toContain('"newsletter.mail_failed"');

    // The mailbox exists now; the administrator retries.
    sink.setRefuse(undefined);
    await admin.newsletters.retry({ id: 1 });
    expect(await drain()).toBe(1);
    expect(sink.to('nobody@example.com')).toHaveLength(1);
    expect(sink.to('ok@example.com')).toHaveLength(1);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      sent: 2,
      failed: 0,
    });
  });

  it('a mail service that refuses connections is a temporary failure', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    await setUp({}, closed.url);
    await sendTo(['reader@example.com']);
    expect(await drain()).toBe(1);
    expect((await recipientsOf(deps.db, 1))[0]).toMatchObject({ status: 'queued', attempts: 1 });
  });
});

describe('a sender that died mid-send (crash, kill -9)', () => {
  beforeEach(() => setUp());

  /**
   * Another sender claims the first recipient and never reports back. By default one on
   * another machine, whose death only the lease can reveal.
   */
  async function claimAndDie(claimedBy = 'other-host:4242:cafe') {
    const claim = await claimNext(deps.db, {
      now: deps.clock.now(),
      claimedBy,
      secret: deps.config.sessionSecret,
    });
    expect(claim.kind).toBe('claimed');
  }

  it('its recipient is failed once the lease is over, never sent again; the rest goes on', async () => {
    await sendTo(addresses('reader', 3));
    await claimAndDie();
    await drain();
    // Within the lease the claim may be another live instance's slow mail: left alone.
    expect(await statusByAddress(deps.db, 1)).toEqual({
      'reader1@example.com': 'sending',
      'reader2@example.com': 'sent',
      'reader3@example.com': 'sent',
    });
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('sending');

    deps.clock.advance(CLAIM_LEASE_MS + RECOVERY_INTERVAL_MS);
    await drain();
    const [dead] = await recipientsOf(deps.db, 1);
    expect(dead).toMatchObject({ status: 'failed', lastError: INTERRUPTED_ERROR });
    expect(sink.to('reader1@example.com')).toEqual([]);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      sent: 2,
      failed: 1,
    });
    expect(deps.logger.lines.join('\n')).toContain('"newsletter.interrupted"');
  });

  it('a sender starting after the crash marks it failed at its first turn past the lease', async () => {
    await sendTo(['reader@example.com']);
    await claimAndDie();
    deps.clock.advance(CLAIM_LEASE_MS + 1);
    const restarted = createMailSender(deps, { id: 'restarted' });
    started.unshift(restarted);
    expect(await drain(restarted)).toBe(0);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ status: 'sent', failed: 1 });
    expect(sink.accepted()).toBe(0);
  });
});

describe('a claim whose sender is known to be gone (this machine)', () => {
  beforeEach(() => setUp());

  async function claimBy(claimedBy: string) {
    await sendTo(['reader@example.com', 'other@example.com']);
    const claim = await claimNext(deps.db, {
      now: deps.clock.now(),
      claimedBy,
      secret: deps.config.sessionSecret,
    });
    expect(claim.kind).toBe('claimed');
  }

  it('a process that no longer exists: failed at the first turn, without waiting for the lease', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    await claimBy(`${hostname()}:${child.pid}:0bad`);
    await drain();
    expect(await statusByAddress(deps.db, 1)).toEqual({
      'reader@example.com': 'failed',
      'other@example.com': 'sent',
    });
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('sent');
  });

  it('this very pid before a restart (a container’s pid 1): failed at once', async () => {
    await claimBy(`${hostname()}:${process.pid}:0bad`);
    await drain();
    expect((await statusByAddress(deps.db, 1))['reader@example.com']).toBe('failed');
  });

  it('a sender alive in this process keeps its claim', async () => {
    const id = `${hostname()}:${process.pid}:a11e`;
    started.unshift(createMailSender(deps, { id }));
    await claimBy(id);
    await drain();
    expect((await statusByAddress(deps.db, 1))['reader@example.com']).toBe('sending');
  });
});

describe('the loop on real timers', () => {
  it('picks up a send queued while it runs, and stop() waits for the mail in hand', async () => {
    await setUp({ holdMs: 300 });
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    await admin.newsletters.create(NEWSLETTER);
    sender.start();
    await admin.newsletters.send({ id: 1 });
    await expect.poll(() => sink.arrived(), { timeout: 10_000 }).toBe(1);
    // The mail is held by the SMTP server: stopping now must wait for it, then record it.
    await sender.stop();
    expect(sink.accepted()).toBe(1);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ status: 'sent', sent: 1 });
  });
});

it('without SMTP_URL in development, each mail and its headers go to the log', async () => {
  const logger = createMemoryLogger();
  deps = await createTestDeps({
    logger,
    mailer: createMailer({ smtpUrl: null, from: 'a@example.com', production: false, logger }),
  });
  admin = await adminCaller(deps);
  sender = createMailSender(deps);
  started.push(sender);
  await sendTo(['reader@example.com']);
  await drain();
  const line = logger.lines.find((l) => l.includes('"mail.logged"')) ?? '';
  expect(JSON.parse(line)).toMatchObject({
    to: 'reader@example.com',
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
});
