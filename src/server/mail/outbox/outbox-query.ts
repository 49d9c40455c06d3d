/**
 * The Mail screen's reads (docs/mail.md, "The Mail screen"): a page of the outbox by status.
 * Its one write, a failed mail put back in the queue, is mail/outbox/retry-mail.ts.
 */
import { asc, count, desc, inArray } from 'drizzle-orm';
import type { Db } from '#db';
import { deliveryReports, outbox } from '#db/schema';
import { OUTBOX_PAGE_SIZE, type OutboxFilter } from '#shared/mail-outbox';
import type { OutboxMail } from '#shared/shapes/outbox';
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
  const bounces = await bouncesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    mails: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      bounce: bounces.get(row.id) ?? null,
    })),
    total,
  };
}

/** Each mail's latest bounce or complaint, by the reports that proved it (docs/mail.md). */
async function bouncesOf(db: Db, ids: number[]): Promise<Map<number, OutboxMail['bounce']>> {
  const r = deliveryReports;
  const reports =
    ids.length === 0
      ? []
      : await db
          .select({ mailId: r.mailId, kind: r.kind, detail: r.detail, at: r.at })
          .from(r)
          .where(inArray(r.mailId, ids))
          .orderBy(asc(r.at), asc(r.id))
          .all();
  const bounces = new Map<number, OutboxMail['bounce']>();
  for (const report of reports) {
    if (report.mailId === null) continue;
    if (report.kind !== 'hard' && report.kind !== 'soft' && report.kind !== 'complaint') continue;
    bounces.set(report.mailId, {
      kind: report.kind,
      detail: report.detail,
      at: report.at.toISOString(),
    });
  }
  return bounces;
}
