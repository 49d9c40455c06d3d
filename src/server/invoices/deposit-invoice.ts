/**
 * The deposit invoice (docs/invoices.md, "Deposits"): with invoicing on, each payment on a
 * proposal (Stripe's signed event or the owner's hand) is a payment on account, and gets an
 * invoice of the site's series in the payment's own write transaction, marked paid and queued
 * to the buyer with its PDF. Its lines are the payment split over the proposal's tax groups,
 * so its gross is exactly what came in. Set as the proposals' deposit effect by the app
 * (app/app-router.ts). When it cannot be issued (the buyer's details are missing, or a rule
 * refuses it), the payment still stands: the invoice waits as a draft with the payment on it,
 * and the lead's timeline says what to fix.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoicePayments, invoices, proposals } from '#db/schema';
import { groupTax } from '#shared/invoices/totals';
import { defaultVat, type InvoiceSettings } from '#shared/invoices/settings';
import { dayIn } from '#shared/calendar-days';
import { formatMoney } from '#shared/money';
import { auditInsert } from '#server/audit/record';
import { leadSubject } from '#server/audit/subjects';
import {
  depositLines,
  vatFigures,
  vatLabel,
  type DepositLine,
  type VatFigures,
} from '#shared/proposal-vat';
import { invoicingOn, readInvoiceSettings } from '#server/site/seller-profile';
import type { MailSite } from '#server/site/site-brand';
import { leadOf, parseItems, type ProposalRow } from '#server/proposals/proposal-json';
import type { DepositPaid } from '#server/proposals/payments/deposit-paid';
import type { InvoiceRow } from './invoice-json';
import { INVOICE_DATA_LINE, queueInvoiceMail } from './invoice-mail';
import { issueDraft } from './issue';
import { noteOnLead } from './lead-note';

/**
 * A proposal written before invoicing was on has items without VAT, and its client paid the
 * amounts as they read: one group at the profile's category and rate, its figures gross.
 */
function figuresOf(row: ProposalRow, settings: InvoiceSettings): VatFigures {
  const figures = vatFigures(parseItems(row.items));
  if (figures.groups.every((group) => group.category !== null)) return figures;
  const { category, rate } = defaultVat({}, settings);
  const base = Math.round(figures.gross / (1 + rate / 100));
  const tax = groupTax(base, rate);
  return { net: base, tax, gross: base + tax, groups: [{ category, rate, base, tax }] };
}

/** The payment's lines: the deposit's own when it pays the whole deposit, else its share. */
function linesOf(row: ProposalRow, paid: DepositPaid, settings: InvoiceSettings): DepositLine[] {
  const figures = figuresOf(row, settings);
  const whole =
    paid.amount === row.depositAmount && row.depositKind !== null && row.depositValue !== null;
  const deposit = whole
    ? { kind: row.depositKind ?? 'amount', value: row.depositValue ?? paid.amount }
    : { kind: 'amount' as const, value: paid.amount };
  return depositLines(figures, deposit);
}

/** The words of one line: what it is a deposit on, and its rate where there are several. */
function description(row: ProposalRow, line: DepositLine, several: boolean) {
  const base = `Deposit on proposal ${row.number}: ${row.title}`.slice(0, 480);
  return several ? `${base} (${vatLabel(line)})` : base;
}

/** Issues (or leaves as a draft) the deposit invoice of a proposal's payment. */
export async function issueDepositInvoice(tx: Db, paid: DepositPaid): Promise<void> {
  const settings = await readInvoiceSettings(tx);
  if (!invoicingOn(settings)) return;
  const row = await tx.select().from(proposals).where(eq(proposals.id, paid.proposalId)).get();
  if (!row) return;
  const lines = linesOf(row, paid, settings).filter((line) => line.net > 0);
  if (lines.length === 0) return;
  const today = dayIn(paid.now, paid.witness.site.timeZone);
  const draft = await tx
    .insert(invoices)
    .values({
      role: 'deposit',
      leadId: row.leadId,
      proposalId: row.id,
      currency: row.currency,
      supplyDate: dayIn(paid.paidAt, paid.witness.site.timeZone),
      // Paid already: due on the day it is issued.
      dueDate: today,
      items: JSON.stringify(
        lines.map((line) => ({
          description: description(row, line, lines.length > 1),
          quantity: 1,
          unitCode: 'C62',
          unitAmount: line.net,
          ...defaultVat({ category: line.category ?? undefined, rate: line.rate }, settings),
        })),
      ),
      net: lines.reduce((sum, line) => sum + line.net, 0),
      tax: lines.reduce((sum, line) => sum + line.tax, 0),
      gross: lines.reduce((sum, line) => sum + line.net + line.tax, 0),
      createdAt: paid.now,
      createdBy: paid.witness.actor?.username ?? null,
      updatedAt: paid.now,
    })
    .returning()
    .get();
  await tx.insert(invoicePayments).values({
    invoiceId: draft.id,
    amount: paid.amount,
    currency: paid.currency,
    provider: paid.provider,
    providerRef: paid.providerRef,
    paidAt: paid.paidAt,
    note: `Deposit on proposal ${row.number}`,
    recordedBy: paid.witness.actor?.username ?? null,
    createdAt: paid.now,
  });
  let issued: InvoiceRow;
  try {
    issued = await issueDraft(tx, draft.id, today, paid.now, (one) =>
      auditInsert(tx, paid.now, {
        action: 'invoice_issued',
        actor: paid.witness.actor,
        target: `${one.number ?? ''}: deposit on proposal ${row.number}, paid`,
        ip: paid.witness.ip,
        subject: leadSubject(leadOf(row)),
      }),
    );
  } catch (error) {
    // Refused before any number was taken (issue.ts checks everything first): the draft stays.
    if (!(error instanceof TRPCError)) throw error;
    await noteOnLead(
      tx,
      { leadId: row.leadId, proposalId: row.id },
      paid.now,
      `Deposit invoice not issued: ${error.message}. It waits as a draft with the payment on it; issue it once that is fixed.`,
    );
    return;
  }
  await mailDepositInvoice(tx, issued, paid.witness.site, paid.now);
}

/** The deposit invoice to the buyer's invoice address, its PDF (the XML inside) attached. */
async function mailDepositInvoice(tx: Db, row: InvoiceRow, site: MailSite, now: Date) {
  const money = formatMoney(row.gross, row.currency);
  await queueInvoiceMail(tx, row, site, now, {
    subject: `Invoice ${row.number ?? ''}: deposit received`,
    lines: [
      `Thank you for your deposit of ${money}. Your invoice ${row.number ?? ''} is attached, marked paid.`,
      INVOICE_DATA_LINE,
    ],
    ref: `invoice:${row.id}`,
    timeline: `Deposit invoice ${row.number ?? ''} (paid)`,
  });
}
