/**
 * Drafts (docs/invoices.md, "Drafts"): an invoice on a lead that has no number yet and may
 * change or go. Items left without a category or rate take the profile's defaults; what the
 * items alone get wrong (a rate for its category, a total below zero) is refused at once, the
 * rest (the parties, the exemption text) when it is issued. Only a draft changes: the status
 * is checked again in the write itself, so an issue at the same moment wins or loses whole.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoices, leads } from '#db/schema';
import { DRAFT_MESSAGES, type InvoiceDraftFields } from '#shared/invoices/drafts';
import { INVOICE_MESSAGES } from '#shared/invoices/messages';
import { defaultVat, type InvoiceSettings } from '#shared/invoices/settings';
import { invoiceRuleIssues } from '#shared/invoices/tax-rules';
import { invoiceTotals, type InvoiceItem } from '#shared/invoices/totals';
import { itemsOf, type InvoiceRow } from './invoice-json';
import { conflict, invalidFields, invoiceNotFound } from './refusals';

type DraftItem = NonNullable<InvoiceDraftFields['items']>[number];

/** Each item with its category and rate, the profile's defaults where it gave none. */
export function withDefaults(
  items: readonly DraftItem[],
  settings: InvoiceSettings,
): InvoiceItem[] {
  return items.map((item) => ({ ...item, ...defaultVat(item, settings) }));
}

/** The rules the items break on their own, each naming its item (`items.2.rate`). */
function itemIssues(items: InvoiceItem[]) {
  // The parties do not matter to the items' own rules; they are judged when issued.
  const party = { country: '', vatId: null, companyNumber: null };
  return invoiceRuleIssues({
    items,
    exemptionText: null,
    seller: party,
    buyer: party,
    prepaid: 0,
  }).filter((issue) => issue.path[0] === 'items');
}

/** The columns `fields` set; every amount from the items, never from the request. */
function draftColumns(fields: InvoiceDraftFields, items: InvoiceItem[] | null, today: string) {
  if (fields.dueDate && fields.dueDate < today) {
    // Issued today at the earliest, so an earlier due day would be before the issue.
    throw invalidFields([{ path: ['dueDate'], message: INVOICE_MESSAGES.dueBeforeIssue }]);
  }
  const issues = items ? itemIssues(items) : [];
  if (issues.length > 0) throw invalidFields(issues);
  const totals = items && invoiceTotals(items);
  return {
    ...(fields.currency !== undefined && { currency: fields.currency }),
    ...(fields.dueDate !== undefined && { dueDate: fields.dueDate }),
    ...(fields.supplyDate !== undefined && { supplyDate: fields.supplyDate }),
    ...(fields.supplyPeriod !== undefined && {
      supplyFrom: fields.supplyPeriod?.from ?? null,
      supplyTo: fields.supplyPeriod?.to ?? null,
    }),
    ...(fields.exemptionText !== undefined && { exemptionText: fields.exemptionText || null }),
    ...(items &&
      totals && {
        items: JSON.stringify(items),
        net: totals.net,
        tax: totals.tax,
        gross: totals.gross,
      }),
  };
}

/** What a new draft or a change needs to know besides its fields. */
export interface DraftContext {
  settings: InvoiceSettings;
  /** The site's currency, for a draft that names none. */
  currency: string;
  /** Today in the site's zone. */
  today: string;
  by: string;
  now: Date;
}

/** A new draft on a lead; null when there is no such lead. Inside the caller's transaction. */
export async function createDraft(
  tx: Db,
  leadId: number,
  fields: InvoiceDraftFields,
  context: DraftContext,
): Promise<InvoiceRow | null> {
  const lead = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) return null;
  const items = withDefaults(fields.items ?? [], context.settings);
  return tx
    .insert(invoices)
    .values({
      leadId,
      currency: context.currency,
      ...draftColumns(fields, items, context.today),
      createdAt: context.now,
      createdBy: context.by,
      updatedAt: context.now,
    })
    .returning()
    .get();
}

/** A draft's change; 409 for anything else, and nothing changes. */
export async function updateDraft(
  tx: Db,
  id: number,
  fields: InvoiceDraftFields,
  context: DraftContext,
): Promise<InvoiceRow> {
  const current = await tx.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!current) throw invoiceNotFound();
  if (current.status !== 'draft') throw conflict(DRAFT_MESSAGES.notDraft);
  const items = fields.items ? withDefaults(fields.items, context.settings) : itemsOf(current);
  const supplyDate = fields.supplyDate !== undefined ? fields.supplyDate : current.supplyDate;
  const period = fields.supplyPeriod !== undefined ? fields.supplyPeriod : current.supplyFrom;
  if (supplyDate && period) {
    throw invalidFields([{ path: ['supplyDate'], message: INVOICE_MESSAGES.supplyBoth }]);
  }
  const changed = await tx
    .update(invoices)
    .set({ ...draftColumns(fields, items, context.today), updatedAt: context.now })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning()
    .get();
  if (!changed) throw conflict(DRAFT_MESSAGES.notDraft);
  return changed;
}

/** Deletes a draft; 409 for an issued document, which stays as it is. */
export async function deleteDraft(tx: Db, id: number): Promise<InvoiceRow> {
  const current = await tx.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!current) throw invoiceNotFound();
  const deleted = await tx
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning()
    .get();
  if (!deleted) throw conflict(DRAFT_MESSAGES.notDraftDeleted);
  return deleted;
}
