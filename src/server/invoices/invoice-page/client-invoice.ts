/**
 * An issued document as its client sees it (shapes/invoice-page.ts): the API's own answer
 * (invoice-json.ts) without the site's ids, with the owner's bank-transfer words and whether
 * card payment is offered while something is owed. The first view is recorded (`viewedAt`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { invoices } from '#db/schema';
import type { ClientInvoice } from '#shared/shapes/invoice-page';
import type { Context } from '#server/http/trpc';
import { readInvoiceSettings } from '#server/site/seller-profile';
import type { InvoiceRow } from '../invoice-json';
import { invoicesJson } from '../invoice-store';
import { invoiceLinkNotFound } from './link';

/** The first time the link is opened: written once, whoever opens it first. */
export async function markInvoiceViewed(ctx: Context, row: InvoiceRow): Promise<void> {
  if (row.viewedAt !== null) return;
  const now = ctx.clock.now();
  await writeTransaction(ctx.db, (tx) =>
    tx
      .update(invoices)
      .set({ viewedAt: now })
      .where(and(eq(invoices.id, row.id), isNull(invoices.viewedAt)))
      .run(),
  );
}

export async function clientInvoice(ctx: Context, row: InvoiceRow): Promise<ClientInvoice> {
  const [invoice] = await invoicesJson(ctx, [row]);
  if (!invoice?.seller || !invoice.buyer || !invoice.number || !invoice.issueDate) {
    throw invoiceLinkNotFound();
  }
  const owed = invoice.kind === 'invoice' && invoice.balance.outstanding > 0;
  return {
    kind: invoice.kind,
    role: invoice.role,
    number: invoice.number,
    paymentStatus: invoice.paymentStatus,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    supplyDate: invoice.supplyDate,
    supplyPeriod: invoice.supplyPeriod,
    items: invoice.items,
    exemptionText: invoice.exemptionText,
    paymentTerms: invoice.paymentTerms,
    note: invoice.note,
    totals: invoice.totals,
    balance: invoice.balance,
    seller: invoice.seller,
    // Where its mail goes is the owner's business, not the page's.
    buyer: {
      name: invoice.buyer.name,
      addressLines: invoice.buyer.addressLines,
      postcode: invoice.buyer.postcode,
      city: invoice.buyer.city,
      country: invoice.buyer.country,
      vatId: invoice.buyer.vatId,
      reference: invoice.buyer.reference,
    },
    credits: invoice.credits && {
      number: invoice.credits.number,
      issueDate: invoice.credits.issueDate,
    },
    creditNotes: invoice.creditNotes.map(({ number, issueDate, gross }) => ({
      number,
      issueDate,
      gross,
    })),
    payments: invoice.payments.map((payment) => ({
      amount: payment.amount,
      paidAt: payment.paidAt,
      byCard: payment.provider === 'stripe',
    })),
    bankTransferText: owed ? (await readInvoiceSettings(ctx.db)).bankTransferText || null : null,
    payByCard: owed && Boolean(ctx.config.stripe),
  };
}
