/** The audit log as tests read it. */
import { asc } from 'drizzle-orm';
import { auditEvents, type AuditRow } from '#db/schema';
import type { Db } from '#db';

/** Every audit entry, oldest first. */
export async function auditEntries(db: Db): Promise<AuditRow[]> {
  return await db.select().from(auditEvents).orderBy(asc(auditEvents.id)).all();
}
