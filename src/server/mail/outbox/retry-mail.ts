/**
 * A failed mail put back in the queue (docs/mail.md, "The Mail screen"): the Mail screen's
 * Retry, and a feature's own retry of the mail it follows (a lead's reply).
 */
import { and, eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import { CODE_REMOVED } from './outbox-queue';

const o = outbox;

export type RetryResult = 'queued' | 'unknown' | 'not_failed' | 'code_gone' | 'erased';

/**
 * A failed mail goes back in the queue, due now, its attempts kept (the next failure then
 * fails it again at once when the backoff is spent). A settled sign-in code has no text left,
 * and a mail to an erased person no address (forget-address.ts).
 */
export function retryMail(db: Db, id: number, now: Date): Promise<RetryResult> {
  return writeTransaction(db, async (tx) => {
    const row = await tx
      .select({ status: o.status, kind: o.kind, message: o.message, toEmail: o.toEmail })
      .from(o)
      .where(eq(o.id, id))
      .get();
    if (!row) return 'unknown';
    if (row.status !== 'failed') return 'not_failed';
    if (row.kind === 'code' && row.message.includes(CODE_REMOVED)) return 'code_gone';
    if (row.toEmail === '') return 'erased';
    await tx
      .update(o)
      .set({ status: 'queued', nextAttemptAt: now, claimedBy: null, claimedAt: null })
      .where(and(eq(o.id, id), eq(o.status, 'failed')))
      .run();
    return 'queued';
  });
}
