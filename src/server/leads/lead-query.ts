/**
 * The reads of the admin's leads (docs/leads.md, "Leads"): the paged list and its search, the
 * counts per status, one lead with its unread count, and its timeline.
 */
import type { TriageLabel } from '#shared/triage';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '#db';
import { contacts, contactsSearch, leadEvents, leads, outbox } from '#db/schema';
import { leadStatusValues, LEADS_PAGE_SIZE, type LeadStatus } from '#shared/lead-pipeline';
import type { TimelineEvent } from '#shared/shapes/leads';
import { eventJson } from './lead-json';
import { replyOutbox } from './reply-fate';
import {
  columnContains,
  containsText,
  indexedSearch,
  indexMatches,
} from './messages/message-query';

/**
 * The outer query's `leads.id`, always qualified: drizzle writes a column of a one-table
 * select unqualified, which inside a subquery would name the subquery's own `id`.
 */
const leadIdRef = sql`${sql.identifier('leads')}.${sql.identifier('id')}`;

/**
 * A lead's unread messages and answers, as a column of a query over `leads`: both counts are
 * read through partial or leading-column indexes (contacts_lead_idx, lead_events_unread_idx).
 */
export const unreadColumn = sql<number>`(
  (select count(*) from ${contacts} where ${contacts.leadId} = ${leadIdRef} and ${contacts.readAt} is null)
  + (select count(*) from ${leadEvents} where ${leadEvents.leadId} = ${leadIdRef}
      and ${leadEvents.kind} = 'reply_received' and ${leadEvents.readAt} is null)
)`.mapWith(Number);

export const leadWithUnread = { ...getTableColumns(leads), unread: unreadColumn };

/**
 * The ids of the leads `q` finds, as a subquery: its own name, e-mail or company, or the
 * name, e-mail, company or text of any of its messages. Messages are searched as in Messages
 * (messages/message-query.ts): through the trigram index from 3 characters, else by a scan.
 */
function matchingLeadIds(q: string): SQL {
  const own = or(
    columnContains(leads.name, q),
    columnContains(leads.email, q),
    columnContains(leads.company, q),
  );
  const search = indexedSearch({ q });
  const messages = search
    ? sql`select ${contacts.leadId} from ${contactsSearch}
        cross join ${contacts} indexed by contacts_id_lead_idx
        where ${indexMatches(search)} and ${contacts.id} = ${contactsSearch.rowid}`
    : sql`select ${contacts.leadId} from ${contacts} where ${containsText(q)}`;
  return sql`select ${leads.id} from ${leads} where ${own} union ${messages}`;
}

function searchCondition(q: string | undefined): SQL | undefined {
  return q ? sql`${leads.id} in (${matchingLeadIds(q)})` : undefined;
}

/** The search and the triage label (docs/ai.md): the narrowing the status tabs count within. */
function narrowed(filter: Omit<LeadFilter, 'status'>): SQL | undefined {
  return and(
    searchCondition(filter.q),
    filter.triage ? eq(leads.triageLabel, filter.triage) : undefined,
  );
}

export interface LeadFilter {
  status?: LeadStatus;
  q?: string;
  triage?: TriageLabel;
}

export type LeadRowWithUnread = typeof leads.$inferSelect & { unread: number };

/**
 * Leads with their unread counts, in `order`: the page is chosen first over `leads` alone, and
 * only its rows count their unread, since a sort would otherwise count them for every match.
 */
export async function leadsWithUnread(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<LeadRowWithUnread[]> {
  const chosen = db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select(leadWithUnread)
    .from(leads)
    .where(inArray(leads.id, chosen))
    .orderBy(...order)
    .all();
}

/** One page, latest activity first (leads_activity_idx, or leads_status_activity_idx). */
export function leadsPage(db: Db, filter: LeadFilter, page: number): Promise<LeadRowWithUnread[]> {
  return leadsWithUnread(
    db,
    and(filter.status ? eq(leads.status, filter.status) : undefined, narrowed(filter)),
    [desc(leads.lastActivityAt), desc(leads.id)],
    LEADS_PAGE_SIZE,
    (page - 1) * LEADS_PAGE_SIZE,
  );
}

export type LeadStatusCounts = Record<LeadStatus, number>;

/**
 * How many leads of each status `q` (and the triage label) finds (all leads without either),
 * whatever the status filter: the list's tabs show how a search splits over the statuses.
 */
export async function countsByStatus(
  db: Db,
  filter: Omit<LeadFilter, 'status'>,
): Promise<LeadStatusCounts> {
  const rows = await db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(narrowed(filter))
    .groupBy(leads.status)
    .all();
  const counts = Object.fromEntries(leadStatusValues.map((s) => [s, 0])) as LeadStatusCounts;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function leadById(db: Db, id: number): Promise<LeadRowWithUnread | undefined> {
  return db.select(leadWithUnread).from(leads).where(eq(leads.id, id)).get();
}

/**
 * Its timeline, oldest first; a message entry carries its message's text, a reply its mail's
 * delivery (reply-fate.ts).
 */
export async function timelineOf(db: Db, leadId: number): Promise<TimelineEvent[]> {
  const rows = await db
    .select({ event: leadEvents, text: contacts.message, mailStatus: outbox.status })
    .from(leadEvents)
    .leftJoin(contacts, eq(contacts.id, leadEvents.contactId))
    .leftJoin(outbox, replyOutbox)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.at), asc(leadEvents.id))
    .all();
  return rows.map((row) => eventJson(row.event, row.text, row.mailStatus));
}

/** Marks a lead's messages and received answers read (the first time read is kept). */
export function markLeadRead(db: Db, leadId: number, now: Date) {
  return [
    db
      .update(contacts)
      .set({ readAt: now })
      .where(and(eq(contacts.leadId, leadId), isNull(contacts.readAt))),
    db
      .update(leadEvents)
      .set({ readAt: now })
      .where(
        and(
          eq(leadEvents.leadId, leadId),
          eq(leadEvents.kind, 'reply_received'),
          isNull(leadEvents.readAt),
        ),
      ),
  ] as const;
}
