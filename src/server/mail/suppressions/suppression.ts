/**
 * The suppression list's two questions (docs/mail.md, "Suppression"): suppress an address, and
 * is it suppressed. Addresses are kept in lower case. The list's screen and routes are the
 * mail feature's (server/mail/); the sender and the bulk features only ask here.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { suppressions } from '#db/schema';
import type { SuppressionReason } from '#shared/outbox';

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  /** The report's status and diagnostic, or who added it by hand; no other address. */
  detail: string;
}

/**
 * Suppresses an address, inside the caller's write transaction. An address already on the
 * list keeps its first reason and time: the first cause is the one worth reading.
 * Returns whether it was added now.
 */
export async function suppressAddress(tx: Db, entry: Suppression, now: Date): Promise<boolean> {
  const added = await tx
    .insert(suppressions)
    .values({
      email: entry.email.toLowerCase(),
      reason: entry.reason,
      detail: entry.detail,
      at: now,
    })
    .onConflictDoNothing()
    .returning({ email: suppressions.email })
    .all();
  return added.length > 0;
}

/** Which of these addresses are suppressed (lower case). */
export async function suppressedAmong(db: Db, emails: string[]): Promise<Set<string>> {
  const lower = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lower.length === 0) return new Set();
  const rows = await db
    .select({ email: suppressions.email })
    .from(suppressions)
    .where(inArray(suppressions.email, lower))
    .all();
  return new Set(rows.map((row) => row.email));
}

export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(suppressions)
    .where(sql`${suppressions.email} = ${email.toLowerCase()}`)
    .get();
  return row !== undefined;
}

/** Why and since when an address is suppressed, or null: for a warning before mail to it. */
export async function suppressionOf(
  db: Db,
  email: string,
): Promise<{ reason: SuppressionReason; at: Date } | null> {
  const row = await db
    .select({ reason: suppressions.reason, at: suppressions.at })
    .from(suppressions)
    .where(sql`${suppressions.email} = ${email.toLowerCase()}`)
    .get();
  return row ?? null;
}
