import { and, count, desc, eq, getTableColumns, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db';
import { contacts, contactsSearch, type ContactRow } from '#db/schema';
import type { MessageFilter } from '#shared/leads';
import type { Message } from '#shared/shapes/messages';
import { inIdBatches } from '#server/platform/id-batches';

/** The trigram index matches only runs of at least this many characters. */
const TRIGRAM = 3;

/** A contact message as the admin API answers it (docs/api.md). */
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
    leadId: row.leadId,
  };
}

/** The search, when the trigram index can serve it (3 or more characters). */
export function indexedSearch(filter: Pick<MessageFilter, 'q'>): string | undefined {
  return filter.q && [...filter.q].length >= TRIGRAM ? filter.q : undefined;
}

/** Rows of the index holding `q`, taken literally as an FTS5 phrase (quotes doubled). */
export function indexMatches(q: string): SQL {
  return sql`${contactsSearch.anyColumn} match ${`"${q.replaceAll('"', '""')}"`}`;
}

/**
 * One or two characters are too short for the trigram index, so the table is scanned
 * (LIKE ignores ASCII case; `\` escapes the query's own % and _).
 */
export function containsText(q: string): SQL {
  const columns = [contacts.name, contacts.email, contacts.company, contacts.message];
  return or(...columns.map((column) => columnContains(column, q))) as SQL;
}

/** `column` holds `q` as a substring: LIKE ignores ASCII case; `\` escapes q's own % and _. */
export function columnContains(column: AnySQLiteColumn, q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}

/**
 * The one query for a search and subject filter, shared by the paged list, its count and the
 * CSV export: `q` matches name, e-mail, company or text as a substring, ignoring case and
 * accents. With a search of 3 or more characters the index's matches drive the query
 * (CROSS JOIN keeps them the outer loop, newest first by rowid), so a word found in most
 * messages still stops after one page instead of joining every match first. `beforeId`
 * continues newest first after that id (the export's batches).
 */
function selectMatching(db: Db, filter: MessageFilter, beforeId?: number) {
  const fields = getTableColumns(contacts);
  const subject = filter.subject ? eq(contacts.subject, filter.subject) : undefined;
  const search = indexedSearch(filter);
  if (search) {
    return {
      query: db
        .select(fields)
        .from(contactsSearch)
        .crossJoin(contacts)
        .where(
          and(
            indexMatches(search),
            eq(contacts.id, contactsSearch.rowid),
            beforeId === undefined ? undefined : lt(contactsSearch.rowid, beforeId),
            subject,
          ),
        )
        .$dynamic(),
      newestFirst: desc(contactsSearch.rowid),
    };
  }
  return {
    query: db
      .select(fields)
      .from(contacts)
      .where(
        and(
          filter.q ? containsText(filter.q) : undefined,
          beforeId === undefined ? undefined : lt(contacts.id, beforeId),
          subject,
        ),
      )
      .$dynamic(),
    // Ids grow with arrival: the primary key orders newest first, whatever the clock did.
    newestFirst: desc(contacts.id),
  };
}

export async function messagesPage(
  db: Db,
  filter: MessageFilter,
  page: number,
  pageSize: number,
): Promise<ContactRow[]> {
  const { query, newestFirst } = selectMatching(db, filter);
  return query
    .orderBy(newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
}

export async function countMessages(db: Db, filter: MessageFilter): Promise<number> {
  const search = indexedSearch(filter);
  if (search && !filter.subject) {
    // Only the index is needed: skipping the join saves a row lookup per match.
    const row = await db
      .select({ n: count() })
      .from(contactsSearch)
      .where(indexMatches(search))
      .get();
    return row?.n ?? 0;
  }
  // SQLite flattens the subquery: this counts the matches without reading their columns.
  const matches = selectMatching(db, filter).query.as('matches');
  return (await db.select({ n: count() }).from(matches).get())?.n ?? 0;
}

export async function countUnread(db: Db): Promise<number> {
  const row = await db.select({ n: count() }).from(contacts).where(isNull(contacts.readAt)).get();
  return row?.n ?? 0;
}

/** Every matching message, newest first, for the CSV export. */
export async function* messagesNewestFirst(db: Db, filter: MessageFilter): AsyncGenerator<Message> {
  const rows = inIdBatches((before, size) => {
    const { query, newestFirst } = selectMatching(db, filter, before);
    return query.orderBy(newestFirst).limit(size).all();
  });
  for await (const row of rows) yield serializeMessage(row);
}
