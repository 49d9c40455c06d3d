import { auditEntries } from '#tests/support/audit';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { newsletterRecipients, newsletters, users } from '#db/schema';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter';
import { NEWSLETTER_ADMIN_MESSAGES as M } from '#shared/newsletter-admin';
import { MESSAGES } from '#shared/messages';
import { ThrottledError, UnavailableError } from '#server/platform/errors';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  signedInCookie,
  procedureCallers,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import {
  addresses,
  recipientsOf,
  statusByAddress,
  storeSubscribersAs,
} from '#tests/support/newsletters';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { unsubscribeToken } from './tokens';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;
let mailer: RecordingMailer;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
  mailer = deps.mailer as RecordingMailer;
});

const DRAFT = { subject: 'Spring news', body: '# Hello\n\nWhat we did this **spring**.' };

/** Marks a newsletter as sent without going through the sender (for the 409s). */
async function markSent(id: number) {
  await writeTransaction(deps.db, (tx) =>
    tx
      .update(newsletters)
      .set({ status: 'sent', sentAt: deps.clock.now() })
      .where(eq(newsletters.id, id)),
  );
}

async function setOwnEmail(email: string | null) {
  await writeTransaction(deps.db, (tx) =>
    tx.update(users).set({ email }).where(eq(users.username, 'admin')),
  );
}

describe('signed out', () => {
  it.each([
    ['list', () => anonymous.newsletters.list()],
    ['byId', () => anonymous.newsletters.byId({ id: 1 })],
    ['create', () => anonymous.newsletters.create(DRAFT)],
    ['update', () => anonymous.newsletters.update({ id: 1, data: { subject: 'x' } })],
    ['remove', () => anonymous.newsletters.remove({ id: 1 })],
    ['sendTest', () => anonymous.newsletters.sendTest({ id: 1, email: 'a@example.com' })],
    ['send', () => anonymous.newsletters.send({ id: 1 })],
    ['retry', () => anonymous.newsletters.retry({ id: 1 })],
  ])('%s is refused with UNAUTHORIZED and changes nothing', async (_name, call) => {
    await admin.newsletters.create(DRAFT);
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    expect((await failure(call())).code).toBe('UNAUTHORIZED');
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('draft');
    expect(await recipientsOf(deps.db, 1)).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });
});

describe('newsletters.create', () => {
  it('stores a draft and answers it with zero counts', async () => {
    const created = await admin.newsletters.create({ ...DRAFT, subject: '  Spring news  ' });
    const at = deps.clock.now().toISOString();
    expect(created).toEqual({
      id: 1,
      subject: 'Spring news',
      body: DRAFT.body,
      status: 'draft',
      createdAt: at,
      updatedAt: at,
      sentAt: null,
      total: 0,
      sent: 0,
      failed: 0,
    });
  });

  it.each([
    [{ ...DRAFT, subject: '   ' }, 'subject', NEWSLETTER_MESSAGES.subject],
    [{ ...DRAFT, subject: 's'.repeat(201) }, 'subject', NEWSLETTER_MESSAGES.subject],
    [{ ...DRAFT, body: '' }, 'body', NEWSLETTER_MESSAGES.body],
    [{ ...DRAFT, body: 'b'.repeat(50_001) }, 'body', NEWSLETTER_MESSAGES.body],
  ])('refuses %#: %s', async (input, path, message) => {
    expect(await issuesOf(admin.newsletters.create(input))).toEqual([{ path, message }]);
    expect(await admin.newsletters.list()).toEqual([]);
  });

  it('keeps a 50,000-character body and a 200-character subject byte for byte', async () => {
    const input = { subject: 'é'.repeat(200), body: '😀'.repeat(25_000) };
    expect(await admin.newsletters.create(input)).toMatchObject(input);
  });
});

describe('newsletters.list and byId', () => {
  it('lists newest first', async () => {
    for (const subject of ['First', 'Second', 'Third']) {
      await admin.newsletters.create({ ...DRAFT, subject });
      deps.clock.advance(1000);
    }
    expect((await admin.newsletters.list()).map((n) => n.subject)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
  });

  it('counts each newsletter’s recipients live: total, sent, failed', async () => {
    await storeSubscribersAs(deps, 'confirmed', addresses('reader', 4));
    await admin.newsletters.create({ ...DRAFT, subject: 'Sent one' });
    await admin.newsletters.create({ ...DRAFT, subject: 'Draft' });
    await admin.newsletters.send({ id: 1 });
    await writeTransaction(deps.db, async (tx) => {
      const r = newsletterRecipients;
      await tx.update(r).set({ status: 'sent' }).where(eq(r.email, 'reader1@example.com'));
      await tx.update(r).set({ status: 'sent' }).where(eq(r.email, 'reader2@example.com'));
      await tx.update(r).set({ status: 'failed' }).where(eq(r.email, 'reader3@example.com'));
    });
    const [draft, sending] = await admin.newsletters.list();
    expect(draft).toMatchObject({ subject: 'Draft', total: 0, sent: 0, failed: 0 });
    expect(sending).toMatchObject({ status: 'sending', total: 4, sent: 2, failed: 1 });
    expect(await admin.newsletters.byId({ id: '1' })).toEqual(sending);
  });

  it('answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one', async () => {
    const missing = await failure(admin.newsletters.byId({ id: 7 }));
    expect([missing.code, missing.message]).toEqual(['NOT_FOUND', M.notFound]);
    expect(await issuesOf(admin.newsletters.byId({ id: '1.5' }))).toEqual([
      { path: 'id', message: MESSAGES.id },
    ]);
  });
});

describe('newsletters.update', () => {
  it('changes either field of a draft and its updatedAt', async () => {
    await admin.newsletters.create(DRAFT);
    deps.clock.advance(60_000);
    const changed = await admin.newsletters.update({ id: 1, data: { subject: 'Summer news' } });
    expect(changed).toMatchObject({
      subject: 'Summer news',
      body: DRAFT.body,
      updatedAt: deps.clock.now().toISOString(),
    });
    expect(changed.createdAt).not.toBe(changed.updatedAt);
    expect(await admin.newsletters.update({ id: 1, data: { body: 'New text' } })).toMatchObject({
      subject: 'Summer news',
      body: 'New text',
    });
  });

  it('leaves a draft as it was for an empty patch', async () => {
    const created = await admin.newsletters.create(DRAFT);
    deps.clock.advance(60_000);
    expect(await admin.newsletters.update({ id: 1, data: {} })).toEqual(created);
  });

  it('refuses a newsletter that is sending or sent with CONFLICT, unchanged', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.send({ id: 1 });
    await markSent(2);
    for (const id of [1, 2]) {
      const refused = await failure(admin.newsletters.update({ id, data: { subject: 'Changed' } }));
      expect([refused.code, refused.message]).toEqual(['CONFLICT', M.notDraft]);
      expect((await admin.newsletters.byId({ id })).subject).toBe(DRAFT.subject);
    }
  });

  it('answers NOT_FOUND for an unknown id, and validates the fields first', async () => {
    expect((await failure(admin.newsletters.update({ id: 3, data: { body: 'x' } }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await issuesOf(admin.newsletters.update({ id: 3, data: { subject: '' } }))).toEqual([
      { path: 'data.subject', message: NEWSLETTER_MESSAGES.subject },
    ]);
  });
});

describe('newsletters.remove', () => {
  it('deletes a draft', async () => {
    await admin.newsletters.create(DRAFT);
    expect(await admin.newsletters.remove({ id: 1 })).toEqual({ success: true });
    expect(await admin.newsletters.list()).toEqual([]);
  });

  it('refuses a sending or sent newsletter with CONFLICT and keeps it and its recipients', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.send({ id: 1 });
    await markSent(2);
    for (const id of [1, 2]) {
      const refused = await failure(admin.newsletters.remove({ id }));
      expect([refused.code, refused.message]).toEqual(['CONFLICT', M.notDraft]);
    }
    expect(await admin.newsletters.list()).toHaveLength(2);
    expect(await recipientsOf(deps.db, 1)).toHaveLength(1);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    expect((await failure(admin.newsletters.remove({ id: 1 }))).code).toBe('NOT_FOUND');
  });
});

describe('newsletters.sendTest', () => {
  it('mails one copy to the given address, subject prefixed [Test], with both parts and the unsubscribe headers', async () => {
    await admin.newsletters.create(DRAFT);
    expect(await admin.newsletters.sendTest({ id: 1, email: 'Proof@Example.com' })).toEqual({
      success: true,
    });
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    const token = unsubscribeToken(deps.config.sessionSecret, 'proof@example.com');
    expect(mail).toMatchObject({
      to: 'Proof@Example.com',
      subject: '[Test] Spring news',
      headers: {
        'List-Unsubscribe': `<http://localhost/api/newsletter/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(mail?.text).toContain(`http://localhost/newsletter/unsubscribe?token=${token}`);
    expect(mail?.html).toContain(`http://localhost/newsletter/unsubscribe?token=${token}`);
    // A test changes nothing: still a draft, nobody queued.
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('draft');
  });

  it('goes to the signed-in administrator’s own address without one given', async () => {
    await setOwnEmail('admin@example.com');
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.sendTest({ id: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['admin@example.com']);
  });

  it('works for a newsletter already sent', async () => {
    await admin.newsletters.create(DRAFT);
    await markSent(1);
    await admin.newsletters.sendTest({ id: 1, email: 'proof@example.com' });
    expect(mailer.sent).toHaveLength(1);
  });

  it('answers BAD_REQUEST with neither an address nor one of the administrator’s own', async () => {
    await admin.newsletters.create(DRAFT);
    const refused = await failure(admin.newsletters.sendTest({ id: 1 }));
    expect([refused.code, refused.message]).toEqual(['BAD_REQUEST', M.noTestAddress]);
    expect(await issuesOf(admin.newsletters.sendTest({ id: 1, email: 'nope' }))).toEqual([
      { path: 'email', message: MESSAGES.email },
    ]);
    expect(mailer.sent).toEqual([]);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    expect(
      (await failure(admin.newsletters.sendTest({ id: 4, email: 'proof@example.com' }))).code,
    ).toBe('NOT_FOUND');
  });

  it('answers SERVICE_UNAVAILABLE with a Retry-After when the mail service fails', async () => {
    await admin.newsletters.create(DRAFT);
    mailer.failNext = true;
    const refused = await failure(
      admin.newsletters.sendTest({ id: 1, email: 'proof@example.com' }),
    );
    expect(refused).toBeInstanceOf(UnavailableError);
    expect([refused.code, refused.message]).toEqual(['SERVICE_UNAVAILABLE', M.testFailed]);
    expect((refused as UnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    expect(deps.logger.lines.join('\n')).toContain('"newsletter.test_failed"');
  });

  it('answers 429 before 404 once the cap is spent, and gives the place back on a 404', async () => {
    await admin.newsletters.create(DRAFT);
    // A failed call (an unknown id) takes no place …
    expect(
      (await failure(admin.newsletters.sendTest({ id: 99, email: 'p@example.com' }))).code,
    ).toBe('NOT_FOUND');
    for (let i = 0; i < 10; i++) {
      await admin.newsletters.sendTest({ id: 1, email: `proof${i}@example.com` });
    }
    // … and past the cap the 429 outranks the 404.
    const error = await failure(admin.newsletters.sendTest({ id: 99, email: 'p@example.com' }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('sends at most 10 test copies an hour per administrator, counted as they are checked', async () => {
    await admin.newsletters.create(DRAFT);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        admin.newsletters.sendTest({ id: 1, email: `proof${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused).toHaveLength(10);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ThrottledError);
      expect((error as ThrottledError).message).toBe(`${M.tooManyTests} Try again in 60 minutes.`);
    }
    expect(mailer.sent).toHaveLength(10);
    // Another administrator has their own 10.
    const other = callerFor(deps, { cookie: await signedInCookie(deps, 'other') }).caller;
    await other.newsletters.sendTest({ id: 1, email: 'proof@example.com' });
    // An hour after the first, there is room again.
    deps.clock.advance(60 * 60_000 + 1);
    await admin.newsletters.sendTest({ id: 1, email: 'again@example.com' });
    expect(mailer.sent).toHaveLength(12);
  });

  it('gives the place back when the copy could not be sent', async () => {
    await admin.newsletters.create(DRAFT);
    for (let i = 0; i < 10; i++) {
      mailer.failNext = true;
      await failure(admin.newsletters.sendTest({ id: 1, email: 'proof@example.com' }));
    }
    await admin.newsletters.sendTest({ id: 1, email: 'proof@example.com' });
    expect(mailer.sent).toHaveLength(1);
  });

  it('records each copy sent in the audit log, with the newsletter and the address', async () => {
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.sendTest({ id: 1, email: 'proof@example.com' });
    mailer.failNext = true;
    await failure(admin.newsletters.sendTest({ id: 1, email: 'lost@example.com' }));
    const entries = (await auditEntries(deps.db)).filter(
      (e) => e.action === 'newsletter_test_sent',
    );
    expect(entries.map(({ actor, target }) => ({ actor, target }))).toEqual([
      { actor: 'admin', target: 'newsletter 1 to proof@example.com' },
    ]);
  });

  it('answers SERVICE_UNAVAILABLE when no mail can leave (production without SMTP)', async () => {
    const noMail = await createTestDeps({
      mailer: { canDeliver: false, send: () => Promise.reject(new Error('no SMTP')) },
    });
    const caller = await adminCaller(noMail);
    await caller.newsletters.create(DRAFT);
    const refused = await failure(caller.newsletters.sendTest({ id: 1, email: 'a@example.com' }));
    expect([refused.code, refused.message]).toEqual(['SERVICE_UNAVAILABLE', M.mailUnavailable]);
    await storeSubscribersAs(noMail, 'confirmed', ['reader@example.com']);
    expect((await failure(caller.newsletters.send({ id: 1 }))).code).toBe('SERVICE_UNAVAILABLE');
    expect(await recipientsOf(noMail.db, 1)).toEqual([]);
  });
});

describe('newsletters.send', () => {
  it('queues exactly the confirmed subscribers and answers the newsletter as sending', async () => {
    await storeSubscribersAs(deps, 'confirmed', addresses('confirmed', 3));
    await storeSubscribersAs(deps, 'pending', ['pending@example.com']);
    await storeSubscribersAs(deps, 'unsubscribed', ['gone@example.com']);
    await admin.newsletters.create(DRAFT);
    const sending = await admin.newsletters.send({ id: 1 });
    expect(sending).toMatchObject({ status: 'sending', sentAt: null, total: 3, sent: 0 });
    expect(await statusByAddress(deps.db, 1)).toEqual({
      'confirmed1@example.com': 'queued',
      'confirmed2@example.com': 'queued',
      'confirmed3@example.com': 'queued',
    });
    // Nothing is mailed by the request itself: the sender does it in the background.
    expect(mailer.sent).toEqual([]);
  });

  it('refuses a second send of the same newsletter with CONFLICT, queueing nobody twice', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.send({ id: 1 });
    const again = await failure(admin.newsletters.send({ id: 1 }));
    expect([again.code, again.message]).toEqual(['CONFLICT', M.notDraft]);
    await markSent(1);
    expect((await failure(admin.newsletters.send({ id: 1 }))).code).toBe('CONFLICT');
    expect(await recipientsOf(deps.db, 1)).toHaveLength(1);
  });

  it('refuses with CONFLICT when nobody is confirmed, and stays a draft', async () => {
    await storeSubscribersAs(deps, 'pending', ['pending@example.com']);
    await admin.newsletters.create(DRAFT);
    const refused = await failure(admin.newsletters.send({ id: 1 }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', M.nobodyConfirmed]);
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('draft');
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    expect((await failure(admin.newsletters.send({ id: 2 }))).code).toBe('NOT_FOUND');
  });

  it('two sends of one draft at once: one is accepted, the other refused', async () => {
    await storeSubscribersAs(deps, 'confirmed', addresses('reader', 5));
    await admin.newsletters.create(DRAFT);
    const results = await Promise.allSettled([
      admin.newsletters.send({ id: 1 }),
      admin.newsletters.send({ id: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await recipientsOf(deps.db, 1)).toHaveLength(5);
  });
});

describe('newsletters.retry', () => {
  async function sentWith(statuses: Record<string, 'sent' | 'failed' | 'skipped'>) {
    await storeSubscribersAs(deps, 'confirmed', Object.keys(statuses));
    await admin.newsletters.create(DRAFT);
    await admin.newsletters.send({ id: 1 });
    await writeTransaction(deps.db, async (tx) => {
      for (const [email, status] of Object.entries(statuses)) {
        await tx
          .update(newsletterRecipients)
          .set({ status, attempts: 4, lastError: status === 'failed' ? '451 later' : null })
          .where(eq(newsletterRecipients.email, email));
      }
      await tx
        .update(newsletters)
        .set({ status: 'sent', sentAt: deps.clock.now() })
        .where(eq(newsletters.id, 1));
    });
  }

  it('puts only the failed recipients back in the queue, tries counted afresh', async () => {
    await sentWith({
      'ok@example.com': 'sent',
      'bad@example.com': 'failed',
      'away@example.com': 'skipped',
    });
    deps.clock.advance(3_600_000);
    const retried = await admin.newsletters.retry({ id: 1 });
    expect(retried).toMatchObject({
      status: 'sending',
      sentAt: null,
      total: 3,
      sent: 1,
      failed: 0,
    });
    const rows = await recipientsOf(deps.db, 1);
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ['ok@example.com', 'sent'],
      ['bad@example.com', 'queued'],
      ['away@example.com', 'skipped'],
    ]);
    expect(rows[1]).toMatchObject({
      attempts: 0,
      lastError: null,
      nextAttemptAt: deps.clock.now(),
    });
    const sends = (await auditEntries(deps.db)).filter((e) => e.action === 'newsletter_sent');
    expect(sends.map((e) => e.target)).toEqual([
      'newsletter 1',
      'newsletter 1 (retry of 1 failed)',
    ]);
  });

  it('refuses with CONFLICT when no recipient failed, and for a draft', async () => {
    await sentWith({ 'ok@example.com': 'sent' });
    const nothing = await failure(admin.newsletters.retry({ id: 1 }));
    expect([nothing.code, nothing.message]).toEqual(['CONFLICT', M.nothingFailed]);
    expect((await admin.newsletters.byId({ id: 1 })).status).toBe('sent');
    await admin.newsletters.create(DRAFT);
    const draft = await failure(admin.newsletters.retry({ id: 2 }));
    expect([draft.code, draft.message]).toEqual(['CONFLICT', M.draft]);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    expect((await failure(admin.newsletters.retry({ id: 9 }))).code).toBe('NOT_FOUND');
  });
});
