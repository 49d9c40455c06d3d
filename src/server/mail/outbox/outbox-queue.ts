/**
 * The outbox as a work queue shared by every instance's sender (docs/mail.md), the way the
 * replies and the newsletter recipients are (docs/decisions/0027): a `queued` row is claimed
 * (`sending`, who and when, attempts + 1) in a write transaction before it goes to SMTP, so no
 * two senders ever hold it, then settled by its claimer alone. A claim whose sender died with
 * the mail in hand is marked failed: whether it went is unknown, and sending again is the
 * administrator's choice (the Mail screen's Retry).
 */
import { and, asc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { writeNamedBatch } from '#db/named-batch';
import { outbox } from '#db/schema';
import type { OutboxKind } from '#shared/outbox';
import { isSuppressed, type Suppression } from '../suppressions/suppression';
import { recordDeliveryReport } from '../reports/delivery-reports';
import { TEXT_DROPPED } from './outbox-prune';

const o = outbox;

export interface ClaimedMail {
  id: number;
  kind: OutboxKind;
  bulk: boolean;
  /** This try's number, 1 for the first. */
  attempt: number;
  toEmail: string;
  subject: string;
  message: string;
}

/** What a due row may be: any, or only one that is not bulk (the bulk pace holds). */
function due(now: Date, bulk: boolean): SQL {
  const conditions = [eq(o.status, 'queued'), lte(o.nextAttemptAt, now)];
  if (!bulk) conditions.push(eq(o.bulk, false));
  return and(...conditions) as SQL;
}

/** The order of the queue: sign-in codes first (priority), then the oldest due, then the id. */
const ORDER = [asc(o.priority), asc(o.nextAttemptAt), asc(o.id)];

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasDueMail(db: Db, opts: { now: Date; bulk: boolean }): Promise<boolean> {
  const row = await db.select({ id: o.id }).from(o).where(due(opts.now, opts.bulk)).limit(1).get();
  return row !== undefined;
}

/** Whether anything is due or in a sender's hands: what a test's `mailsSettled` waits on. */
export async function hasUnsettledMail(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .select({ id: o.id })
    .from(o)
    .where(or(due(now, true), eq(o.status, 'sending')))
    .limit(1)
    .get();
  return row !== undefined;
}

export const SUPPRESSED_ERROR = 'suppressed';

export type Claim =
  | { kind: 'none' }
  /** A bulk row to a suppressed address, settled failed without being sent. */
  | { kind: 'skipped'; id: number }
  | { kind: 'claimed'; mail: ClaimedMail };

/**
 * Claims the next due row (or the row `id`, still queued), in one write transaction.
 * `bulk: false` leaves bulk rows where they are (their pace holds them).
 */
export function claimMail(
  db: Db,
  opts: { now: Date; claimedBy: string; bulk: boolean; id?: number },
): Promise<Claim> {
  return writeTransaction(db, async (tx): Promise<Claim> => {
    const where =
      opts.id === undefined
        ? due(opts.now, opts.bulk)
        : and(eq(o.id, opts.id), eq(o.status, 'queued'));
    const row = await tx
      .select()
      .from(o)
      .where(where)
      .orderBy(...ORDER)
      .limit(1)
      .get();
    if (!row) return { kind: 'none' };
    if (row.bulk && (await isSuppressed(tx, row.toEmail))) {
      await tx
        .update(o)
        .set({ status: 'failed', lastError: SUPPRESSED_ERROR })
        .where(eq(o.id, row.id))
        .run();
      return { kind: 'skipped', id: row.id };
    }
    const attempt = row.attempts + 1;
    await tx
      .update(o)
      .set({ status: 'sending', claimedBy: opts.claimedBy, claimedAt: opts.now, attempts: attempt })
      .where(eq(o.id, row.id))
      .run();
    return {
      kind: 'claimed',
      mail: {
        id: row.id,
        kind: row.kind,
        bulk: row.bulk,
        attempt,
        toEmail: row.toEmail,
        subject: row.subject,
        message: row.message,
      },
    };
  });
}

/**
 * Claims the head of the queue in one statement when it is not bulk (nothing to check against
 * the suppressions): on a libSQL server one request where claimMail's transaction takes
 * three. Senders that run at once each take the next head, none the same. 'none' when
 * nothing is due or the head is bulk: claimMail takes it.
 */
export async function claimHeadMail(
  db: Db,
  opts: { now: Date; claimedBy: string; bulk: boolean },
): Promise<Claim> {
  const head = db
    .select({ id: o.id })
    .from(o)
    .where(due(opts.now, opts.bulk))
    .orderBy(...ORDER)
    .limit(1);
  const claim = db
    .update(o)
    .set({
      status: 'sending',
      claimedBy: opts.claimedBy,
      claimedAt: opts.now,
      attempts: sql`${o.attempts} + 1`,
    })
    .where(and(sql`${o.id} = (${head})`, eq(o.bulk, false)))
    .returning({
      id: o.id,
      kind: o.kind,
      attempts: o.attempts,
      toEmail: o.toEmail,
      subject: o.subject,
      message: o.message,
    });
  const [row] = (await writeNamedBatch(db, { claim: claim.toSQL() })).claim;
  if (!row) return { kind: 'none' };
  const [id, kind, attempt, toEmail, subject, message] = row as [
    number,
    OutboxKind,
    number,
    string,
    string,
    string,
  ];
  return { kind: 'claimed', mail: { id, kind, bulk: false, attempt, toEmail, subject, message } };
}

export type Settlement =
  /** `messageId`: what the transport says the mail went with (the report's proof, docs/mail.md). */
  | { kind: 'sent'; messageId?: string | null }
  | { kind: 'retry'; at: Date; error: string }
  /** `suppress`: the addresses the server refused for good at RCPT TO (docs/mail.md). */
  | { kind: 'failed'; error: string; suppress?: Suppression[] };

/** What a settled `code` row keeps of its text (docs/mail.md). */
export const CODE_REMOVED = '(removed once settled: it held a sign-in code or link)';
export const CODE_DROPPED = JSON.stringify({ text: CODE_REMOVED });

/** Records what became of a claimed row; only its claimer writes. Answers whether it did. */
export function settleMail(
  db: Db,
  mail: ClaimedMail,
  claimedBy: string,
  settlement: Settlement,
  now: Date,
): Promise<boolean> {
  const values =
    settlement.kind === 'sent'
      ? {
          status: 'sent' as const,
          sentAt: now,
          lastError: null,
          messageId: settlement.messageId?.replace(/^<(.*)>$/, '$1') ?? null,
        }
      : settlement.kind === 'retry'
        ? {
            status: 'queued' as const,
            nextAttemptAt: settlement.at,
            lastError: settlement.error,
            claimedBy: null,
            claimedAt: null,
          }
        : { status: 'failed' as const, lastError: settlement.error };
  // Nothing that acts for someone stays readable once its mail has gone (docs/mail.md, "How
  // long mail is kept"): a sent mail's text (its links: invitations, manage, confirmation and
  // unsubscribe links) goes; the row keeps its subject, recipient, kind and `ref`, and what it
  // was about keeps its own words. A code's text is the secret itself: kept only while it may
  // still be sent, so a failed code loses it too (it is never retried).
  const scrub =
    settlement.kind === 'sent'
      ? { message: TEXT_DROPPED }
      : mail.kind === 'code' && settlement.kind === 'failed'
        ? { message: CODE_DROPPED }
        : {};
  const settle = (handle: Db) =>
    handle
      .update(o)
      .set({ ...values, ...scrub })
      .where(and(eq(o.id, mail.id), eq(o.status, 'sending'), eq(o.claimedBy, claimedBy)))
      .returning({ id: o.id });
  const suppress = settlement.kind === 'failed' ? (settlement.suppress ?? []) : [];
  if (suppress.length === 0) {
    // One statement: on a libSQL server one request, where a transaction takes two.
    return writeNamedBatch(db, { settle: settle(db).toSQL() }).then(
      (rows) => rows.settle.length > 0,
    );
  }
  return writeTransaction(db, async (tx) => {
    const changed = await settle(tx).get();
    if (!changed) return false;
    // Recorded as any bounce is (docs/mail.md), so the address's history shows it.
    for (const entry of suppress) {
      const report = { key: `smtp:${mail.id}`, source: 'smtp' as const, kind: 'hard' as const };
      await recordDeliveryReport(
        tx,
        { ...report, email: entry.email, detail: entry.detail, mailId: mail.id },
        now,
      );
    }
    return true;
  });
}

export const INTERRUPTED_MAIL_ERROR =
  'interrupted while sending: unknown whether it went; retry from the Mail screen';

/**
 * Rows left in a dead sender's hands are marked failed: claims older than `claimedBefore`
 * (the lease) or whose sender `isGone` (platform/claim-owner.ts). Answers how many.
 */
export async function failInterruptedMails(
  db: Db,
  opts: { claimedBefore: Date; isGone: (claimedBy: string) => boolean },
): Promise<number> {
  const claims = await db
    .select({ id: o.id, claimedBy: o.claimedBy, claimedAt: o.claimedAt })
    .from(o)
    .where(and(eq(o.status, 'sending'), isNotNull(o.claimedBy)))
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
        .update(o)
        .set({ status: 'failed', lastError: INTERRUPTED_MAIL_ERROR })
        .where(
          and(eq(o.id, claim.id), eq(o.status, 'sending'), eq(o.claimedBy, claim.claimedBy ?? '')),
        )
        .returning({ id: o.id })
        .get();
      if (changed) failed++;
    }
    return failed;
  });
}
