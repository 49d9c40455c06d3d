import { count, desc, eq, lt, and, getTableColumns, not, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { subscribers, type SubscriberRow } from '#db/schema';
import type { SubscriberFilter } from '#shared/leads';
import { subscriberShownStatusValues, type SubscriberShownStatus } from '#shared/newsletter';
import { BOUNCE_REASONS } from '#shared/suppressions';
import type { Subscriber } from '#shared/shapes/subscribers';
import { inIdBatches } from '#server/platform/id-batches';

/**
 * Whether the subscriber's address is on the suppression list for a bounce: its status then
 * reads `bounced` (docs/newsletter.md, "Bounced"). Derived at each read, never stored, so
 * taking the address off the list gives the subscriber their own status back.
 */
// Table and column names written out: drizzle leaves a column unqualified inside a
// single-table select, which would make `email` the suppression's own on both sides.
const bounced = sql<number>`exists (select 1 from suppressions s where s.email = lower("subscribers"."email") and s.reason in (${sql.join(
  BOUNCE_REASONS.map((reason) => sql`${reason}`),
  sql`, `,
)}))`;

/** The status shown: `bounced`, else the stored one. */
const shownStatus = sql<SubscriberShownStatus>`case when ${bounced} then 'bounced' else ${subscribers.status} end`;

/** A subscriber row with what its reads derive. */
const withBounced = { ...getTableColumns(subscribers), bounced };
type ReadRow = SubscriberRow & { bounced: number };

/** A subscriber as the admin API answers it (docs/api.md). */
export function serializeSubscriber(row: ReadRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.bounced ? 'bounced' : row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
    sequence: { step: row.sequenceStep, exited: row.sequenceExited },
  };
}

export type SubscriberStatusCounts = Record<SubscriberShownStatus, number>;

/** Ids grow with arrival: the primary key lists the newest first. */
const newestFirst = desc(subscribers.id);

/**
 * Part of the address, in any letter case: instr() rather than LIKE, so a `%` or `_` typed
 * into the search is matched as itself.
 */
function searching(q: string | undefined) {
  return q === undefined ? undefined : sql`instr(lower(${subscribers.email}), lower(${q})) > 0`;
}

/**
 * A shown status: `bounced` is the suppressed ones; any other is that stored status less
 * the bounced ones. With a stored status, the (status, id) index serves it in id order.
 */
function ofStatus(status: SubscriberShownStatus | undefined) {
  if (status === undefined) return undefined;
  if (status === 'bounced') return bounced;
  return and(eq(subscribers.status, status), not(bounced));
}

/** The filter's condition. */
function matching(filter: SubscriberFilter, beforeId?: number) {
  return and(
    searching(filter.q),
    ofStatus(filter.status),
    beforeId === undefined ? undefined : lt(subscribers.id, beforeId),
  );
}

export function subscribersPage(db: Db, filter: SubscriberFilter, page: number, size: number) {
  return db
    .select(withBounced)
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
export async function countByStatus(db: Db, q?: string): Promise<SubscriberStatusCounts> {
  const rows = await db
    .select({ status: shownStatus, n: count() })
    .from(subscribers)
    .where(searching(q))
    .groupBy(shownStatus)
    .all();
  const counts = Object.fromEntries(
    subscriberShownStatusValues.map((s) => [s, 0]),
  ) as SubscriberStatusCounts;
  for (const { status, n } of rows) counts[status] = n;
  return counts;
}

/** How many are stored `pending`, bounced or not: the ones a confirmation resend may take. */
export async function storedPendingCount(db: Db): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(subscribers)
    .where(eq(subscribers.status, 'pending'))
    .get();
  return row?.n ?? 0;
}

/** One subscriber as the API answers it, its shown status derived. */
export async function subscriberById(db: Db, id: number): Promise<Subscriber | undefined> {
  const row = await db.select(withBounced).from(subscribers).where(eq(subscribers.id, id)).get();
  return row ? serializeSubscriber(row) : undefined;
}

export function totalOf(counts: SubscriberStatusCounts, filter: SubscriberFilter): number {
  if (filter.status) return counts[filter.status];
  return subscriberShownStatusValues.reduce((sum, status) => sum + counts[status], 0);
}

/** Every subscriber matching the filter, newest first, for the CSV export. */
export async function* subscribersNewestFirst(
  db: Db,
  filter: SubscriberFilter,
): AsyncGenerator<Subscriber> {
  const rows = inIdBatches((before, size) =>
    db
      .select(withBounced)
      .from(subscribers)
      .where(matching(filter, before))
      .orderBy(newestFirst)
      .limit(size)
      .all(),
  );
  for await (const row of rows) yield serializeSubscriber(row);
}
