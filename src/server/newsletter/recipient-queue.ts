/**
 * The recipients' rows as a work queue shared by every instance's sender (docs/newsletter.md,
 * "Sending"). A row moves queued -> sending (claimed, in a write transaction, before its mail
 * goes to SMTP) -> sent | failed | queued again (a temporary failure, after a backoff); a
 * row whose address is no longer confirmed, or is suppressed (docs/mail.md, "Suppression"),
 * when its turn comes is skipped. Since the claim
 * commits before the mail is handed over, a crash or kill -9 can at worst leave a row in
 * `sending`: it is then marked failed, never sent again on its own.
 */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { newsletterRecipients, newsletters, subscribers } from '#db/schema';
import { isSuppressed } from '#server/platform/outbox/suppression';
import { finishIfDone } from './newsletter-query';
import { tokenHash, unsubscribeToken } from './tokens';

const r = newsletterRecipients;

export interface ClaimedRecipient {
  id: number;
  newsletterId: number;
  email: string;
  /** This claim's number: 1 for the first try. */
  attempt: number;
}

export type Claim =
  | { kind: 'none' }
  | { kind: 'skipped'; newsletterId: number; finished: boolean }
  | { kind: 'claimed'; recipient: ClaimedRecipient };

/** Why a recipient on the suppression list was skipped (its row's `lastError`). */
export const SUPPRESSED_SKIP = 'the address is on the suppression list';

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasDueRecipient(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.status, 'queued'), lte(r.nextAttemptAt, now)))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * Claims the oldest due recipient for `claimedBy`. Inside the transaction the subscriber is
 * read again: one who unsubscribed (or was removed) since the send began is skipped, and so
 * is an address on the suppression list, asked at its turn so that a bounce read during a
 * long send spares the rest of it. The
 * address's unsubscribe token hash is stored here when missing (addresses from before double
 * opt-in) or made with another SESSION_SECRET, before any mail carries the token.
 */
export function claimNext(
  db: Db,
  opts: { now: Date; claimedBy: string; secret: string },
): Promise<Claim> {
  const { now, claimedBy, secret } = opts;
  return writeTransaction(db, async (tx): Promise<Claim> => {
    const row = await tx
      .select({
        id: r.id,
        newsletterId: r.newsletterId,
        email: r.email,
        attempts: r.attempts,
        subscriberId: subscribers.id,
        subscriberStatus: subscribers.status,
        tokenHash: subscribers.unsubscribeTokenHash,
      })
      .from(r)
      .leftJoin(subscribers, eq(subscribers.id, r.subscriberId))
      .where(and(eq(r.status, 'queued'), lte(r.nextAttemptAt, now)))
      .orderBy(r.nextAttemptAt, r.id)
      .limit(1)
      .get();
    if (!row) return { kind: 'none' };
    const skip =
      row.subscriberStatus !== 'confirmed' || row.subscriberId === null
        ? 'no longer a confirmed subscriber'
        : (await isSuppressed(tx, row.email))
          ? SUPPRESSED_SKIP
          : null;
    // `skip` is set whenever the id is null; the second test says so to the type checker.
    if (skip !== null || row.subscriberId === null) {
      await tx.update(r).set({ status: 'skipped', lastError: skip }).where(eq(r.id, row.id));
      const finished = await finishIfDone(tx, row.newsletterId, now);
      return { kind: 'skipped', newsletterId: row.newsletterId, finished };
    }
    await tx
      .update(r)
      .set({ status: 'sending', claimedAt: now, claimedBy, attempts: row.attempts + 1 })
      .where(eq(r.id, row.id));
    // The mail carries the token of the current SESSION_SECRET: its hash must be the one
    // stored (docs/decisions/0026).
    const hash = tokenHash(unsubscribeToken(secret, row.email));
    if (row.tokenHash !== hash) {
      await tx
        .update(subscribers)
        .set({ unsubscribeTokenHash: hash })
        .where(eq(subscribers.id, row.subscriberId));
    }
    return {
      kind: 'claimed',
      recipient: {
        id: row.id,
        newsletterId: row.newsletterId,
        email: row.email,
        attempt: row.attempts + 1,
      },
    };
  });
}

export type Outcome =
  { kind: 'sent' } | { kind: 'retry'; at: Date; error: string } | { kind: 'failed'; error: string };

/**
 * Records what became of a claimed recipient's mail, and finishes the newsletter if that was
 * its last open recipient. Only the claim's owner writes: a row given up on meanwhile (its
 * lease ran out, see failInterrupted) is still corrected to `sent` when the mail did go.
 * Answers whether this finished the newsletter.
 */
export function recordOutcome(
  db: Db,
  recipient: ClaimedRecipient,
  claimedBy: string,
  outcome: Outcome,
  now: Date,
): Promise<boolean> {
  // A settled row keeps who claimed it last (which instance sent it); a row back in the
  // queue is nobody's until claimed again.
  const values =
    outcome.kind === 'sent'
      ? { status: 'sent' as const, sentAt: now, lastError: null }
      : outcome.kind === 'retry'
        ? {
            status: 'queued' as const,
            nextAttemptAt: outcome.at,
            lastError: outcome.error,
            claimedAt: null,
            claimedBy: null,
          }
        : { status: 'failed' as const, lastError: outcome.error };
  return writeTransaction(db, async (tx) => {
    await tx
      .update(r)
      .set(values)
      .where(
        and(
          eq(r.id, recipient.id),
          eq(r.claimedBy, claimedBy),
          inArray(r.status, ['sending', 'failed']),
        ),
      );
    return finishIfDone(tx, recipient.newsletterId, now);
  });
}

export const INTERRUPTED_ERROR = 'interrupted while sending (the sender stopped): not sent again';

/**
 * Recipients still `sending` whose sender died with the mail in its hands (a crash, kill -9):
 * whether it went out is unknown. They are marked failed, never sent again on their own: a
 * second copy is worse than a missing one, and retry is the administrator's choice. A claim
 * counts as dead when it is older than `claimedBefore` (the lease: far longer than a mail
 * takes, so another live instance's mail in flight is not taken for a crash), or when
 * `isGone` knows its sender is (platform/claim-owner.ts). Also finishes a `sending` newsletter left
 * with nothing open. Answers how many rows were marked failed, and the newsletters finished.
 */
export async function failInterrupted(
  db: Db,
  opts: { claimedBefore: Date; isGone: (claimedBy: string) => boolean; now: Date },
): Promise<{ failed: number; finished: number[] }> {
  // Reads first: an instance with nothing to recover takes no write slot.
  const claims = await db
    .select({ id: r.id, claimedBy: r.claimedBy, claimedAt: r.claimedAt })
    .from(r)
    .where(eq(r.status, 'sending'))
    .all();
  const dead = claims.filter(
    (claim) =>
      claim.claimedBy === null ||
      claim.claimedAt === null ||
      claim.claimedAt < opts.claimedBefore ||
      opts.isGone(claim.claimedBy),
  );
  const unfinished = await db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(eq(newsletters.status, 'sending'))
    .all();
  if (dead.length === 0 && unfinished.length === 0) return { failed: 0, finished: [] };
  return writeTransaction(db, async (tx) => {
    let failed = 0;
    for (const claim of dead) {
      // Only if nobody settled or claimed it again since the read.
      const changed = await tx
        .update(r)
        .set({ status: 'failed', lastError: INTERRUPTED_ERROR })
        .where(
          and(
            eq(r.id, claim.id),
            eq(r.status, 'sending'),
            claim.claimedBy === null ? isNull(r.claimedBy) : eq(r.claimedBy, claim.claimedBy),
          ),
        )
        .returning({ id: r.id })
        .get();
      if (changed) failed++;
    }
    const finished: number[] = [];
    for (const { id } of unfinished) if (await finishIfDone(tx, id, opts.now)) finished.push(id);
    return { failed, finished };
  });
}
