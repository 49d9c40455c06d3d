/**
 * The outbox's housekeeping (docs/mail.md, "How long mail is kept"), run by maintenance's
 * prune inside its write transaction:
 * - a mail nothing follows (no `ref`: codes, notices, booking mails) is deleted 30 days after
 *   it was written, sent or failed; a bounce arrives within days, and one naming a row that
 *   is gone proves nothing (server/mail/reports/take-report.ts: listed as unverified);
 * - a mail a feature follows (a reply, a reminder, a newsletter's recipient) keeps its row,
 *   since the feature reads the mail's fate there (mail-ref.ts);
 * - delivery reports are kept a year, the address's history on the Suppressed screen.
 * Every mail's text is dropped as soon as it is sent (outbox-queue.ts, `settleMail`): its links
 * act for someone, and what it was about keeps its own words.
 */
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '#db';
import { deliveryReports, outbox } from '#db/schema';
import { daysBefore } from '#shared/calendar-days';

export const OUTBOX_KEPT_DAYS = 30;
export const DELIVERY_REPORTS_KEPT_DAYS = 365;

/** What a sent row keeps of its text once dropped. */
export const TEXT_DROPPED = JSON.stringify({
  text: '(removed once sent: kept by what it was about)',
});

export async function pruneOutbox(tx: Db, now: Date): Promise<void> {
  const before = daysBefore(now, OUTBOX_KEPT_DAYS);
  await tx
    .delete(outbox)
    .where(
      and(
        lt(outbox.createdAt, before),
        isNull(outbox.ref),
        inArray(outbox.status, ['sent', 'failed']),
      ),
    )
    .run();
  await tx
    .delete(deliveryReports)
    .where(lt(deliveryReports.at, daysBefore(now, DELIVERY_REPORTS_KEPT_DAYS)))
    .run();
}
