/**
 * Migration 0023 (docs/leads.md, "Replies"): replies now go through the outbox, and the
 * replies' own queue is gone. A reply that queue still held (waiting, or in a sender's hands)
 * is marked failed with a reason, so Send again puts it in the outbox; sent and failed replies
 * keep what they were.
 */
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fileMigratedBefore } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase } from './index';
import { leadEvents } from './schema';

it('fails the replies the old queue still held, and leaves sent and failed ones as they were', async () => {
  const { file, sqlite } = fileMigratedBefore(23);
  const at = Date.UTC(2026, 0, 10, 9);
  sqlite
    .prepare(`insert into leads (email, name, created_at, last_activity_at) values (?, ?, ?, ?)`)
    .run('ada@example.com', 'Ada', at, at);
  const insert = sqlite.prepare(
    `insert into lead_events (lead_id, at, kind, text, subject, to_email, mail_id, delivery,
       attempts, next_attempt_at, claimed_by, claimed_at, last_error)
     values (1, ?, 'reply_sent', 'Hi', 'Re: hi', 'ada@example.com', ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(at, 'waiting@acme.example', 'sending', 1, at, null, null, '421 try later');
  insert.run(at, 'in-hand@acme.example', 'sending', 1, at, 'sender:1', at, null);
  insert.run(at, 'sent@acme.example', 'sent', 1, at, null, null, null);
  insert.run(at, 'failed@acme.example', 'failed', 2, at, null, null, '550 no such user');
  sqlite
    .prepare(`insert into lead_events (lead_id, at, kind, text) values (1, ?, 'note', 'N')`)
    .run(at);
  sqlite.close();

  const db = await openDatabase({ file });
  try {
    const events = await db.select().from(leadEvents).orderBy(asc(leadEvents.id)).all();
    const gone = 'not sent before replies moved to the outbox: send it again';
    expect(events.map((e) => [e.mailId, e.delivery, e.lastError, e.claimedBy])).toEqual([
      ['waiting@acme.example', 'failed', gone, null],
      ['in-hand@acme.example', 'failed', gone, null],
      ['sent@acme.example', 'sent', null, null],
      ['failed@acme.example', 'failed', '550 no such user', null],
      [null, null, null, null],
    ]);
  } finally {
    await closeDatabase(db);
  }
});
