/**
 * Sending an issued document to its buyer (docs/invoices.md, "Sending"): POST
 * /api/invoices/:id/send, or `{ send: true }` on the issue itself. The mail, its link and the
 * audit entry are written in the caller's transaction (invoice-mail.ts).
 */
import type { Db } from '#db';
import { formatMoney } from '#shared/money';
import { calendarDayText } from '#shared/calendar-days';
import { auditAdminChange } from '#server/audit/admin-change';
import type { Context } from '#server/http/trpc';
import type { AuditActor } from '#server/audit/record';
import type { MailSite } from '#server/site/site-brand';
import type { InvoiceRow } from './invoice-json';
import { INVOICE_DATA_LINE, queueInvoiceMail } from './invoice-mail';
import { subjectOf, target } from './router';

export const SEND_MESSAGES = {
  notIssued: 'Only an issued document is sent: issue the draft first',
  /** Erasure stopped them (leads/person-records.ts): keeping the record is no reason to mail. */
  erasedReminders: 'The client of this invoice was erased: no reminders go to them',
} as const;

/** What the mail says of the document: a credit note, or what is owed and by when. */
function sentLines(row: InvoiceRow): { subject: string; lines: string[] } {
  const money = (amount: number) => formatMoney(amount, row.currency);
  if (row.kind === 'credit_note') {
    return {
      subject: `Credit note ${row.number ?? ''}`,
      lines: [
        `Your credit note ${row.number ?? ''} of ${money(row.gross)} is attached.`,
        INVOICE_DATA_LINE,
      ],
    };
  }
  const due = row.gross - row.prepaid;
  return {
    subject: `Invoice ${row.number ?? ''}`,
    lines: [
      `Your invoice ${row.number ?? ''} is attached: ${money(due)} to pay by ${calendarDayText(row.dueDate ?? '')}.`,
      'The page linked below shows what is still owed, the bank details and, where offered, payment by card.',
      INVOICE_DATA_LINE,
    ],
  };
}

/** Mails `row` (issued) to its buyer and audits it, inside the caller's transaction. */
export async function sendIssued(
  tx: Db,
  ctx: Pick<Context, 'clock' | 'req'> & { user: NonNullable<AuditActor> },
  row: InvoiceRow,
  site: MailSite,
): Promise<void> {
  const now = ctx.clock.now();
  const words = sentLines(row);
  const to = await queueInvoiceMail(
    tx,
    row,
    site,
    now,
    { ...words, ref: `invoice-sent:${row.id}:${now.getTime()}`, timeline: words.subject },
    ctx.user.username,
  );
  await auditAdminChange(tx, ctx, 'invoice_sent', `${target(row)} to ${to}`, subjectOf(row));
}
