/**
 * Replies as a work queue shared by every instance's sender (docs/leads.md, "Replies"), the
 * way newsletter recipients are (docs/decisions/0027): a stored reply is `sending` and
 * nobody's; it is claimed (who and when, in a write transaction) before its mail goes to
 * SMTP, then settled `sent`, put back with a later `nextAttemptAt` after a temporary failure,
 * or `failed`. A claim whose sender died with the mail in hand (a crash, kill -9) is marked
 * failed: whether it went out is unknown, and sending again is the administrator's choice.
 */
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { leadEvents } from '#db/schema';
import type { StoredReply } from './reply-mail';

const e = leadEvents;
const waiting = and(eq(e.delivery, 'sending'), isNull(e.claimedBy));

export interface ClaimedReply extends StoredReply {
  id: number;
  attempt: number;
}

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasDueReply(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .select({ id: e.id })
    .from(e)
    .where(and(waiting, lte(e.nextAttemptAt, now)))
    .limit(1)
    .get();
  return row !== undefined;
}

export function claimNextReply(
  db: Db,
  opts: { now: Date; claimedBy: string },
): Promise<ClaimedReply | null> {
  return writeTransaction(db, async (tx) => {
    const row = await tx
      .select()
      .from(e)
      .where(and(waiting, lte(e.nextAttemptAt, opts.now)))
      .orderBy(e.nextAttemptAt, e.id)
      .limit(1)
      .get();
    if (!row || row.toEmail === null || row.subject === null || row.mailId === null) return null;
    await tx
      .update(e)
      .set({ claimedAt: opts.now, claimedBy: opts.claimedBy, attempts: row.attempts + 1 })
      .where(eq(e.id, row.id));
    return {
      id: row.id,
      attempt: row.attempts + 1,
      toEmail: row.toEmail,
      subject: row.subject,
      text: row.text ?? '',
      mailId: row.mailId,
      inReplyTo: row.inReplyTo,
      references: row.references,
    };
  });
}

export type ReplyOutcome =
  { kind: 'sent' } | { kind: 'retry'; at: Date; error: string } | { kind: 'failed'; error: string };

/** Records what became of a claimed reply; only its claimer writes. */
export async function recordReplyOutcome(
  db: Db,
  reply: ClaimedReply,
  claimedBy: string,
  outcome: ReplyOutcome,
): Promise<void> {
  const values =
    outcome.kind === 'sent'
      ? { delivery: 'sent' as const, lastError: null }
      : outcome.kind === 'retry'
        ? { nextAttemptAt: outcome.at, lastError: outcome.error, claimedAt: null, claimedBy: null }
        : { delivery: 'failed' as const, lastError: outcome.error };
  await writeTransaction(db, (tx) =>
    tx
      .update(e)
      .set(values)
      .where(and(eq(e.id, reply.id), eq(e.claimedBy, claimedBy)))
      .run(),
  );
}

export const INTERRUPTED_REPLY_ERROR =
  'interrupted while sending (the sender stopped): not sent again on its own';

/**
 * Replies left in a dead sender's hands are marked failed: claims older than `claimedBefore`
 * (the lease) or whose sender `isGone` (platform/claim-owner.ts). Answers how many.
 */
export async function failInterruptedReplies(
  db: Db,
  opts: { claimedBefore: Date; isGone: (claimedBy: string) => boolean },
): Promise<number> {
  const claims = await db
    .select({ id: e.id, claimedBy: e.claimedBy, claimedAt: e.claimedAt })
    .from(e)
    .where(and(eq(e.delivery, 'sending'), isNotNull(e.claimedBy)))
    .all();
  const dead = claims.filter(
    (claim) =>
      claim.claimedAt === null ||
      claim.claimedAt < opts.claimedBefore ||
      (claim.claimedBy !== null && opts.isGone(claim.claimedBy)),
  );
  if (dead.length === 0) return 0;
  return writeTransaction(db, async (tx) => {
    let failed = 0;
    for (const claim of dead) {
      const changed = await tx
        .update(e)
        .set({ delivery: 'failed', lastError: INTERRUPTED_REPLY_ERROR })
        .where(
          and(
            eq(e.id, claim.id),
            eq(e.delivery, 'sending'),
            eq(e.claimedBy, claim.claimedBy ?? ''),
          ),
        )
        .returning({ id: e.id })
        .get();
      if (changed) failed++;
    }
    return failed;
  });
}
