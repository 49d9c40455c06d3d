/**
 * The owner's subscriber tools through createCaller: adding by hand, importing parts,
 * the consent statement, resending the confirmation (the 24-hour rule on the test clock) and
 * the background sender's turn that mails what they queued, each queued mail once.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { auditEvents, leads, outbox, subscribers } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { SUBSCRIBER_TOOL_MESSAGES } from '#shared/subscriber-tools';
import {
  procedureCallers,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { storeSubscribers } from '#tests/support/leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { ThrottledError } from '#server/platform/errors';
import { createMailSender } from '#server/app/mail-sender';
import type { MailSender } from '#server/mail/outbox/mail-loop';
import { mailsSettled } from '#server/platform/mail';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { queueConfirmations } from '#server/newsletter/confirmation-mail';
import { unsubscribeAddress } from '#server/newsletter/unsubscribe-address';
import { erasePerson } from '../person-data';
import { tokenHash, unsubscribeToken } from '#server/newsletter/tokens';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;
let mailer: RecordingMailer;
let sender: MailSender;

const HOUR = 60 * 60_000;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
  mailer = deps.mailer as RecordingMailer;
  sender = createMailSender(deps, { id: 'tools-sender' });
});

/**
 * Waits for what the requests sent themselves (no sender runs in a test process: `mailQueued`
 * sends what is due), then runs the sender's turns until nothing is due.
 */
async function drain(): Promise<void> {
  await mailsSettled(mailer);
  for (;;) {
    const turn = await sender.turn();
    if (turn.kind === 'idle') return;
    if (turn.kind === 'paced') deps.clock.advance(turn.waitMs);
  }
}

const mailedTo = () => mailer.sent.map((m) => m.to);
const statusOf = async (email: string) =>
  (await deps.db.select().from(subscribers).where(eq(subscribers.email, email)).get())?.status;
const audit = () =>
  deps.db
    .select({ action: auditEvents.action, target: auditEvents.target })
    .from(auditEvents)
    .all();

describe('signed out', () => {
  it.each([
    ['add', () => anonymous.subscribers.add({ email: 'a@example.com' })],
    ['import', () => anonymous.subscribers.import({ emails: ['a@example.com'] })],
    ['resend', () => anonymous.subscribers.resend({ id: 1 })],
    ['resendAll', () => anonymous.subscribers.resendAll()],
  ])('%s is refused with UNAUTHORIZED and changes nothing', async (_name, call) => {
    await storeSubscribers(deps, 1);
    expect((await failure(call())).code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(subscribers).all()).toHaveLength(1);
    expect(await audit()).toEqual([]);
  });
});

describe('subscribers.add', () => {
  it('adds a pending address, audited, whose confirmation the sender mails once', async () => {
    const added = await admin.subscribers.add({ email: '  New@Example.com ' });
    expect(added).toMatchObject({ email: 'New@Example.com', status: 'pending', confirmedAt: null });
    expect(await audit()).toEqual([
      { action: 'subscriber_added', target: `subscriber ${added.id}` },
    ]);
    // Written into the outbox in the add's own write, as bulk mail that goes before newsletters.
    expect(
      await deps.db
        .select({
          kind: outbox.kind,
          bulk: outbox.bulk,
          priority: outbox.priority,
          ref: outbox.ref,
        })
        .from(outbox)
        .all(),
    ).toEqual([{ kind: 'confirmation', bulk: true, priority: 2, ref: `confirmation:${added.id}` }]);
    await drain();
    expect(mailedTo()).toEqual(['New@Example.com']);
    const link = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mailer.sent[0]!.text)?.[1];
    expect(link).toBeDefined();
    await anonymous.newsletter.confirm({ token: link! });
    expect(await statusOf('New@Example.com')).toBe('confirmed');
    await drain();
    expect(mailer.sent).toHaveLength(1);
  });

  it('confirms at once, with no mail, when the owner states consent; audited so', async () => {
    const added = await admin.subscribers.add({ email: 'agreed@example.com', consent: true });
    expect(added).toMatchObject({
      status: 'confirmed',
      confirmedAt: deps.clock.now().toISOString(),
    });
    expect(await audit()).toEqual([
      {
        action: 'subscriber_added',
        target: `subscriber ${added.id}, consent given elsewhere stated`,
      },
    ]);
    await drain();
    expect(mailer.sent).toEqual([]);
  });

  it('refuses an address already there in any letter case (409), changing nothing', async () => {
    await storeSubscribers(deps, 1, { email: 'gone@example.com', status: 'unsubscribed' });
    const error = await failure(admin.subscribers.add({ email: 'GONE@example.com' }));
    expect([error.code, error.message]).toEqual(['CONFLICT', SUBSCRIBER_TOOL_MESSAGES.exists]);
    expect(await statusOf('gone@example.com')).toBe('unsubscribed');
    expect(await audit()).toEqual([]);
    await drain();
    expect(mailer.sent).toEqual([]);
  });

  it('refuses an invalid address with its issue path', async () => {
    expect(await issuesOf(admin.subscribers.add({ email: 'not an address' }))).toEqual([
      { path: 'email', message: MESSAGES.email },
    ]);
    expect(
      await issuesOf(
        admin.subscribers.add({ email: 'a@example.com', consent: 'yes' as unknown as boolean }),
      ),
    ).toEqual([{ path: 'consent', message: SUBSCRIBER_TOOL_MESSAGES.consent }]);
  });
});

describe('subscribers.import', () => {
  it('answers each row in order: added, already there, invalid with its reason', async () => {
    await storeSubscribers(deps, 1, { email: 'old@example.com', status: 'confirmed' });
    const answer = await admin.subscribers.import({
      emails: ['one@example.com', 'OLD@example.com', 'nope', 'Two@example.com', 'one@EXAMPLE.com'],
    });
    expect(answer).toEqual({
      success: true,
      added: 2,
      exists: 2,
      invalid: 1,
      results: [
        { email: 'one@example.com', result: 'added' },
        { email: 'OLD@example.com', result: 'exists' },
        { email: 'nope', result: 'invalid', reason: MESSAGES.email },
        { email: 'Two@example.com', result: 'added' },
        { email: 'one@EXAMPLE.com', result: 'exists' },
      ],
    });
    expect(await statusOf('old@example.com')).toBe('confirmed');
    expect(await audit()).toEqual([
      { action: 'subscribers_imported', target: '2 added, 2 already there, 1 invalid' },
    ]);
    await drain();
    expect(mailedTo()).toEqual(['one@example.com', 'Two@example.com']);
    expect(await statusOf('one@example.com')).toBe('pending');
  });

  it('with the consent statement confirms every added row at once and audits the count', async () => {
    const answer = await admin.subscribers.import({
      emails: ['a@example.com', 'b@example.com', 'bad@'],
      consent: true,
    });
    expect([answer.added, answer.invalid]).toEqual([2, 1]);
    expect(await statusOf('a@example.com')).toBe('confirmed');
    expect(await statusOf('b@example.com')).toBe('confirmed');
    expect(await audit()).toEqual([
      {
        action: 'subscribers_imported',
        target: '2 added, 0 already there, 1 invalid; consent given elsewhere stated for 2',
      },
    ]);
    await drain();
    expect(mailer.sent).toEqual([]);
  });

  it('takes a part of 5,000 rows, and refuses an empty or larger part with the path', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `reader${i}@example.com`);
    expect((await admin.subscribers.import({ emails: many, consent: true })).added).toBe(5_000);
    expect(await issuesOf(admin.subscribers.import({ emails: [] }))).toEqual([
      { path: 'emails', message: SUBSCRIBER_TOOL_MESSAGES.noRows },
    ]);
    expect(
      await issuesOf(admin.subscribers.import({ emails: [...many, 'one@example.com'] })),
    ).toEqual([{ path: 'emails', message: SUBSCRIBER_TOOL_MESSAGES.tooManyRows }]);
    expect(await issuesOf(admin.subscribers.import({ emails: ['x'.repeat(1_001)] }))).toEqual([
      { path: 'emails.0', message: SUBSCRIBER_TOOL_MESSAGES.cell },
    ]);
  });
});

describe('resending the confirmation', () => {
  it('queues one pending address at most once in 24 hours, then the sender mails it once', async () => {
    const { id } = await admin.subscribers.add({ email: 'slow@example.com' });
    await drain();
    mailer.sent = [];
    await admin.subscribers.resend({ id });
    const again = await failure(admin.subscribers.resend({ id }));
    expect(again).toBeInstanceOf(ThrottledError);
    expect([again.code, again.message]).toEqual([
      'TOO_MANY_REQUESTS',
      SUBSCRIBER_TOOL_MESSAGES.resentRecently(24),
    ]);
    expect((again as ThrottledError).retryAfterSeconds).toBe(24 * 60 * 60);
    // "Resend all" keeps the same rule for the same address.
    expect(await admin.subscribers.resendAll()).toEqual({ queued: 0, heldBack: 1 });
    await drain();
    expect(mailedTo()).toEqual(['slow@example.com']);
    await drain();
    expect(mailer.sent).toHaveLength(1);

    deps.clock.advance(24 * HOUR - 1_000);
    expect((await failure(admin.subscribers.resend({ id }))).message).toBe(
      SUBSCRIBER_TOOL_MESSAGES.resentRecently(1),
    );
    deps.clock.advance(1_000);
    await admin.subscribers.resend({ id });
    await drain();
    expect(mailedTo()).toEqual(['slow@example.com', 'slow@example.com']);
    expect((await audit()).filter((e) => e.action === 'subscriber_confirmation_resent')).toEqual([
      { action: 'subscriber_confirmation_resent', target: `subscriber ${id}` },
      { action: 'subscriber_confirmation_resent', target: `subscriber ${id}` },
    ]);
  });

  it('refuses a confirmed or unsubscribed address (409) and an unknown one (404)', async () => {
    const [confirmed, gone] = await storeSubscribers(deps, 2, (i) => ({
      status: i === 0 ? 'confirmed' : 'unsubscribed',
    }));
    for (const row of [confirmed!, gone!]) {
      const error = await failure(admin.subscribers.resend({ id: row.id }));
      expect([error.code, error.message]).toEqual([
        'CONFLICT',
        SUBSCRIBER_TOOL_MESSAGES.notPending,
      ]);
    }
    expect((await failure(admin.subscribers.resend({ id: 99 }))).code).toBe('NOT_FOUND');
    expect(await audit()).toEqual([]);
  });

  it('resends to every pending address, one audit entry, and never to one that left', async () => {
    await storeSubscribers(deps, 4, (i) => ({
      status: (['pending', 'pending', 'confirmed', 'unsubscribed'] as const)[i],
    }));
    expect(await admin.subscribers.resendAll()).toEqual({ queued: 2, heldBack: 0 });
    expect(await admin.subscribers.resendAll()).toEqual({ queued: 0, heldBack: 2 });
    expect(await audit()).toEqual([
      { action: 'subscriber_confirmation_resent', target: '2 pending addresses' },
    ]);
    await drain();
    expect(mailedTo()).toEqual(['reader1@example.com', 'reader2@example.com']);
  });

  /** Queues the confirmations of these addresses as the owner's tools do, nothing sent yet. */
  async function queuedFor(emails: string[]) {
    const rows = await storeSubscribers(deps, emails.length, (i) => ({ email: emails[i] }));
    // As a sign-up stores it: the address's unsubscribe link works.
    await writeTransaction(deps.db, async (tx) => {
      for (const { id, email } of rows) {
        await tx
          .update(subscribers)
          .set({
            unsubscribeTokenHash: tokenHash(unsubscribeToken(deps.config.sessionSecret, email)),
          })
          .where(eq(subscribers.id, id));
      }
    });
    const site = { name: 'Acme', address: 'https://news.example' };
    await writeTransaction(deps.db, (tx) => queueConfirmations(tx, rows, site, deps.clock.now()));
    return rows;
  }

  it('a queued confirmation is dropped when its address unsubscribes, is removed or erased first', async () => {
    const [gone, removed, erased, complained] = await queuedFor([
      'gone@example.com',
      'removed@example.com',
      'erased@example.com',
      'complained@example.com',
      'stays@example.com',
    ]);
    // Unsubscribed by the link of an earlier mail, removed by the owner, erased as a lead.
    await anonymous.newsletter.unsubscribe({
      token: unsubscribeToken(deps.config.sessionSecret, gone!.email),
    });
    await admin.subscribers.remove({ id: removed!.id });
    const lead = await writeTransaction(deps.db, (tx) =>
      tx
        .insert(leads)
        .values({
          email: erased!.email,
          name: 'Erased',
          createdAt: deps.clock.now(),
          lastActivityAt: deps.clock.now(),
        })
        .returning({ id: leads.id })
        .get(),
    );
    await writeTransaction(deps.db, (tx) => erasePerson(tx, lead.id));
    // Unsubscribed by a complaint (docs/mail.md).
    await writeTransaction(deps.db, (tx) =>
      unsubscribeAddress(tx, complained!.email, deps.clock.now()),
    );
    await drain();
    expect(mailedTo()).toEqual(['stays@example.com']);
    expect(await deps.db.select({ to: outbox.toEmail }).from(outbox).all()).toEqual([
      { to: 'stays@example.com' },
    ]);
  });

  it('a confirmation queued by the code before the outbox (a mark) is moved there once', async () => {
    await storeSubscribers(deps, 2, (i) => ({
      email: ['left@example.com', 'gone@example.com'][i],
      status: i === 0 ? 'pending' : 'unsubscribed',
    }));
    await writeTransaction(deps.db, (tx) =>
      tx.update(subscribers).set({ confirmationQueuedAt: deps.clock.now() }).run(),
    );
    await drain();
    expect(mailedTo()).toEqual(['left@example.com']);
    const marks = await deps.db
      .select({ at: subscribers.confirmationQueuedAt })
      .from(subscribers)
      .all();
    expect(marks).toEqual([{ at: null }, { at: null }]);
    const next = createMailSender(deps, { id: 'next-sender' });
    for (let turn = await next.turn(); turn.kind !== 'idle'; turn = await next.turn()) {
      if (turn.kind === 'paced') deps.clock.advance(turn.waitMs);
    }
    expect(mailedTo()).toEqual(['left@example.com']);
  });

  it('a suppressed address is sent no confirmation (bulk mail skips it)', async () => {
    await writeTransaction(deps.db, (tx) =>
      suppressAddress(
        tx,
        { email: 'bounced@example.com', reason: 'hard_bounce', detail: '550' },
        deps.clock.now(),
      ),
    );
    await admin.subscribers.import({ emails: ['bounced@example.com', 'fine@example.com'] });
    await drain();
    expect(mailedTo()).toEqual(['fine@example.com']);
    expect(
      await deps.db.select({ to: outbox.toEmail, error: outbox.lastError }).from(outbox).all(),
    ).toEqual([
      { to: 'bounced@example.com', error: 'suppressed' },
      { to: 'fine@example.com', error: null },
    ]);
  });

  it('sends a queued mail once even with two senders taking turns', async () => {
    await admin.subscribers.import({
      emails: Array.from({ length: 6 }, (_, i) => `r${i}@example.com`),
    });
    const other = createMailSender(deps, { id: 'other-sender' });
    for (let i = 0; i < 12; i++) {
      await Promise.all([sender.turn(), other.turn()]);
      deps.clock.advance(60_000);
    }
    expect(mailedTo().sort()).toEqual(Array.from({ length: 6 }, (_, i) => `r${i}@example.com`));
  });
});

describe('subscribers.list search', () => {
  it('finds part of the address in any letter case, with the status filter and counts', async () => {
    await storeSubscribers(deps, 4, (i) => ({
      email: ['Ada@Lovelace.org', 'grace@navy.mil', 'ADA.b@example.com', 'ada_c@example.com'][i],
      status: i === 2 ? 'confirmed' : 'pending',
    }));
    const found = await admin.subscribers.list({ q: 'aDa' });
    expect(found.subscribers.map((s) => s.email)).toEqual([
      'ada_c@example.com',
      'ADA.b@example.com',
      'Ada@Lovelace.org',
    ]);
    expect([found.total, found.counts]).toEqual([
      3,
      { pending: 2, confirmed: 1, unsubscribed: 0, bounced: 0 },
    ]);
    const confirmed = await admin.subscribers.list({ q: 'ada', status: 'confirmed' });
    expect(confirmed.subscribers.map((s) => s.email)).toEqual(['ADA.b@example.com']);
    // `_` and `%` are matched as themselves, not as patterns.
    expect((await admin.subscribers.list({ q: 'a_c' })).total).toBe(1);
    expect((await admin.subscribers.list({ q: '%' })).total).toBe(0);
    expect(await issuesOf(admin.subscribers.list({ q: 'x'.repeat(201) }))).toEqual([
      { path: 'q', message: MESSAGES.search },
    ]);
  });
});
