/**
 * Migration 0012 (docs/leads.md): the contact messages stored before leads existed become one
 * lead per address, ignoring case, each message linked to it and on its timeline.
 */
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fileMigratedBefore } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase } from './index';
import { contacts, leadEvents, leads } from './schema';

it('makes one lead per address ignoring case, with every message linked and on its timeline', async () => {
  const { file, sqlite } = fileMigratedBefore(12);
  const insert = sqlite.prepare(
    `insert into contacts (name, email, company, subject, message, created_at, privacy)
     values (?, ?, ?, 'consulting', ?, ?, 1)`,
  );
  const at = (minute: number) => Date.UTC(2026, 0, 10, 9, minute);
  insert.run('Ada', 'Ada@Example.com', null, 'First from Ada', at(1));
  insert.run('Bob', 'bob@example.com', 'Bobco', 'Bob writes', at(2));
  insert.run('Ada Lovelace', 'ada@example.COM', 'Engines', 'Second from Ada', at(3));
  sqlite.close();

  const db = await openDatabase({ file });
  try {
    const stored = await db.select().from(leads).orderBy(asc(leads.id)).all();
    expect(
      stored.map((l) => [
        l.id,
        l.email,
        l.name,
        l.company,
        l.status,
        l.createdAt,
        l.lastActivityAt,
      ]),
    ).toEqual([
      // The name and company of the latest message; created at the first, active at the last.
      [1, 'ada@example.COM', 'Ada Lovelace', 'Engines', 'new', new Date(at(1)), new Date(at(3))],
      [2, 'bob@example.com', 'Bob', 'Bobco', 'new', new Date(at(2)), new Date(at(2))],
    ]);
    const messages = await db.select().from(contacts).orderBy(asc(contacts.id)).all();
    expect(messages.map((m) => [m.id, m.leadId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    const events = await db.select().from(leadEvents).orderBy(asc(leadEvents.id)).all();
    expect(events.map((e) => [e.leadId, e.kind, e.contactId, e.at])).toEqual([
      [1, 'message', 1, new Date(at(1))],
      [2, 'message', 2, new Date(at(2))],
      [1, 'message', 3, new Date(at(3))],
    ]);
  } finally {
    await closeDatabase(db);
  }
});
