/**
 * Sending a newsletter through the outbox (docs/newsletter.md, "Sending"), against a real SMTP
 * server in the test process: the newsletters' job hands recipients over, the outbox's job
 * sends them. Time is the test clock: each test runs the sender's turns itself and moves the
 * clock past the pace and the backoffs, so nothing here waits for a timer to assert that
 * something did not happen.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { newsletterRecipients, outbox, subscribers, suppressions } from '#db/schema';
import { callerFor } from '#tests/support/app';
import {
  addresses,
  recipientsOf,
  setSubscriberStatus,
  statusByAddress,
  storeSubscribersAs,
} from '#tests/support/newsletters';
import { startSmtpSink } from '#tests/support/smtp-sink';
import { createApp } from '#server/app/app';
import { RETRY_BACKOFF_MS } from '#server/mail/outbox/outbox-job';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { retryMail } from '#server/mail/outbox/retry-mail';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { HANDOVER_WINDOW, INTERRUPTED_ERROR, unsentMails } from './recipient-queue';
import {
  admin,
  anotherSender,
  deps,
  drain,
  mailRows,
  NEWSLETTER,
  RATE,
  sender,
  sendTo,
  sentLines,
  setUp,
  setUpLogging,
  sink,
  stopStarted,
  tokenOf,
} from '#tests/support/newsletter-sender';
import { tokenHash, unsubscribeToken } from './tokens';

afterEach(stopStarted);

describe('a send', () => {
  beforeEach(() => setUp());

  it('reaches exactly the confirmed subscribers, each once, then the newsletter is sent', async () => {
    await storeSubscribersAs(deps, 'pending', ['pending@example.com']);
    await storeSubscribersAs(deps, 'unsubscribed', ['gone@example.com']);
    await sendTo(addresses('reader', 3));
    await drain();

    expect(sink.mails.map((mail) => mail.to).sort()).toEqual(addresses('reader', 3));
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      sentAt: expect.any(String),
      total: 3,
      sent: 3,
      failed: 0,
    });
    expect(sentLines()).toHaveLength(1);
    // Each recipient handed over once, its mail one bulk outbox row that names it.
    const recipients = await recipientsOf(deps.db, 1);
    expect(recipients.map((r) => r.status)).toEqual(['handed', 'handed', 'handed']);
    expect((await mailRows()).map((m) => [m.kind, m.status, m.ref])).toEqual(
      recipients.map((r) => ['newsletter', 'sent', `recipient:${r.id}`]),
    );
    // Nothing left: more turns send nothing more.
    await drain();
    expect(sink.accepted()).toBe(3);
    expect(sentLines()).toHaveLength(1);
  });

  it('each mail has both parts, its own unsubscribe link and the one-click headers', async () => {
    await sendTo(['Reader@Example.com', 'other@example.com', 'third@example.com']);
    await drain();
    expect(sink.mails).toHaveLength(3);
    for (const mail of sink.mails) {
      const token = tokenOf(mail.to);
      expect(mail.headers.get('subject')).toBe('Spring news');
      // In the company's name, and a reader's answer goes to the owner, not to MAIL_FROM.
      expect(mail.headers.get('from')).toBe('Acme AI Engineering <no-reply@example.com>');
      expect(mail.headers.get('reply-to')).toBe('owner@example.com');
      expect(mail.headers.get('list-unsubscribe')).toBe(
        `<https://news.example/api/newsletter/unsubscribe?token=${token}>`,
      );
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain('readers');
      expect(mail.text).toContain(`https://news.example/newsletter/unsubscribe?token=${token}`);
      expect(mail.html).toContain(`https://news.example/newsletter/unsubscribe?token=${token}`);
    }
    expect(new Set(sink.mails.map((m) => m.headers.get('list-unsubscribe'))).size).toBe(3);
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
    const current = (email: string) => tokenHash(tokenOf(email));
    expect(hashes).toEqual({
      'old@example.com': current('old@example.com'),
      'new@example.com': current('new@example.com'),
    });
  });

  it('the one-click address in a mail’s header unsubscribes its reader (a token stored at hand-over)', async () => {
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

  it('skips a subscriber who unsubscribed after the send began, handed over or not', async () => {
    const readers = addresses('reader', HANDOVER_WINDOW + 5);
    await sendTo(readers);
    // The first turn hands the window over; nothing is sent yet.
    expect((await sender.turn()).kind).toBe('worked');
    expect(await unsentMails(deps.db)).toBe(HANDOVER_WINDOW);
    expect(sink.accepted()).toBe(0);
    // reader3's mail waits in the outbox: their link takes it back. The last reader's
    // recipient is not handed over yet: skipped at its turn.
    const unsubscribed = await callerFor(deps).caller.newsletter.unsubscribe({
      token: tokenOf('reader3@example.com'),
    });
    expect(unsubscribed).toEqual({ success: true });
    const last = readers.at(-1)!;
    await setSubscriberStatus(deps.db, last, 'unsubscribed');
    await drain();
    const expected = readers.filter((r) => r !== 'reader3@example.com' && r !== last);
    expect(sink.mails.map((mail) => mail.to).sort()).toEqual(expected.sort());
    const statuses = await statusByAddress(deps.db, 1);
    expect([statuses['reader3@example.com'], statuses[last]]).toEqual(['skipped', 'skipped']);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      total: readers.length,
      sent: readers.length - 2,
      failed: 0,
    });
  });

  it('shows its progress while it runs, at most RATE bulk mails a minute', async () => {
    await sendTo(addresses('reader', 3));
    expect((await sender.turn()).kind).toBe('worked'); // handed over
    expect((await sender.turn()).kind).toBe('worked'); // the first mail
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sending',
      total: 3,
      sent: 1,
      failed: 0,
    });
    // The next mail waits a minute / RATE, to the millisecond: the outbox's one bulk pace.
    expect(await sender.turn()).toEqual({ kind: 'paced', waitMs: 60_000 / RATE });
    deps.clock.advance(60_000 / RATE - 1);
    expect(await sender.turn()).toEqual({ kind: 'paced', waitMs: 1 });
    expect(sink.accepted()).toBe(1);
    deps.clock.advance(1);
    expect((await sender.turn()).kind).toBe('worked');
    expect(sink.accepted()).toBe(2);
  });

  // 27 real SMTP deliveries, each turn of the jobs followed by a read of the outbox: on a
  // libSQL server with a build running beside it, more than the default 30 s. The budget only
  // bounds a stuck test; what it asserts does not depend on time.
  it(
    'never holds more than the window of unsent newsletter mail in the outbox',
    { timeout: 120_000 },
    async () => {
      // Seven more than the window: the outbox is topped up as its mails go, until all are in.
      const readers = addresses('reader', HANDOVER_WINDOW + 7);
      await sendTo(readers);
      let most = 0;
      await drain(sender, async () => {
        const unsent = await deps.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.kind, 'newsletter'), eq(outbox.status, 'queued')))
          .all();
        most = Math.max(most, unsent.length);
      });
      expect(most).toBe(HANDOVER_WINDOW);
      expect(sink.mails.map((m) => m.to).sort()).toEqual([...readers].sort());
      expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
        status: 'sent',
        sent: readers.length,
      });
    },
  );

  it('a sign-in code queued during a big newsletter goes before its remaining mails', async () => {
    await sendTo(addresses('reader', HANDOVER_WINDOW + 10));
    for (let i = 0; i < 5; i++) {
      const turn = await sender.turn();
      if (turn.kind === 'paced') deps.clock.advance(turn.waitMs);
    }
    const before = sink.accepted();
    expect(before).toBeGreaterThan(0);
    await writeTransaction(deps.db, (tx) =>
      queueMail(
        tx,
        {
          kind: 'code',
          message: { to: 'admin@example.com', subject: 'Your code', text: '123456' },
        },
        deps.clock.now(),
      ),
    );
    // Due now, bulk pace or not: the very next mail, without moving the clock.
    expect((await sender.turn()).kind).toBe('worked');
    expect(sink.mails.at(-1)?.to).toBe('admin@example.com');
    expect(sink.accepted()).toBe(before + 1);
  });

  it('a send started while another runs is worked through too', async () => {
    await sendTo(addresses('reader', 2));
    await admin.newsletters.create({ ...NEWSLETTER, subject: 'Second' });
    await admin.newsletters.send({ id: 2 });
    await drain();
    expect(sink.to('reader1@example.com').map((m) => m.headers.get('subject'))).toEqual([
      'Spring news',
      'Second',
    ]);
    expect((await admin.newsletters.list()).map((n) => n.status)).toEqual(['sent', 'sent']);
  });
});

const refused550 = (who: string) => (address: string) =>
  address === who ? { code: 550, message: `5.1.1 <${who}>: Recipient address rejected` } : null;

describe('SMTP failures and suppressed addresses', () => {
  it('a 4xx is tried again by the outbox after its backoff, then sent once', async () => {
    // The moment of its first try on the app's clock, taken by the SMTP server as the try
    // arrives: which turn of the jobs brings it depends on the machine's speed (the pace).
    let triedAt = Number.NaN;
    await setUp({
      refuse: (address, attempt) => {
        if (address !== 'later@example.com' || attempt > 1) return null;
        triedAt = deps.clock.now().getTime();
        return { code: 451 };
      },
    });
    await sendTo(['later@example.com', 'ok@example.com']);
    await drain();
    expect(sink.mails.map((m) => m.to)).toEqual(['ok@example.com']);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sending',
      sent: 1,
      failed: 0,
    });
    const [later] = await mailRows();
    expect(later).toMatchObject({ to: 'later@example.com', status: 'queued', attempts: 1 });
    expect(later?.lastError).toContain('451');
    expect(later?.nextAttemptAt.getTime()).toBe(triedAt + RETRY_BACKOFF_MS[0]);

    // Due again one backoff (RETRY_BACKOFF_MS) after the failed try, not a millisecond before.
    deps.clock.set(new Date(later!.nextAttemptAt.getTime() - 1));
    await drain();
    expect(sink.to('later@example.com')).toHaveLength(0);
    deps.clock.advance(1);
    await drain();
    expect(sink.to('later@example.com')).toHaveLength(1);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      sent: 2,
      failed: 0,
    });
  });

  it('counts and finishes right with sent, refused (550) and suppressed recipients', async () => {
    await setUp({ refuse: refused550('nobody@example.com') });
    await storeSubscribersAs(deps, 'confirmed', ['bounced@example.com']);
    await writeTransaction(deps.db, (tx) =>
      suppressAddress(
        tx,
        { email: 'bounced@example.com', reason: 'hard_bounce', detail: '' },
        deps.clock.now(),
      ),
    );
    await sendTo(['nobody@example.com', 'ok@example.com']);
    await drain();
    expect(sink.mails.map((m) => m.to)).toEqual(['ok@example.com']);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      total: 3,
      sent: 1,
      failed: 1,
    });
    expect(sentLines()).toHaveLength(1);
    const rows = Object.fromEntries((await mailRows()).map((m) => [m.to, m]));
    // The outbox skipped the suppressed address (docs/mail.md), and suppressed the refused one.
    expect(rows['bounced@example.com']).toMatchObject({
      status: 'failed',
      lastError: 'suppressed',
    });
    expect(rows['nobody@example.com']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows['nobody@example.com']?.lastError).toContain('550 5.1.1 <(address)>');
    expect((await deps.db.select().from(suppressions).all()).map((s) => s.email).sort()).toEqual([
      'bounced@example.com',
      'nobody@example.com',
    ]);

    // The mailbox exists now and the owner took the address off the list; they retry.
    sink.setRefuse(undefined);
    await writeTransaction(deps.db, (tx) =>
      tx.delete(suppressions).where(eq(suppressions.email, 'nobody@example.com')),
    );
    await admin.newsletters.retry({ id: 1 });
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sending',
      sent: 1,
      failed: 0,
    });
    await drain();
    expect(sink.to('nobody@example.com')).toHaveLength(1);
    expect(sink.to('bounced@example.com')).toHaveLength(0);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      total: 3,
      sent: 2,
      failed: 0,
    });
    // One mail row per recipient still.
    expect((await mailRows()).filter((m) => m.to === 'nobody@example.com')).toHaveLength(1);
  });

  it('a failed mail retried from the Mail screen keeps the counts right', async () => {
    await setUp({ refuse: refused550('nobody@example.com') });
    await sendTo(['nobody@example.com', 'ok@example.com']);
    await drain();
    sink.setRefuse(undefined);
    await writeTransaction(deps.db, (tx) => tx.delete(suppressions));
    const failed = (await mailRows()).find((m) => m.status === 'failed')!;
    expect(await retryMail(deps.db, failed.id, deps.clock.now())).toBe('queued');
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      total: 2,
      sent: 1,
      failed: 0,
    });
    await drain();
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
      status: 'sent',
      total: 2,
      sent: 2,
      failed: 0,
    });
  });

  it('a mail service that refuses connections is a temporary failure', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    await setUp({}, closed.url);
    await sendTo(['reader@example.com']);
    await drain();
    expect((await mailRows())[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('sending');
  });
});

it('a recipient left `sending` by a sender from before the outbox is failed, never sent', async () => {
  await setUp();
  await sendTo(['reader@example.com', 'other@example.com']);
  const [first] = await recipientsOf(deps.db, 1);
  await writeTransaction(deps.db, (tx) =>
    tx
      .update(newsletterRecipients)
      .set({ status: 'sending', claimedBy: 'old-host:1:cafe', claimedAt: deps.clock.now() })
      .where(eq(newsletterRecipients.id, first!.id)),
  );
  await drain();
  expect(await statusByAddress(deps.db, 1)).toEqual({
    'reader@example.com': 'failed',
    'other@example.com': 'handed',
  });
  expect((await recipientsOf(deps.db, 1))[0]?.lastError).toBe(INTERRUPTED_ERROR);
  expect(sink.to('reader@example.com')).toEqual([]);
  expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
    status: 'sent',
    sent: 1,
    failed: 1,
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
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ sent: 1 });
    // The next sender's turn sees nothing left to send and finishes it.
    const next = anotherSender('next-sender');
    await drain(next);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ status: 'sent', sent: 1 });
  });
});

it('without SMTP_URL in development, each mail and its headers go to the log', async () => {
  const logger = await setUpLogging();
  await sendTo(['reader@example.com']);
  await drain();
  const line = logger.lines.find((l) => l.includes('"mail.logged"')) ?? '';
  expect(JSON.parse(line)).toMatchObject({
    to: 'reader@example.com',
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
});
