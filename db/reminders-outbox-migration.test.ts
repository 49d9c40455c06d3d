/**
 * Migration 0025 (docs/booking.md, "Reminders"): reminders are handed to the outbox, and their
 * own sender is gone. A reminder left in that sender's hands is failed with a reason; waiting,
 * sent and failed ones keep what they were.
 */
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fileMigratedBefore } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase } from './index';
import { bookingReminders } from './schema';

it('fails a reminder the old sender held, and leaves waiting, sent and failed ones as they were', async () => {
  const { file, sqlite } = fileMigratedBefore(25);
  const at = Date.UTC(2026, 0, 10, 9);
  sqlite
    .prepare(`insert into leads (email, name, created_at, last_activity_at) values (?, ?, ?, ?)`)
    .run('ada@example.com', 'Ada', at, at);
  sqlite
    .prepare(
      `insert into bookings (lead_id, name, email, start, "end", location, token_hash, created_at, updated_at)
       values (1, 'Ada', 'ada@example.com', ?, ?, 'Video call', 'h', ?, ?)`,
    )
    .run(at + 86_400_000, at + 86_400_000 + 1_800_000, at, at);
  const insert = sqlite.prepare(
    `insert into booking_reminders (booking_id, minutes_before, due_at, status, claimed_by, claimed_at, last_error)
     values (1, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(1440, at, 'sending', 'sender:1', at, null);
  insert.run(60, at + 1, 'queued', null, null, null);
  insert.run(30, at + 2, 'sent', null, null, null);
  insert.run(15, at + 3, 'failed', null, null, 'refused');
  sqlite.close();

  const db = await openDatabase({ file });
  try {
    const rows = await db.select().from(bookingReminders).orderBy(asc(bookingReminders.id)).all();
    expect(rows.map((r) => [r.minutesBefore, r.status, r.claimedBy, r.lastError])).toEqual([
      [
        1440,
        'failed',
        null,
        'interrupted while sending, before reminders moved to the outbox: unknown whether it went',
      ],
      [60, 'queued', null, null],
      [30, 'sent', null, null],
      [15, 'failed', null, 'refused'],
    ]);
  } finally {
    await closeDatabase(db);
  }
});
