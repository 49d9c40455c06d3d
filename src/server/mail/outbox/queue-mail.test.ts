import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import { openTestDatabase } from '#tests/support/database';
import { queueMail, storedMessage } from './queue-mail';

let db: Db;
const now = new Date('2026-11-26T10:00:00Z');

beforeEach(async () => {
  ({ db } = await openTestDatabase());
});

describe('queueMail', () => {
  it('stores a mail with its kind’s priority, whole enough to be sent as it was given', async () => {
    const message = {
      to: 'helen@example.com',
      subject: 'Your sign-in code',
      text: 'Your code is 123456.',
      html: '<p>Your code is 123456.</p>',
      replyTo: 'owner@example.com',
      headers: { 'X-Test': 'yes' },
      calendar: { method: 'REQUEST' as const, ics: 'BEGIN:VCALENDAR' },
    };
    const id = await writeTransaction(db, (tx) => queueMail(tx, { kind: 'code', message }, now));
    const row = await db.select().from(outbox).get();
    expect(row).toMatchObject({
      id,
      kind: 'code',
      priority: 0,
      bulk: false,
      status: 'queued',
      attempts: 0,
      toEmail: 'helen@example.com',
      nextAttemptAt: now,
      createdAt: now,
      sentAt: null,
    });
    expect(storedMessage(db, row!)).toEqual(message);
  });

  it('marks bulk kinds, and waits for a later moment when asked', async () => {
    const later = new Date('2026-11-29T10:00:00Z');
    const message = { to: 'a@example.com', subject: 'Welcome', text: 'Hello' };
    await writeTransaction(db, (tx) =>
      queueMail(tx, { kind: 'sequence', message, notBefore: later, ref: 'subscriber:4' }, now),
    );
    const row = await db.select().from(outbox).get();
    expect(row).toMatchObject({
      bulk: true,
      priority: 5,
      nextAttemptAt: later,
      ref: 'subscriber:4',
    });
  });

  it('gives nothing with the transaction that failed', async () => {
    const message = { to: 'a@example.com', subject: 'Hi', text: 'Hello' };
    await expect(
      writeTransaction(db, async (tx) => {
        await queueMail(tx, { kind: 'notice', message }, now);
        throw new Error('what the mail was about was not stored');
      }),
    ).rejects.toThrow('not stored');
    expect(await db.select().from(outbox).all()).toEqual([]);
  });
});
