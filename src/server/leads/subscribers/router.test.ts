import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import type { SuppressionReason } from '#shared/outbox';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { newsletterRecipients, outbox, subscribers } from '#db/schema';
import { createMailSender } from '#server/app/mail-sender';
import { STATUS_FILTER_MESSAGE } from '#shared/leads';
import { MESSAGES } from '#shared/messages';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { storeSubscribers, type SubscriberFields } from '#tests/support/leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { recipientsOf, storeSubscribersAs } from '#tests/support/newsletters';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

const suppress = (email: string, reason: SuppressionReason) =>
  writeTransaction(deps.db, (tx) =>
    suppressAddress(tx, { email, reason, detail: '' }, deps.clock.now()),
  );

const emails = (page: { subscribers: { email: string }[] }) => page.subscribers.map((s) => s.email);
const noCounts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };

describe('subscribers procedures signed out', () => {
  it.each([
    ['list', () => anonymous.subscribers.list({})],
    ['remove', () => anonymous.subscribers.remove({ id: 1 })],
  ])('%s is refused with UNAUTHORIZED and changes nothing', async (_name, call) => {
    await storeSubscribers(deps, 1);
    expect((await failure(call())).code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(subscribers).all()).toHaveLength(1);
  });
});

describe('subscribers.list', () => {
  it('answers an empty first page on a fresh database', async () => {
    expect(await admin.subscribers.list()).toEqual({
      subscribers: [],
      total: 0,
      counts: noCounts,
      page: 1,
      pageSize: 50,
    });
  });

  it('shows exactly 50 on one page, newest first, with address and date', async () => {
    const rows = await storeSubscribers(deps, 50);
    const first = await admin.subscribers.list({ page: 1 });
    expect(first.subscribers).toHaveLength(50);
    expect(first.subscribers[0]).toEqual({
      id: 50,
      email: 'reader50@example.com',
      status: 'pending',
      createdAt: rows[49]!.createdAt.toISOString(),
      confirmedAt: null,
      unsubscribedAt: null,
      sequence: { step: 0, exited: null },
    });
    expect(first.subscribers.at(-1)?.email).toBe('reader1@example.com');
    expect((await admin.subscribers.list({ page: 2 })).subscribers).toEqual([]);
  });

  it('puts the 51st (oldest) on page 2 and answers a page past the end as empty', async () => {
    await storeSubscribers(deps, 51);
    expect(emails(await admin.subscribers.list({ page: '2' }))).toEqual(['reader1@example.com']);
    expect(await admin.subscribers.list({ page: 3 })).toEqual({
      subscribers: [],
      total: 51,
      counts: { ...noCounts, pending: 51 },
      page: 3,
      pageSize: 50,
    });
  });

  it('answers the confirmation and unsubscription dates as ISO strings', async () => {
    const confirmedAt = new Date('2026-03-01T10:00:00.000Z');
    const unsubscribedAt = new Date('2026-03-05T08:30:00.000Z');
    const [row] = await storeSubscribers(deps, 1, {
      status: 'unsubscribed',
      confirmedAt,
      unsubscribedAt,
    });
    expect((await admin.subscribers.list()).subscribers).toEqual([
      {
        id: 1,
        email: 'reader1@example.com',
        status: 'unsubscribed',
        createdAt: row!.createdAt.toISOString(),
        confirmedAt: '2026-03-01T10:00:00.000Z',
        unsubscribedAt: '2026-03-05T08:30:00.000Z',
        sequence: { step: 0, exited: null },
      },
    ]);
  });

  it('answers each subscriber’s welcome sequence: the mails given and why it stopped', async () => {
    const fields: SubscriberFields[] = [
      { status: 'confirmed', sequenceStep: 2 },
      { status: 'confirmed', sequenceStep: 1, sequenceExited: 'enquired' },
      { status: 'pending' },
    ];
    await storeSubscribers(deps, 3, (i) => fields[i]!);
    const listed = (await admin.subscribers.list()).subscribers.map((s) => [s.email, s.sequence]);
    expect(listed).toEqual([
      ['reader3@example.com', { step: 0, exited: null }],
      ['reader2@example.com', { step: 1, exited: 'enquired' }],
      ['reader1@example.com', { step: 2, exited: null }],
    ]);
  });

  it('refuses a bad page', async () => {
    expect(await issuesOf(admin.subscribers.list({ page: 'abc' }))).toEqual([
      { path: 'page', message: MESSAGES.page },
    ]);
  });
});

describe('subscribers.list by status', () => {
  /** reader1..reader6: confirmed, pending, confirmed, unsubscribed, confirmed, pending. */
  const mixed: SubscriberFields['status'][] = [
    'confirmed',
    'pending',
    'confirmed',
    'unsubscribed',
    'confirmed',
    'pending',
  ];
  const storeMixed = () => storeSubscribers(deps, mixed.length, (i) => ({ status: mixed[i] }));
  const counts = { pending: 2, confirmed: 3, unsubscribed: 1, bounced: 0 };

  it.each([
    ['confirmed', ['reader5@example.com', 'reader3@example.com', 'reader1@example.com']],
    ['pending', ['reader6@example.com', 'reader2@example.com']],
    ['unsubscribed', ['reader4@example.com']],
  ] as const)(
    '%s: exactly those rows, newest first, the total of the filter',
    async (status, list) => {
      await storeMixed();
      const page = await admin.subscribers.list({ status });
      expect(emails(page)).toEqual(list);
      expect(page.subscribers.every((s) => s.status === status)).toBe(true);
      expect(page).toMatchObject({ total: list.length, counts, page: 1, pageSize: 50 });
    },
  );

  it('lists every status without a filter or with a blank one, with the same counts', async () => {
    await storeMixed();
    for (const input of [{}, { status: '' as const }, undefined]) {
      const page = await admin.subscribers.list(input);
      expect(emails(page)).toHaveLength(6);
      expect(page).toMatchObject({ total: 6, counts });
    }
  });

  it('answers zero for a status nobody has, and an empty list', async () => {
    await storeSubscribers(deps, 2, { status: 'confirmed' });
    expect(await admin.subscribers.list({ status: 'unsubscribed' })).toEqual({
      subscribers: [],
      total: 0,
      counts: { ...noCounts, confirmed: 2 },
      page: 1,
      pageSize: 50,
    });
  });

  it('pages within the filter', async () => {
    await storeSubscribers(deps, 103, (i) => ({ status: i % 2 === 0 ? 'confirmed' : 'pending' }));
    // 52 confirmed (reader1, 3, ..., 103): the oldest two are on page 2.
    const second = await admin.subscribers.list({ status: 'confirmed', page: 2 });
    expect(emails(second)).toEqual(['reader3@example.com', 'reader1@example.com']);
    expect(second.total).toBe(52);
    expect(second.counts).toEqual({ ...noCounts, pending: 51, confirmed: 52 });
  });

  it('refuses an unknown status with a message naming the four', async () => {
    expect(STATUS_FILTER_MESSAGE).toBe(
      'Status must be pending, confirmed, unsubscribed or bounced',
    );
    expect(await issuesOf(admin.subscribers.list({ status: 'active' as 'confirmed' }))).toEqual([
      { path: 'status', message: STATUS_FILTER_MESSAGE },
    ]);
  });
});

describe('bounced: derived from the suppression list at each read', () => {
  it('shows an address suppressed by a bounce as bounced, in the list, its filter and counts', async () => {
    await storeSubscribers(deps, 5, (i) => ({
      email: `Reader${i + 1}@example.com`,
      status: i === 4 ? 'pending' : 'confirmed',
    }));
    await suppress('reader1@example.com', 'hard_bounce');
    await suppress('reader2@example.com', 'soft_bounces');
    // A complaint or a hand-made entry leaves the subscriber's status as it is.
    await suppress('reader3@example.com', 'complaint');
    await suppress('reader4@example.com', 'manual');
    await suppress('reader5@example.com', 'hard_bounce');

    const all = await admin.subscribers.list();
    expect(all.subscribers.map((s) => [s.email, s.status])).toEqual([
      ['Reader5@example.com', 'bounced'],
      ['Reader4@example.com', 'confirmed'],
      ['Reader3@example.com', 'confirmed'],
      ['Reader2@example.com', 'bounced'],
      ['Reader1@example.com', 'bounced'],
    ]);
    expect(all.counts).toEqual({ ...noCounts, confirmed: 2, bounced: 3 });
    const bounced = await admin.subscribers.list({ status: 'bounced' });
    expect([emails(bounced), bounced.total]).toEqual([
      ['Reader5@example.com', 'Reader2@example.com', 'Reader1@example.com'],
      3,
    ]);
    expect(emails(await admin.subscribers.list({ status: 'confirmed' }))).toEqual([
      'Reader4@example.com',
      'Reader3@example.com',
    ]);
    expect(emails(await admin.subscribers.list({ status: 'pending' }))).toEqual([]);
  });

  it('gives the stored status back once the address is taken off the list', async () => {
    await storeSubscribers(deps, 1, { email: 'ada@example.com', status: 'confirmed' });
    await suppress('ada@example.com', 'hard_bounce');
    expect((await admin.subscribers.list()).subscribers[0]?.status).toBe('bounced');
    await admin.suppressions.remove({ email: 'ada@example.com' });
    expect((await admin.subscribers.list()).subscribers[0]?.status).toBe('confirmed');
  });

  it('answers an address added by hand that had bounced as bounced', async () => {
    await suppress('gone@example.com', 'hard_bounce');
    expect(await admin.subscribers.add({ email: 'gone@example.com' })).toMatchObject({
      status: 'bounced',
    });
  });
});

describe('subscribers.remove', () => {
  it('removes the address', async () => {
    await storeSubscribers(deps, 2);
    expect(await admin.subscribers.remove({ id: 1 })).toEqual({ success: true });
    expect(await admin.subscribers.list()).toMatchObject({
      subscribers: [{ email: 'reader2@example.com' }],
      total: 1,
    });
  });

  it('removes the address from the records of newsletters sent, keeping their counts', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['gone@example.com', 'kept@example.com']);
    await admin.newsletters.create({ subject: 'News', body: 'Hello' });
    await admin.newsletters.send({ id: 1 });
    await admin.subscribers.remove({ id: 1 });
    const rows = await recipientsOf(deps.db, 1);
    expect(rows.map((r) => [r.subscriberId, r.email])).toEqual([
      [1, ''],
      [2, 'kept@example.com'],
    ]);
    expect(JSON.stringify(await deps.db.select().from(newsletterRecipients).all())).not.toContain(
      'gone@',
    );
  });

  it('removes the address from the newsletters’ mails in the outbox too, keeping the counts', async () => {
    await storeSubscribersAs(deps, 'confirmed', [
      'gone@example.com',
      'kept@example.com',
      'bounced@example.com',
    ]);
    await suppress('bounced@example.com', 'hard_bounce');
    await admin.newsletters.create({ subject: 'News', body: 'Hello' });
    await admin.newsletters.send({ id: 1 });
    const sender = createMailSender(deps, { id: 'test-sender' });
    for (let turn = await sender.turn(); turn.kind !== 'idle'; turn = await sender.turn()) {
      if (turn.kind === 'paced') deps.clock.advance(turn.waitMs);
    }
    const counts = { status: 'sent', total: 3, sent: 2, failed: 0 };
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject(counts);
    await admin.subscribers.remove({ id: 1 });
    await admin.subscribers.remove({ id: 3 });
    const mails = await deps.db.select({ to: outbox.toEmail }).from(outbox).all();
    expect(mails.map((m) => m.to).sort()).toEqual(['', '', 'kept@example.com']);
    expect(await admin.newsletters.byId({ id: 1 })).toMatchObject(counts);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await failure(admin.subscribers.remove({ id: 7 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Subscriber not found']);
  });
});
