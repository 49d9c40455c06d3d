/**
 * The Mail screen's reads (docs/mail.md, "The Mail screen"): a page of the outbox by status.
 * Its one write, a failed mail put back in the queue, is platform/outbox/retry-mail.ts.
 */
import { asc, count, desc, inArray } from 'drizzle-orm';
import type { Db } from '#db';
import { outbox } from '#db/schema';
import { OUTBOX_PAGE_SIZE, type OutboxFilter, type OutboxMail } from '#shared/mail-outbox';
import type { OutboxStatus } from '#shared/outbox';

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
