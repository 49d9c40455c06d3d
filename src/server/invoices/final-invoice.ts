/**
 * The final invoice (docs/invoices.md, "The balance"): a draft of an accepted proposal's items
 * with every deposit invoice issued for it deducted as paid before (BT-113), so what it asks is
 * the balance. The deductions are read again when it is issued (issue.ts), so a deposit paid
 * after the draft was written is not asked twice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db';
import { invoices, proposals } from '#db/schema';
import { defaultVat, type InvoiceSettings } from '#shared/invoices/settings';
import { invoiceTotals } from '#shared/invoices/totals';
import { parseItems } from '#server/proposals/proposal-json';
import type { DeductedDeposit } from './document';
import type { InvoiceRow } from './invoice-json';
import { conflict } from './refusals';

export const FINAL_MESSAGES = {
  proposalNotFound: 'Proposal not found',
  notAccepted: 'A final invoice is written for an accepted proposal',
  exists: 'This proposal already has a final invoice: change that draft, or credit the issued one',
} as const;

/** The issued deposit invoices of a proposal, each less what credit notes took back. */
export async function depositsOf(
  tx: Db,
  proposalId: number,
): Promise<{ deposits: DeductedDeposit[]; prepaid: number }> {
  const rows = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.proposalId, proposalId),
        eq(invoices.role, 'deposit'),
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'issued'),
      ),
    )
    .orderBy(invoices.id)
    .all();
  const credits =
    rows.length === 0
      ? []
      : await tx
          .select({ creditsInvoiceId: invoices.creditsInvoiceId, gross: invoices.gross })
          .from(invoices)
          .where(
            and(
              inArray(
                invoices.creditsInvoiceId,
                rows.map((row) => row.id),
              ),
              eq(invoices.status, 'issued'),
            ),
          )
          .all();
  const deposits = rows
    .map((row) => {
      const credited = credits
        .filter((credit) => credit.creditsInvoiceId === row.id)
        .reduce((sum, credit) => sum + credit.gross, 0);
      return {
        number: row.number ?? '',
        issueDate: row.issueDate ?? '',
        gross: row.gross - credited,
        tax: row.tax,
      };
    })
    .filter((deposit) => deposit.gross > 0);
  return { deposits, prepaid: deposits.reduce((sum, deposit) => sum + deposit.gross, 0) };
}

/** The draft of the proposal's balance; 404 and 409 as FINAL_MESSAGES say. */
export async function createFinalDraft(
  tx: Db,
  proposalId: number,
  context: { settings: InvoiceSettings; by: string; now: Date },
): Promise<InvoiceRow | null> {
  const proposal = await tx.select().from(proposals).where(eq(proposals.id, proposalId)).get();
  if (!proposal) return null;
  if (proposal.status !== 'accepted') throw conflict(FINAL_MESSAGES.notAccepted);
  const existing = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.proposalId, proposalId),
        eq(invoices.role, 'final'),
        eq(invoices.kind, 'invoice'),
      ),
    )
    .get();
  if (existing) throw conflict(FINAL_MESSAGES.exists);
  const items = parseItems(proposal.items).map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitCode: 'C62' as const,
    unitAmount: item.unitAmount,
    ...defaultVat(item, context.settings),
  }));
  const { deposits, prepaid } = await depositsOf(tx, proposalId);
  const totals = invoiceTotals(items, prepaid);
  return tx
    .insert(invoices)
    .values({
      role: 'final',
      leadId: proposal.leadId,
      proposalId,
      currency: proposal.currency,
      items: JSON.stringify(items),
      deposits: JSON.stringify(deposits),
      net: totals.net,
      tax: totals.tax,
      gross: totals.gross,
      prepaid,
      createdAt: context.now,
      createdBy: context.by,
      updatedAt: context.now,
    })
    .returning()
    .get();
}
