import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { auditEvents } from '#db/schema';
import type { AuditAction, AuditVia } from '#shared/audit';
import { wellFormed } from '#shared/validation';
import { maskAddress } from '#server/platform/address';
import type { AuditSubject } from './subjects';

/** Who did it: a signed-in user, or nobody known (a failed sign-in, the command line). */
export type AuditActor = { id: number; username: string } | null;

export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor;
  /** What it was done to, in words a person reads: `fact 12`, `alice`, `sam@example.com`. */
  target?: string | null;
  /** The client address, masked here; null when there is none (the command line). */
  ip: string | null;
  /** Outside the admin area: the command line, or the server's start. */
  via?: AuditVia;
  /** The thing it concerns, for the words that outlive it and the link while it exists. */
  subject?: AuditSubject;
}

/** The longest target kept: a typed username or an address, never a text body. */
const TARGET_MAX = 254;

/**
 * The INSERT of one audit entry. Await it inside the write transaction of the change it
 * records (`await auditInsert(tx, now, entry)`), so the change and its entry commit
 * together, or put `.toSQL()` of it into a `writeBatch`.
 *
 * Its time is the commit order's: `now`, or the latest entry's time when that is later (a
 * request that read the clock earlier but committed later, another instance's clock ahead).
 * Writes are serialised, so ids follow the commits, and newest first by id is then also
 * newest first by time.
 */
export function auditInsert(db: Db, now: Date, entry: AuditEntry) {
  return db.insert(auditEvents).values(auditRow(now, entry));
}

function auditRow(now: Date, entry: AuditEntry) {
  return {
    // The index on `at` makes max() one lookup.
    at: sql`max(${now.getTime()}, coalesce((select max(${auditEvents.at}) from ${auditEvents}), 0))`,
    actorId: entry.actor?.id ?? null,
    actor: entry.actor?.username ?? null,
    action: entry.action,
    // Targets can come from input (a username typed at sign-in): kept well formed and short.
    target: entry.target == null ? null : wellFormed(entry.target.slice(0, TARGET_MAX)),
    address: entry.ip === null ? null : maskAddress(entry.ip),
    via: entry.via ?? null,
    subject: entry.subject?.words ?? null,
    subjectKind: entry.subject?.kind ?? null,
    subjectId: entry.subject?.id ?? null,
  };
}
