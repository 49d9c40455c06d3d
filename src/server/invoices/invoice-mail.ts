/**
 * An issued document to its buyer (docs/invoices.md, "Sending"): a mail through the outbox, in
 * the caller's write transaction, with the PDF (its XML inside) attached and the client's page
 * `/i/<token>` linked. Each mail makes a new link and keeps only its hash: the link of an
 * earlier mail ends, and the token itself is readable nowhere once the mail has gone (the
 * outbox seals it while it waits and drops it once sent). One implementation for sending, the
 * deposit invoice and the reminders.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoices, leadEvents } from '#db/schema';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { newToken, tokenHash } from '#server/platform/tokens';
import type { MailSite } from '#server/site/site-brand';
import { siteMail } from '#server/proposals/short-mail';
import { documentFilename, storedDocument } from './files';
import type { InvoiceRow } from './invoice-json';
import { invoicePdf } from './invoice-pdf';
import { mailedTo } from './issued-document';

export interface InvoiceMailWords {
  subject: string;
  lines: string[];
  /** The outbox's reference: one mail per reference. */
  ref: string;
  /** The lead's timeline entry: what went, as the owner reads it. */
  timeline: string;
}

/** Said in every mail with a document: the client's software reads it. */
export const INVOICE_DATA_LINE =
  'The PDF carries its data for accounting software (Factur-X, EN 16931).';

/** The client's page of an invoice, on the site's public address. */
export const invoicePageUrl = (site: MailSite, token: string) =>
  new URL(`/i/${encodeURIComponent(token)}`, site.address).href;

/** Queues the mail and sets the document's new link; answers where it went. */
export async function queueInvoiceMail(
  tx: Db,
  row: InvoiceRow,
  site: MailSite,
  now: Date,
  words: InvoiceMailWords,
  /** The administrator who sent it; null for what the site sends by itself. */
  actor?: string | null,
): Promise<string> {
  const to = mailedTo(row);
  const token = newToken();
  const pdf = await invoicePdf(await storedDocument(tx, row));
  const message = siteMail(to, site, {
    subject: words.subject,
    lines: words.lines,
    button: { url: invoicePageUrl(site, token), label: 'View the invoice' },
  });
  message.attachments = [
    {
      filename: documentFilename(row, 'pdf'),
      contentType: 'application/pdf',
      content: Buffer.from(pdf).toString('base64'),
    },
  ];
  await queueMail(tx, { kind: 'proposal', message, ref: words.ref }, now);
  await tx
    .update(invoices)
    .set({ sentAt: now, tokenHash: tokenHash(token) })
    .where(eq(invoices.id, row.id));
  if (row.leadId !== null) {
    await tx.insert(leadEvents).values({
      leadId: row.leadId,
      at: now,
      kind: 'invoice_sent',
      actor: actor ?? null,
      text: words.timeline,
      toEmail: to,
      proposalId: row.proposalId,
    });
  }
  return to;
}
