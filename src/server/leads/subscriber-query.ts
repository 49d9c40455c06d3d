import { count, desc, eq, lt, and, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { subscribers, type SubscriberRow } from '#db/schema';
import type { SubscriberFilter } from '#shared/leads';
import { subscriberStatusValues, type SubscriberStatus } from '#shared/newsletter';
import { inIdBatches } from '#server/platform/id-batches';

/** A subscriber as the admin API answers it (docs/api.md). */
export function serializeSubscriber(row: SubscriberRow) {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
    /** The welcome sequence: mails given, and why it stopped (docs/newsletter.md). */
    sequence: { step: row.sequenceStep, exited: row.sequenceExited },
  };
}

export type Subscriber = ReturnType<typeof serializeSubscriber>;

export type StatusCounts = Record<SubscriberStatus, number>;

/** Ids grow with arrival: the primary key lists the newest first. */
const newestFirst = desc(subscribers.id);

/**
 * Part of the address, in any letter case: instr() rather than LIKE, so a `%` or `_` typed
 * into the search is matched as itself.
 */
function searching(q: string | undefined) {
  return q === undefined ? undefined : sql`instr(lower(${subscribers.email}), lower(${q})) > 0`;
}

/** The filter's condition; with a status, the (status, id) index serves it in id order. */
function matching(filter: SubscriberFilter, beforeId?: number) {
  return and(
    searching(filter.q),
    filter.status ? eq(subscribers.status, filter.status) : undefined,
    beforeId === undefined ? undefined : lt(subscribers.id, beforeId),
  );
}

export function subscribersPage(db: Db, filter: SubscriberFilter, page: number, size: number) {
  return db
    .select()
    .from(subscribers)
    .where(matching(filter))
    .orderBy(newestFirst)
    .limit(size)
    .offset((page - 1) * size)
    .all();
}

/**
 * How many subscribers each status has among the search's matches (all without one), every
 * status present (0 when none): one grouped read, from which the filter's total is taken
 * too, so the counts and the total agree.
 */
export async function countByStatus(db: Db, q?: string): Promise<StatusCounts> {
  const rows = await db
    .select({ status: subscribers.status, n: count() })
    .from(subscribers)
    .where(searching(q))
    .groupBy(subscribers.status)
    .all();
  const counts = Object.fromEntries(subscriberStatusValues.map((s) => [s, 0])) as StatusCounts;
  for (const { status, n } of rows) counts[status] = n;
  return counts;
}

export function totalOf(counts: StatusCounts, filter: SubscriberFilter): number {
  if (filter.status) return counts[filter.status];
  return subscriberStatusValues.reduce((sum, status) => sum + counts[status], 0);
}

/** Every subscriber matching the filter, newest first, for the CSV export. */
export async function* subscribersNewestFirst(
  db: Db,
  filter: SubscriberFilter,
): AsyncGenerator<Subscriber> {
  const rows = inIdBatches((before, size) =>
    db
      .select()
      .from(subscribers)
      .where(matching(filter, before))
      .orderBy(newestFirst)
      .limit(size)
      .all(),
  );
  for await (const row of rows) yield serializeSubscriber(row);
}
