import { beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { deliveryReports, outbox } from '#db/schema';
import type { OutboxKind, OutboxStatus } from '#shared/outbox';
import { openTestDatabase } from '#tests/support/database';
import { queueMail, storedMessage } from './queue-mail';
import { OUTBOX_KEPT_DAYS, pruneOutbox, TEXT_DROPPED } from './outbox-prune';
import { forgetAddress } from './forget-address';

let db: Db;
const now = new Date('2026-11-26T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

beforeEach(async () => {
  ({ db } = await openTestDatabase());
});

async function mail(opts: {
  kind?: OutboxKind;
  to?: string;
  status: OutboxStatus;
  written: Date;
  ref?: string;
}): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const id = await queueMail(
      tx,
      {
        kind: opts.kind ?? 'notice',
        message: { to: opts.to ?? 'helen@example.com', subject: 'Hi', text: 'The words' },
        ref: opts.ref,
      },
      opts.written,
    );
    await tx.update(outbox).set({ status: opts.status }).where(eq(outbox.id, id)).run();
    return id;
  });
}

const row = (id: number) => db.select().from(outbox).where(eq(outbox.id, id)).get();
const prune = () => writeTransaction(db, (tx) => pruneOutbox(tx, now));

it(`deletes settled mail nothing follows after ${OUTBOX_KEPT_DAYS} days, and nothing younger or waiting`, async () => {
  const oldSent = await mail({ status: 'sent', written: daysAgo(31) });
  const oldFailed = await mail({ status: 'failed', written: daysAgo(31) });
  const oldQueued = await mail({ status: 'queued', written: daysAgo(31) });
  const youngSent = await mail({ status: 'sent', written: daysAgo(29) });
  await prune();
  expect(await row(oldSent)).toBeUndefined();
  expect(await row(oldFailed)).toBeUndefined();
  expect(await row(oldQueued)).toMatchObject({ status: 'queued' });
  expect(await row(youngSent)).toMatchObject({ status: 'sent' });
});

it('keeps the row of a mail a feature follows', async () => {
  const oldSent = await mail({
    kind: 'reply',
    status: 'sent',
    written: daysAgo(31),
    ref: 'lead-event:1',
  });
  const oldFailed = await mail({
    kind: 'reply',
    status: 'failed',
    written: daysAgo(31),
    ref: 'lead-event:2',
  });
  const youngSent = await mail({
    kind: 'reply',
    status: 'sent',
    written: daysAgo(2),
    ref: 'lead-event:3',
  });
  await prune();
  expect(await row(oldSent)).toMatchObject({ status: 'sent', ref: 'lead-event:1' });
  // A failed one may still be retried: its text stays.
  expect(storedMessage(db, (await row(oldFailed))!).text).toContain('The words');
  expect(await row(youngSent)).toMatchObject({ status: 'sent', ref: 'lead-event:3' });
});

it('keeps delivery reports a year', async () => {
  await writeTransaction(db, (tx) =>
    tx
      .insert(deliveryReports)
      .values([
        { key: 'old', source: 'mailbox', kind: 'hard', email: 'a@example.com', at: daysAgo(366) },
        { key: 'young', source: 'mailbox', kind: 'hard', email: 'a@example.com', at: daysAgo(364) },
      ])
      .run(),
  );
  await prune();
  const left = await db.select({ key: deliveryReports.key }).from(deliveryReports).all();
  expect(left).toEqual([{ key: 'young' }]);
});

it('forgets an erased person’s address: waiting mail deleted, settled mail kept without address or text', async () => {
  const waiting = await mail({ to: 'Helen@Example.com', status: 'queued', written: now });
  const sent = await mail({
    kind: 'newsletter',
    to: 'helen@example.com',
    status: 'sent',
    written: now,
    ref: 'recipient:1',
  });
  const failed = await mail({ to: 'helen@example.com', status: 'failed', written: now });
  const inHand = await mail({ to: 'helen@example.com', status: 'sending', written: now });
  const someoneElse = await mail({ to: 'ada@example.com', status: 'queued', written: now });
  await writeTransaction(db, (tx) =>
    tx
      .insert(deliveryReports)
      .values([
        { key: 'k1', source: 'mailbox', kind: 'soft', email: 'helen@example.com', at: now },
        { key: 'k2', source: 'mailbox', kind: 'soft', email: 'ada@example.com', at: now },
      ])
      .run(),
  );
  await writeTransaction(db, (tx) => forgetAddress(tx, 'HELEN@example.com'));
  expect(await row(waiting)).toBeUndefined();
  expect(await row(sent)).toMatchObject({
    status: 'sent',
    toEmail: '',
    message: TEXT_DROPPED,
    ref: 'recipient:1',
  });
  expect(await row(failed)).toMatchObject({ status: 'failed', toEmail: '', message: TEXT_DROPPED });
  // In a sender's hands: it settles as it goes.
  expect(await row(inHand)).toMatchObject({ status: 'sending', toEmail: 'helen@example.com' });
  expect(await row(someoneElse)).toMatchObject({ toEmail: 'ada@example.com' });
  const reports = await db.select({ email: deliveryReports.email }).from(deliveryReports).all();
  expect(reports).toEqual([{ email: 'ada@example.com' }]);
});
