/**
 * Credit notes (docs/invoices.md, "Credit notes"): the one way an issued invoice is corrected,
 * issued at once in its own series (`CN-2026-0001`), naming the invoice's number and date
 * (BT-25, BT-26). Whole (every item still uncredited), some items or quantities of them, or an
 * amount at the invoice's one rate; never more than is still creditable: the invoice's gross
 * less its earlier credit notes', and no item beyond its own quantity.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoices } from '#db/schema';
import { DRAFT_MESSAGES, type InvoiceCreditInput } from '#shared/invoices/drafts';
import { invoiceContentInput } from '#shared/invoices/schemas';
import { sellerOf } from '#shared/invoices/settings';
import { invoiceTotals, thousandths, type InvoiceItem } from '#shared/invoices/totals';
import { depositLines } from '#shared/proposal-vat';
import { formatMoney } from '#shared/money';
import { itemsOf, parseJson, totalsOf, type CreditedLine, type InvoiceRow } from './invoice-json';
import { freeze, completeSettings } from './issue';
import { issuedColumns, type FrozenBuyer } from './issued-document';
import { nextInvoiceNumber } from './numbers';
import { conflict, invalidFields, invoiceNotFound } from './refusals';

const leftMessage = (amount: number, currency: string) =>
  `At most ${formatMoney(amount, currency)} is left to credit on this invoice`;

/** Each item's quantity not yet credited, in thousandths (quantities have three decimals). */
function uncredited(items: InvoiceItem[], notes: InvoiceRow[]): bigint[] {
  const left = items.map((item) => thousandths(item.quantity));
  for (const note of notes) {
    for (const { line, quantity } of parseJson<CreditedLine[]>(note.creditedLines) ?? []) {
      left[line] = (left[line] ?? 0n) - thousandths(quantity);
    }
  }
  return left;
}

/**
 * Items of `gross` split over the invoice's rates as a deposit is (`depositLines`), each
 * line's words the invoice's own after `prefix`: the nearest gross below where a rate skips
 * the cent. For credits that name no lines: a refund, and all that is left after an amount.
 */
export function itemsForGross(invoice: InvoiceRow, gross: number, prefix: string): InvoiceItem[] {
  const lines = depositLines(totalsOf(invoice), { kind: 'amount', value: gross });
  const items = itemsOf(invoice);
  return lines
    .filter((line) => line.net > 0)
    .map((line) => {
      const same = items.find((item) => item.category === line.category && item.rate === line.rate);
      const words = same?.description ?? `Invoice ${invoice.number ?? ''}`;
      return {
        description: `${prefix}${words}`.slice(0, 500),
        quantity: 1,
        unitCode: 'C62' as const,
        unitAmount: line.net,
        category: line.category ?? 'S',
        rate: line.rate,
      };
    });
}

/** The credit note's items and the lines they credit, from the request. */
function creditedItems(
  invoice: InvoiceRow,
  { notes, creditable }: Pick<Creditable, 'notes' | 'creditable'>,
  input: InvoiceCreditInput,
): { items: InvoiceItem[]; lines: CreditedLine[] | null } {
  if (input.amount !== undefined) {
    const groups = totalsOf(invoice).groups;
    if (groups.length !== 1 || !groups[0]) {
      throw invalidFields([{ path: ['amount'], message: DRAFT_MESSAGES.creditSeveralRates }]);
    }
    const { category, rate } = groups[0];
    const description = `Credit on invoice ${invoice.number}`;
    const item = { description, quantity: 1, unitCode: 'C62' as const, unitAmount: input.amount };
    return { items: [{ ...item, category, rate }], lines: null };
  }
  // Whole after a credit of an amount (the owner's, or a refund's), which named no lines: what
  // is left is an amount too.
  if (input.lines === undefined && notes.some((note) => note.creditedLines === null)) {
    return { items: itemsForGross(invoice, creditable, 'Credit: '), lines: null };
  }
  const items = itemsOf(invoice);
  const left = uncredited(items, notes);
  // Whole: every item with something left, each all of what is left.
  const asked: { line: number; quantity?: number }[] =
    input.lines ?? items.flatMap((_, line) => ((left[line] ?? 0n) > 0n ? [{ line }] : []));
  if (asked.length === 0) throw conflict(DRAFT_MESSAGES.creditNothingLeft);
  const lines = asked.map(({ line, quantity }, i): CreditedLine => {
    const item = items[line];
    const remaining = left[line] ?? 0n;
    if (!item)
      throw invalidFields([{ path: ['lines', i, 'line'], message: DRAFT_MESSAGES.creditLine }]);
    const wanted = quantity === undefined ? remaining : thousandths(quantity);
    if (wanted > remaining || wanted <= 0n) {
      const message = `At most ${Number(remaining) / 1000} of this item is left to credit`;
      throw invalidFields([{ path: ['lines', i, 'quantity'], message }]);
    }
    left[line] = remaining - wanted;
    return { line, quantity: Number(wanted) / 1000 };
  });
  return {
    items: lines.map(({ line, quantity }) => ({ ...items[line]!, quantity })),
    lines,
  };
}

/** An issued invoice that may be credited, with what is still creditable on it. */
interface Creditable {
  invoice: InvoiceRow;
  notes: InvoiceRow[];
  settings: Awaited<ReturnType<typeof completeSettings>>;
  creditable: number;
}

export interface CreditContext {
  today: string;
  now: Date;
  /** The administrator; null for what the site does by itself (a refund Stripe reported). */
  by: string | null;
}

async function creditableInvoice(tx: Db, id: number): Promise<Creditable> {
  const invoice = await tx.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!invoice) throw invoiceNotFound();
  if (invoice.kind !== 'invoice' || invoice.status !== 'issued' || !invoice.number) {
    throw conflict(DRAFT_MESSAGES.creditNotInvoice);
  }
  const settings = await completeSettings(tx);
  const { notes, creditable } = await creditedSoFar(tx, invoice);
  if (creditable <= 0) throw conflict(DRAFT_MESSAGES.creditNothingLeft);
  return { invoice, notes, settings, creditable };
}

/** An invoice's issued credit notes, and what is still creditable: its gross less theirs. */
export async function creditedSoFar(
  tx: Db,
  invoice: InvoiceRow,
): Promise<{ notes: InvoiceRow[]; creditable: number }> {
  const notes = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, invoice.id), eq(invoices.status, 'issued')));
  return { notes, creditable: invoice.gross - notes.reduce((sum, note) => sum + note.gross, 0) };
}

/**
 * Issues a credit note for the invoice `input.id` on `today`, inside the caller's write
 * transaction; `audit` writes its entry there. Answers the credit note as stored.
 */
export async function creditInvoice(
  tx: Db,
  input: InvoiceCreditInput,
  context: CreditContext,
  audit: (note: InvoiceRow, invoice: InvoiceRow) => Promise<unknown>,
): Promise<InvoiceRow> {
  const found = await creditableInvoice(tx, input.id);
  const credited = creditedItems(found.invoice, found, input);
  const field = input.amount === undefined ? 'lines' : 'amount';
  return issueCreditNote(tx, found, { ...credited, field, reason: input.reason }, context, audit);
}

/**
 * Credits `items` (already split over the invoice's rates) on invoice `id`: the credit note of
 * a refund, which names no lines of the invoice.
 */
export async function creditItems(
  tx: Db,
  id: number,
  credit: { items: InvoiceItem[]; reason: string },
  context: CreditContext,
  audit: (note: InvoiceRow, invoice: InvoiceRow) => Promise<unknown>,
): Promise<InvoiceRow> {
  const found = await creditableInvoice(tx, id);
  const asked = { items: credit.items, lines: null, field: 'amount', reason: credit.reason };
  return issueCreditNote(tx, found, asked, context, audit);
}

async function issueCreditNote(
  tx: Db,
  { invoice, settings, creditable }: Creditable,
  credited: { items: InvoiceItem[]; lines: CreditedLine[] | null; field: string; reason: string },
  context: CreditContext,
  audit: (note: InvoiceRow, invoice: InvoiceRow) => Promise<unknown>,
): Promise<InvoiceRow> {
  const { field } = credited;
  const { email, ...buyer } = parseJson<FrozenBuyer>(invoice.buyer)!;
  const parsed = invoiceContentInput.safeParse({
    currency: invoice.currency,
    issueDate: context.today,
    dueDate: context.today,
    supplyDate: invoice.supplyDate,
    supplyPeriod:
      invoice.supplyFrom && invoice.supplyTo
        ? { from: invoice.supplyFrom, to: invoice.supplyTo }
        : null,
    items: credited.items,
    exemptionText: invoice.exemptionText,
    paymentTerms: null,
    seller: sellerOf(settings),
    buyer,
    prepaid: 0,
  });
  if (!parsed.success) {
    // The items are the invoice's own: what a rule finds in them is the choice of lines.
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path[0] === 'items' ? [field] : issue.path.map(String),
      message: issue.message,
    }));
    throw invalidFields(issues);
  }
  if (invoiceTotals(parsed.data.items).gross > creditable) {
    throw invalidFields([{ path: [field], message: leftMessage(creditable, invoice.currency) }]);
  }
  const year = Number(context.today.slice(0, 4));
  const number = await nextInvoiceNumber(tx, settings.creditNotePrefix, year);
  const draft = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      leadId: invoice.leadId,
      proposalId: invoice.proposalId,
      creditsInvoiceId: invoice.id,
      creditedLines: credited.lines && JSON.stringify(credited.lines),
      currency: invoice.currency,
      note: credited.reason,
      createdAt: context.now,
      createdBy: context.by,
      updatedAt: context.now,
    })
    .returning()
    .get();
  const columns = issuedColumns(parsed.data, { number, buyerEmail: email, now: context.now });
  const issuedAt = { number: invoice.number ?? '', issueDate: invoice.issueDate ?? '' };
  const note = await freeze(tx, draft, columns, issuedAt);
  await audit(note, invoice);
  return note;
}
