/** The audit log's reads: one WHERE for the page, the count and the CSV export. */
import { and, asc, count, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#db';
import { auditEvents, type AuditRow } from '#db/schema';
import type { AuditFilter } from '#shared/audit';
import type { AuditEvent } from '#shared/shapes/audit';
import { inIdBatches } from '#server/platform/id-batches';

export function serializeAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    address: row.address,
    via: row.via,
    subject: row.subject,
    // Filled in for a page by withSubjects (a look-up per kind), not for the CSV.
    link: null,
  };
}

/** Newest first is id order (docs/decisions/0016); the (action, id) and (actor, id) indexes serve it. */
function matching(filter: AuditFilter, beforeId?: number) {
  return and(
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actor ? eq(auditEvents.actor, filter.actor) : undefined,
    beforeId === undefined ? undefined : lt(auditEvents.id, beforeId),
  );
}

export function auditPage(db: Db, filter: AuditFilter, page: number, size: number) {
  return db
    .select()
    .from(auditEvents)
    .where(matching(filter))
    .orderBy(desc(auditEvents.id))
    .limit(size)
    .offset((page - 1) * size)
    .all();
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  return (await db.select({ n: count() }).from(auditEvents).where(matching(filter)).get())?.n ?? 0;
}

/** Every name that appears as an actor, for the filter's choices. */
export async function auditActors(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ actor: auditEvents.actor })
    .from(auditEvents)
    .where(isNotNull(auditEvents.actor))
    .orderBy(asc(auditEvents.actor))
    .all();
  return rows.flatMap((row) => (row.actor === null ? [] : [row.actor]));
}

/** Every matching entry, newest first, a batch at a time (the CSV export). */
export function auditNewestFirst(db: Db, filter: AuditFilter): AsyncGenerator<AuditEvent> {
  return (async function* () {
    for await (const row of inIdBatches((beforeId, size) =>
      db
        .select()
        .from(auditEvents)
        .where(matching(filter, beforeId))
        .orderBy(desc(auditEvents.id))
        .limit(size)
        .all(),
    )) {
      yield serializeAuditEvent(row);
    }
  })();
}
