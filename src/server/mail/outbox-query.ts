/**
 * The Mail screen's reads and its one write (docs/mail.md, "The Mail screen"): a page of the
 * outbox by status, and a failed mail put back in the queue.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import { OUTBOX_PAGE_SIZE, type OutboxFilter, type OutboxMail } from '#shared/mail-outbox';
import type { OutboxStatus } from '#shared/outbox';
import { CODE_REMOVED } from '#server/platform/outbox/outbox-queue';

const o = outbox;

const STATUSES: Record<OutboxFilter, OutboxStatus[]> = {
  queued: ['queued', 'sending'],
  failed: ['failed'],
  sent: ['sent'],
};

/** Waiting: in the order they will go; failed and sent: the latest first. */
const ORDER = {
  queued: [asc(o.priority), asc(o.nextAttemptAt), asc(o.id)],
  failed: [desc(o.id)],
  sent: [desc(o.sentAt), desc(o.id)],
} as const;

export async function outboxPage(
  db: Db,
  status: OutboxFilter,
  page: number,
): Promise<{ mails: OutboxMail[]; total: number }> {
  const where = inArray(o.status, STATUSES[status]);
  const rows = await db
    .select({
      id: o.id,
      kind: o.kind,
      to: o.toEmail,
      subject: o.subject,
      status: o.status,
      attempts: o.attempts,
      lastError: o.lastError,
      createdAt: o.createdAt,
      sentAt: o.sentAt,
    })
    .from(o)
    .where(where)
    .orderBy(...ORDER[status])
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE)
    .all();
  const total = (await db.select({ n: count() }).from(o).where(where).get())?.n ?? 0;
  return {
    mails: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
  };
}

export type RetryResult = 'queued' | 'unknown' | 'not_failed' | 'code_gone';

/**
 * A failed mail goes back in the queue, due now, its attempts kept (the next failure then
 * fails it again at once when the backoff is spent). A settled sign-in code has no text left.
 */
export function retryMail(db: Db, id: number, now: Date): Promise<RetryResult> {
  return writeTransaction(db, async (tx) => {
    const row = await tx
      .select({ status: o.status, kind: o.kind, message: o.message })
      .from(o)
      .where(eq(o.id, id))
      .get();
    if (!row) return 'unknown';
    if (row.status !== 'failed') return 'not_failed';
    if (row.kind === 'code' && row.message.includes(CODE_REMOVED)) return 'code_gone';
    await tx
      .update(o)
      .set({ status: 'queued', nextAttemptAt: now, claimedBy: null, claimedAt: null })
      .where(and(eq(o.id, id), eq(o.status, 'failed')))
      .run();
    return 'queued';
  });
}
