import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db';
import { contacts, type ContactRow } from '../../../db/schema';
import type { MessageFilter } from '../../shared/lead-schemas';
import type { Message } from '../../shared/types';
import { inIdBatches } from './id-batches';

/** The trigram index matches only runs of at least this many characters. */
const TRIGRAM = 3;

export function serializeMessage(row: ContactRow): Message {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** An FTS5 phrase: the query taken literally, whatever operators or quotes it holds. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function textMatches(q: string): SQL {
  if ([...q].length >= TRIGRAM) {
    return sql`${contacts.id} in (select rowid from contacts_search where contacts_search match ${ftsPhrase(q)})`;
  }
  // One or two characters: too short for the index, so the table is scanned (LIKE ignores
  // ASCII case; `\` escapes the query's own % and _).
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const contains = (column: AnySQLiteColumn) => sql`${column} like ${pattern} escape '\\'`;
  return or(
    contains(contacts.name),
    contains(contacts.email),
    contains(contacts.company),
    contains(contacts.message),
  ) as SQL;
}

/**
 * The one WHERE for a search and subject filter, used by the paged list and the CSV export
 * alike: `q` matches name, e-mail, company or text as a substring, ignoring case and accents.
 */
export function messageWhere(filter: MessageFilter): SQL | undefined {
  return and(
    filter.subject ? eq(contacts.subject, filter.subject) : undefined,
    filter.q ? textMatches(filter.q) : undefined,
  );
}

/** Newest first: ids grow with arrival, and the primary key orders them for free. */
export const newestFirst = desc(contacts.id);

export function countMessages(db: Db, where: SQL | undefined): number {
  return db.select({ n: count() }).from(contacts).where(where).get()?.n ?? 0;
}

export function countUnread(db: Db): number {
  return countMessages(db, isNull(contacts.readAt));
}

/** Every matching message, newest first, for the CSV export. */
export function* messagesNewestFirst(db: Db, filter: MessageFilter): Generator<Message> {
  const where = messageWhere(filter);
  const rows = inIdBatches((before, size) =>
    db
      .select()
      .from(contacts)
      .where(and(where, before === undefined ? undefined : lt(contacts.id, before)))
      .orderBy(newestFirst)
      .limit(size)
      .all(),
  );
  for (const row of rows) yield serializeMessage(row);
}
