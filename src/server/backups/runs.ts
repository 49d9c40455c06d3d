/**
 * Each backup run, recorded in the database (docs/operations.md, "Backups"), and what the
 * Overview and the metrics read from them. A failure is mailed to the owner (REPLY_TO's
 * mailbox) through the outbox at most once a day, decided in the transaction that records
 * it, so several instances never mail the same day's failure twice.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { backupRuns } from '#db/schema';
import { queueMail } from '#server/mail/outbox/queue-mail';
import type { MailMessage } from '#server/platform/mail';
import { DAY_MS } from '#shared/calendar-days';

export const FAILURE_MAIL_EVERY_MS = DAY_MS;

export interface RunRecord {
  startedAt: Date;
  finishedAt: Date;
  ok: boolean;
  key: string | null;
  places: string[];
  size: number | null;
  error: string | null;
}

/**
 * Records the run; for a failure with `mailTo`, also queues the owner's notice unless one was
 * queued in the last day. Answers whether a mail was queued (the caller wakes the sender).
 */
export async function recordRun(
  db: Db,
  run: RunRecord,
  failureMail: ((lastGood: Date | null) => MailMessage) | null,
): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    let mailed = false;
    if (!run.ok && failureMail) {
      const since = new Date(run.finishedAt.getTime() - FAILURE_MAIL_EVERY_MS);
      const recent = await tx
        .select({ id: backupRuns.id })
        .from(backupRuns)
        .where(and(eq(backupRuns.mailed, true), gt(backupRuns.finishedAt, since)))
        .get();
      if (!recent) {
        const lastGood = await tx
          .select({ at: backupRuns.finishedAt })
          .from(backupRuns)
          .where(eq(backupRuns.ok, true))
          .orderBy(desc(backupRuns.finishedAt))
          .get();
        await queueMail(
          tx,
          { kind: 'notice', message: failureMail(lastGood?.at ?? null) },
          run.finishedAt,
        );
        mailed = true;
      }
    }
    await tx.insert(backupRuns).values({ ...run, places: run.places.join('\n'), mailed });
    return mailed;
  });
}

/** The keys of the backups that were checked and counted. */
export async function goodKeys(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ key: backupRuns.key })
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .all();
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
}

/** For the metrics (/metrics): when the last good backup and the last failed one finished. */
export async function backupTimes(
  db: Db,
): Promise<{ lastSuccessAt: Date | null; lastFailureAt: Date | null }> {
  const row = await db
    .select({
      good: sql<number | null>`max(case when ${backupRuns.ok} then ${backupRuns.finishedAt} end)`,
      bad: sql<
        number | null
      >`max(case when not ${backupRuns.ok} then ${backupRuns.finishedAt} end)`,
    })
    .from(backupRuns)
    .get();
  return {
    lastSuccessAt: row?.good != null ? new Date(row.good) : null,
    lastFailureAt: row?.bad != null ? new Date(row.bad) : null,
  };
}

export interface BackupHealth {
  configured: boolean;
  places: string[];
  everyHours: number | null;
  lastGood: { at: Date; key: string | null; size: number | null; places: string[] } | null;
  lastFailure: { at: Date; error: string | null } | null;
  /** Why the Overview warns; null when all is well (or backups are not configured). */
  warning: string | null;
}

/** The Overview's card: the last good backup, and a warning when it is old or the last failed. */
export async function backupStatus(
  db: Db,
  settings: { places: string[]; everyHours: number } | null,
  now: Date,
): Promise<BackupHealth> {
  if (!settings) {
    return {
      configured: false,
      places: [],
      everyHours: null,
      lastGood: null,
      lastFailure: null,
      warning: null,
    };
  }
  const lastGood = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.finishedAt))
    .get();
  const lastFailure = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.ok, false))
    .orderBy(desc(backupRuns.finishedAt))
    .get();
  const tooOld = 2 * settings.everyHours * 60 * 60 * 1000;
  // The last run failed when its failure is newer than the last good one.
  const lastFailed =
    lastFailure !== undefined &&
    (lastGood === undefined || lastFailure.finishedAt > lastGood.finishedAt);
  let warning: string | null = null;
  if (lastFailed) warning = `The last backup failed: ${lastFailure.error ?? 'unknown error'}`;
  else if (!lastGood) warning = 'No backup has been taken and checked yet.';
  else if (now.getTime() - lastGood.finishedAt.getTime() > tooOld) {
    warning = `The last good backup is older than ${2 * settings.everyHours} hours.`;
  }
  return {
    configured: true,
    places: settings.places,
    everyHours: settings.everyHours,
    lastGood: lastGood
      ? {
          at: lastGood.finishedAt,
          key: lastGood.key,
          size: lastGood.size,
          places: lastGood.places ? lastGood.places.split('\n') : [],
        }
      : null,
    lastFailure: lastFailure ? { at: lastFailure.finishedAt, error: lastFailure.error } : null,
    warning,
  };
}
