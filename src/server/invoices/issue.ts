/**
 * Issuing (docs/invoices.md, "Issuing"): in one write transaction the draft takes the next
 * number of its series for the issue year in the site's zone, the seller and buyer are frozen
 * on it, its document hash is computed and the audit entry written; a failure anywhere rolls
 * all of it back, the counter included, so numbers have no gap. A document already issued
 * answers as it is: issuing twice gives the same number.
 */
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoices, leads } from '#db/schema';
import { invoiceBuyerOf } from '#shared/invoices/buyer';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { dueDateAfter, paymentTermsText } from '#shared/invoices/records';
import { invoiceContentInput, type InvoiceContentInput } from '#shared/invoices/schemas';
import { sellerMissing, sellerOf, type InvoiceSettings } from '#shared/invoices/settings';
import type { DocumentReference } from './document';
import { itemsOf, type InvoiceRow } from './invoice-json';
import { buyerOfLead, documentHash, documentOf, issuedColumns } from './issued-document';
import { depositsOf } from './final-invoice';
import { nextInvoiceNumber } from './numbers';
import { conflict, incomplete, invoiceNotFound } from './refusals';
import { readInvoiceSettings } from '#server/site/seller-profile';

/** What a buyer on a lead must give before an invoice names it. */
export const BUYER_REQUIRED = ['name', 'addressLines', 'city', 'country'] as const;

/** The content of a draft issued on `today`, the rest from the profile and the lead's buyer. */
function draftContent(
  row: InvoiceRow,
  settings: InvoiceSettings,
  buyer: InvoiceContentInput['buyer'],
  today: string,
): InvoiceContentInput {
  const period = row.supplyFrom && row.supplyTo ? { from: row.supplyFrom, to: row.supplyTo } : null;
  return {
    currency: row.currency,
    issueDate: today,
    dueDate: row.dueDate ?? dueDateAfter(today, settings.paymentTermsDays),
    // With neither, the goods or services were supplied on the day of the invoice.
    supplyDate: row.supplyDate ?? (period ? null : today),
    supplyPeriod: period,
    items: itemsOf(row),
    exemptionText: row.exemptionText ?? (settings.vatRegistered ? null : settings.exemptionText),
    // A due day the owner chose is printed as such; the terms' words would contradict it.
    paymentTerms: row.dueDate ? null : paymentTermsText(settings.paymentTermsDays),
    seller: sellerOf(settings),
    buyer,
    prepaid: row.prepaid,
  };
}

/** The checked content, or 400 naming each field a rule found wrong. */
export function checkedContent(content: InvoiceContentInput) {
  const parsed = invoiceContentInput.safeParse(content);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid invoice';
    throw new TRPCError({ code: 'BAD_REQUEST', message, cause: parsed.error });
  }
  return parsed.data;
}

/** The seller profile, or 409 `invoice.seller_incomplete` naming what it lacks. */
export async function completeSettings(tx: Db): Promise<InvoiceSettings> {
  const settings = await readInvoiceSettings(tx);
  const missing = sellerMissing(settings);
  if (missing.length > 0) throw incomplete('seller', missing);
  return settings;
}

/** Sets the issued columns and the hash of the document they make; the row as stored. */
export async function freeze(
  tx: Db,
  row: InvoiceRow,
  columns: ReturnType<typeof issuedColumns> & { deposits?: string },
  credits: DocumentReference | null,
): Promise<InvoiceRow> {
  const hash = documentHash(documentOf({ ...row, ...columns }, credits));
  const issued = await tx
    .update(invoices)
    .set({ ...columns, documentHash: hash })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, 'draft')))
    .returning()
    .get();
  if (!issued) throw conflict(DRAFT_MESSAGES.notDraft);
  return issued;
}

/** A final invoice deducts the deposits issued until now, not those of its draft's day. */
async function withCurrentDeposits(tx: Db, row: InvoiceRow): Promise<InvoiceRow> {
  if (row.role !== 'final' || row.proposalId === null) return row;
  const { deposits, prepaid } = await depositsOf(tx, row.proposalId);
  return { ...row, deposits: JSON.stringify(deposits), prepaid };
}

/**
 * Issues the draft `id` on `today` (the site's zone), inside the caller's write transaction;
 * `audit` writes its entry there. Answers the row, issued now or before.
 */
export async function issueDraft(
  tx: Db,
  id: number,
  today: string,
  now: Date,
  audit: (row: InvoiceRow) => Promise<unknown>,
): Promise<InvoiceRow> {
  const stored = await tx.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!stored) throw invoiceNotFound();
  if (stored.status === 'issued') return stored;
  if (stored.status !== 'draft') throw conflict(DRAFT_MESSAGES.notDraft);
  const settings = await completeSettings(tx);
  const row = await withCurrentDeposits(tx, stored);
  const lead =
    row.leadId === null
      ? undefined
      : await tx
          .select({ email: leads.email, buyer: leads.buyer })
          .from(leads)
          .where(eq(leads.id, row.leadId))
          .get();
  const buyer = buyerOfLead(lead);
  if (!buyer) throw incomplete('buyer', BUYER_REQUIRED);
  const content = checkedContent(draftContent(row, settings, invoiceBuyerOf(buyer.buyer), today));
  const number = await nextInvoiceNumber(tx, settings.invoicePrefix, Number(today.slice(0, 4)));
  const columns = {
    ...issuedColumns(content, { number, buyerEmail: buyer.email, now }),
    deposits: row.deposits,
  };
  const issued = await freeze(tx, row, columns, null);
  await audit(issued);
  return issued;
}
