/**
 * The owner's subscriber tools (docs/newsletter.md, "Added by the owner"): addresses added by
 * hand or imported, and the confirmation mail resent. Every added address is pending with
 * its confirmation written into the outbox in the same write, unless the owner stated that these
 * people consented elsewhere: then it is confirmed at once and no mail goes.
 */
import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { subscribers } from '#db/schema';
import { RESEND_INTERVAL_HOURS, SUBSCRIBER_TOOL_MESSAGES as M } from '#shared/subscriber-tools';
import type { ImportRow } from '#shared/shapes/subscribers';
import { emailField } from '#shared/validation';
import { z } from 'zod/mini';
import { tokenHash, unsubscribeToken } from '#server/newsletter/tokens';

/** Rows per INSERT: 6 values a row stays far below SQLite's 32,766 variables. */
const INSERT_CHUNK = 500;
export const RESEND_INTERVAL_MS = RESEND_INTERVAL_HOURS * 60 * 60_000;

export interface AddOptions {
  now: Date;
  secret: string;
  /** The owner stated these people consented elsewhere: confirmed, no mail. */
  consent: boolean;
}

/**
 * Adds the cells in order, each answered: added, already there (whatever its status: an
 * address that unsubscribed is never brought back by an import), or invalid with the
 * reason. A repeat inside the same cells is already there too. Run inside the caller's
 * write transaction, with its audit entry.
 */
export async function addAddresses(tx: Db, cells: string[], opts: AddOptions) {
  const rows: (ImportRow & { key?: string })[] = [];
  const fresh = new Map<string, string>();
  for (const cell of cells) {
    const parsed = z.safeParse(emailField, cell);
    if (!parsed.success) {
      rows.push({ email: cell.trim(), result: 'invalid', reason: parsed.error.issues[0]?.message });
      continue;
    }
    const key = parsed.data.toLowerCase();
    if (!fresh.has(key)) fresh.set(key, parsed.data);
    rows.push({ email: parsed.data, result: 'exists', key });
  }
  const inserted = new Map<string, number>();
  const added: { id: number; email: string }[] = [];
  const all = [...fresh.values()];
  for (let i = 0; i < all.length; i += INSERT_CHUNK) {
    const chunk = all.slice(i, i + INSERT_CHUNK);
    const values = chunk.map((email) => ({
      email,
      createdAt: opts.now,
      status: opts.consent ? ('confirmed' as const) : ('pending' as const),
      confirmedAt: opts.consent ? opts.now : null,
      unsubscribeTokenHash: tokenHash(unsubscribeToken(opts.secret, email)),
    }));
    const rows = await tx
      .insert(subscribers)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: subscribers.id, email: subscribers.email })
      .all();
    for (const row of rows) inserted.set(row.email.toLowerCase(), row.id);
    added.push(...rows);
  }
  const results: ImportRow[] = rows.map(({ key, ...row }) => {
    if (key === undefined || !inserted.has(key)) return row;
    // The first of repeated cells is the one added; the later ones are already there.
    inserted.delete(key);
    return { ...row, result: 'added' };
  });
  return { results, added };
}

export function countResults(results: ImportRow[]) {
  const counts = { added: 0, exists: 0, invalid: 0 };
  for (const row of results) counts[row.result] += 1;
  return counts;
}

/** A pending address not resent within the interval: the one rule for one and for all. */
export function resendable(now: Date) {
  return and(
    eq(subscribers.status, 'pending'),
    or(
      isNull(subscribers.confirmationResentAt),
      lte(subscribers.confirmationResentAt, new Date(now.getTime() - RESEND_INTERVAL_MS)),
    ),
  );
}

/**
 * Marks the matching resendable addresses resent now and answers them: the caller queues
 * their confirmations (newsletter/confirmation-mail.ts) in the same write.
 */
export async function markResent(tx: Db, now: Date, which?: SQL) {
  return tx
    .update(subscribers)
    .set({ confirmationResentAt: now })
    .where(and(resendable(now), which))
    .returning({ id: subscribers.id, email: subscribers.email })
    .all();
}

/** The 429's words and wait for an address resent at `resentAt`. */
export function resentRecently(resentAt: Date, now: Date) {
  const waitMs = resentAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return { message: M.resentRecently(Math.max(1, Math.ceil(waitMs / 3_600_000))), seconds };
}
