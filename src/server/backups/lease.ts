/**
 * One instance at a time takes a backup (docs/operations.md, "Backups"): a one-row lease in
 * the database, taken in a write transaction together with the check that a backup is due,
 * so two instances (or a server and the command line) never copy and upload at once, and a
 * second instance that wakes just after the first finished finds nothing due.
 */
import { eq, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { backupLease, backupRuns } from '#db/schema';

/** Longer than any backup should take; a holder that died frees it after this. */
export const LEASE_MS = 60 * 60 * 1000;

export interface Due {
  /** BACKUP_EVERY_HOURS in ms: a good backup younger than this makes the next one not due. */
  intervalMs: number;
  /** After any run (a failure too), the next one waits this long. */
  retryMs: number;
}

/**
 * Takes the lease for `holder` when it is free (absent or expired) and, when `due` is given,
 * a backup is due. Answers who holds it otherwise ('not due' when nobody does).
 */
export async function takeLease(
  db: Db,
  holder: string,
  now: Date,
  due: Due | null,
): Promise<{ taken: true } | { taken: false; heldBy: string | null }> {
  return writeTransaction(db, async (tx) => {
    const lease = await tx.select().from(backupLease).where(eq(backupLease.id, 1)).get();
    if (lease && lease.expiresAt > now && lease.holder !== holder) {
      return { taken: false as const, heldBy: lease.holder };
    }
    if (due) {
      const last = await tx
        .select({
          good: sql<
            number | null
          >`max(case when ${backupRuns.ok} then ${backupRuns.finishedAt} end)`,
          any: sql<number | null>`max(${backupRuns.startedAt})`,
        })
        .from(backupRuns)
        .get();
      const t = now.getTime();
      if (last?.good != null && t - last.good < due.intervalMs) {
        return { taken: false as const, heldBy: null };
      }
      if (last?.any != null && t - last.any < due.retryMs) {
        return { taken: false as const, heldBy: null };
      }
    }
    const expiresAt = new Date(now.getTime() + LEASE_MS);
    await tx
      .insert(backupLease)
      .values({ id: 1, holder, expiresAt })
      .onConflictDoUpdate({ target: backupLease.id, set: { holder, expiresAt } });
    return { taken: true as const };
  });
}

export async function releaseLease(db: Db, holder: string): Promise<void> {
  await writeTransaction(db, (tx) =>
    tx.delete(backupLease).where(sql`${backupLease.id} = 1 and ${backupLease.holder} = ${holder}`),
  );
}
