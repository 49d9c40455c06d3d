/**
 * Writing drafts (docs/proposals.md): a new proposal on a lead, a change to a draft, a revision
 * of a sent one. Every amount is computed here from the items (shared/proposals.ts
 * `proposalAmounts`), never taken from the request; only a draft changes.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { leads, proposals } from '#db/schema';
import { defaultVat, type InvoiceSettings } from '#shared/invoices/settings';
import {
  itemRateIssue,
  PROPOSAL_MESSAGES as M,
  proposalAmounts,
  type Deposit,
  type ProposalItem,
} from '#shared/proposals';
import { invoicingOn, readInvoiceSettings } from '#server/site/seller-profile';
import { leadOf, parseItems, type ProposalRow } from './proposal-json';
import { nextProposalNumber } from './numbers';
import { readProposalSettings } from './settings';

export interface ProposalDraftFields {
  title?: string;
  summary?: string;
  items?: ProposalItem[];
  currency?: string;
  deposit?: Deposit | null;
  validUntil?: string | null;
  terms?: string;
}

export const proposalNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * The items with their VAT: once invoicing is on, an item without a category takes the
 * profile's (docs/invoices.md, "Proposals and deposits"); one with a category and no rate takes
 * the profile's rate for that category, else 0. Before, an item without a category has no tax.
 */
function withVat(items: ProposalItem[], settings: InvoiceSettings): ProposalItem[] {
  const on = invoicingOn(settings);
  return items.map((item) =>
    on || item.category !== undefined ? { ...item, ...defaultVat(item, settings) } : item,
  );
}

/** The amounts and deposit columns of a draft's items and deposit. */
function amountColumns(given: ProposalItem[], deposit: Deposit | null, settings: InvoiceSettings) {
  const items = withVat(given, settings);
  const wrongRate = items.map(itemRateIssue).find((issue) => issue !== null);
  if (wrongRate) throw new TRPCError({ code: 'BAD_REQUEST', message: wrongRate });
  if (deposit?.kind === 'amount' && deposit.value > proposalAmounts(items, null).total) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.depositAboveTotal });
  }
  const { total, depositAmount } = proposalAmounts(items, deposit);
  return {
    items: JSON.stringify(items),
    depositKind: deposit?.kind ?? null,
    depositValue: deposit?.value ?? null,
    total,
    depositAmount,
  };
}

/**
 * A new draft on a lead (version 1, a new number); its currency and terms from the settings.
 * `audit` writes the caller's audit entry in the draft's own transaction.
 */
export async function createDraft(
  db: Db,
  leadId: number,
  fields: ProposalDraftFields & { title: string },
  by: string,
  now: Date,
  audit: (tx: Db, row: ProposalRow) => Promise<unknown>,
): Promise<ProposalRow | null> {
  // Read before the write: the settings are not the write's business. The terms start as the
  // settings' default terms, never the website's Terms of Service (docs/proposals.md, "Settings").
  const settings = await readProposalSettings(db);
  const profile = await readInvoiceSettings(db);
  const terms = fields.terms ?? settings.defaultTerms;
  return writeTransaction(db, async (tx) => {
    const lead = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get();
    if (!lead) return null;
    const number = await nextProposalNumber(tx, now.getUTCFullYear());
    const row = await tx
      .insert(proposals)
      .values({
        leadId,
        number,
        title: fields.title,
        summary: fields.summary ?? '',
        currency: fields.currency ?? settings.currency,
        validUntil: fields.validUntil ?? null,
        terms,
        ...amountColumns(fields.items ?? [], fields.deposit ?? null, profile),
        createdAt: now,
        createdBy: by,
        updatedAt: now,
      })
      .returning()
      .get();
    await audit(tx, row);
    return row;
  });
}

/** A draft's change; 409 for anything but a draft. Inside the caller's transaction. */
export async function updateDraft(
  tx: Db,
  current: ProposalRow,
  fields: ProposalDraftFields,
  now: Date,
): Promise<ProposalRow> {
  if (current.status !== 'draft') throw conflict(M.notDraft);
  const items = fields.items ?? parseItems(current.items);
  const deposit =
    fields.deposit !== undefined
      ? fields.deposit
      : current.depositKind === null || current.depositValue === null
        ? null
        : { kind: current.depositKind, value: current.depositValue };
  const changed = await tx
    .update(proposals)
    .set({
      ...(fields.title !== undefined && { title: fields.title }),
      ...(fields.summary !== undefined && { summary: fields.summary }),
      ...(fields.currency !== undefined && { currency: fields.currency }),
      ...(fields.validUntil !== undefined && { validUntil: fields.validUntil }),
      ...(fields.terms !== undefined && { terms: fields.terms }),
      ...amountColumns(items, deposit, await readInvoiceSettings(tx)),
      updatedAt: now,
    })
    // The status is checked again in the write: a send at the same moment wins or loses whole.
    .where(and(eq(proposals.id, current.id), eq(proposals.status, 'draft')))
    .returning()
    .get();
  if (!changed) throw conflict(M.notDraft);
  return changed;
}

/**
 * A new draft version of a sent, viewed or declined proposal (an expired one too: its stored
 * status is still `sent` or `viewed`). The old one stays as it is until the new one is sent
 * (send.ts marks it `replaced`). One draft revision at a time.
 */
export async function reviseProposal(
  tx: Db,
  current: ProposalRow,
  by: string,
  now: Date,
): Promise<ProposalRow> {
  if (!['sent', 'viewed', 'declined', 'expired'].includes(current.status)) {
    throw conflict(M.notRevisable);
  }
  const newer = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.number, current.number), gt(proposals.version, current.version)))
    .get();
  if (newer) throw conflict(M.alreadyRevised);
  return tx
    .insert(proposals)
    .values({
      leadId: leadOf(current),
      number: current.number,
      version: current.version + 1,
      previousId: current.id,
      title: current.title,
      summary: current.summary,
      items: current.items,
      currency: current.currency,
      depositKind: current.depositKind,
      depositValue: current.depositValue,
      total: current.total,
      depositAmount: current.depositAmount,
      // A new day is set when the revision is sent, unless the owner sets one.
      validUntil: null,
      terms: current.terms,
      createdAt: now,
      createdBy: by,
      updatedAt: now,
    })
    .returning()
    .get();
}
