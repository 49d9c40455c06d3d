/**
 * A person's invoices and proposals in their data (docs/leads.md, "A person's data"): what the
 * export shows of them, and what their erasure keeps. Issued invoices and signed proposals are
 * records the law keeps (docs/invoices.md and docs/proposals.md, "Records"): they stay,
 * unlinked from the lead; the rest goes. Leads come before both features in the features'
 * order, so their tables are read here directly.
 */
import { asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Db } from '#db';
import {
  invoicePayments,
  invoices,
  outbox,
  proposalCodes,
  proposalPayments,
  proposals,
} from '#db/schema';

/** A person's invoices and credit notes as stored, with their payments. */
export async function invoicesOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.leadId, leadId))
    .orderBy(asc(invoices.id))
    .all();
  const payments = rows.length
    ? await db
        .select()
        .from(invoicePayments)
        .where(
          inArray(
            invoicePayments.invoiceId,
            rows.map((row) => row.id),
          ),
        )
        .all()
    : [];
  return rows.map(
    ({ tokenHash: _hidden, items, seller, buyer, deposits, creditedLines, ...row }) => ({
      ...row,
      items: JSON.parse(items) as unknown,
      seller: seller === null ? null : (JSON.parse(seller) as unknown),
      buyer: buyer === null ? null : (JSON.parse(buyer) as unknown),
      deposits: JSON.parse(deposits) as unknown,
      creditedLines: creditedLines === null ? null : (JSON.parse(creditedLines) as unknown),
      payments: payments.filter((payment) => payment.invoiceId === row.id),
    }),
  );
}

/**
 * A person's invoices when they are erased (docs/invoices.md, "Records"): an issued document is
 * a record the law keeps (GDPR art. 17(3)(b)), so it stays with its frozen parties and its
 * payments, no longer linked to the lead or a proposal, its client link ended and its reminders
 * stopped (keeping a record is no reason to mail the person); drafts go with their payments;
 * the mails that carried the documents go. Answers the numbers kept.
 */
export async function eraseInvoicesOf(tx: Db, leadId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: invoices.id, number: invoices.number, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.leadId, leadId))
    .orderBy(asc(invoices.id))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await tx
    .delete(outbox)
    .where(
      or(
        ...ids.flatMap((id) => [
          eq(outbox.ref, `invoice:${id}`),
          like(outbox.ref, `invoice-sent:${id}:%`),
          like(outbox.ref, `invoice-reminder:${id}:%`),
        ]),
      ),
    );
  const drafts = rows.filter((row) => row.status === 'draft').map((row) => row.id);
  if (drafts.length > 0) {
    await tx.delete(invoicePayments).where(inArray(invoicePayments.invoiceId, drafts));
    await tx.delete(invoices).where(inArray(invoices.id, drafts));
  }
  // Set explicitly: a libSQL server may not enforce the foreign keys' `set null`.
  await tx
    .update(invoices)
    .set({ leadId: null, proposalId: null, tokenHash: null, remindersStopped: true })
    .where(eq(invoices.leadId, leadId));
  return rows.flatMap((row) => (row.status === 'draft' || !row.number ? [] : [row.number]));
}

/** A person's proposals as the export shows them: what was offered, signed and paid. */
export async function proposalsOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(proposals)
    .where(eq(proposals.leadId, leadId))
    .orderBy(asc(proposals.id))
    .all();
  const payments = rows.length
    ? await db
        .select()
        .from(proposalPayments)
        .where(
          inArray(
            proposalPayments.proposalId,
            rows.map((row) => row.id),
          ),
        )
        .all()
    : [];
  return rows.map(({ tokenHash: _hidden, acceptance, items, ...row }) => ({
    ...row,
    items: JSON.parse(items) as unknown,
    acceptance: acceptance === null ? null : (JSON.parse(acceptance) as unknown),
    payments: payments.filter((payment) => payment.proposalId === row.id),
  }));
}

/**
 * A person's proposals when they are erased (docs/proposals.md, "Records"). A signed one is the
 * contract, a record the law keeps as it keeps issued invoices: it stays with its signature and
 * payments, no longer linked to the lead, its client link ended (proposal-json.ts `leadOf`: read,
 * never changed). The others go with their payments. The codes mailed to confirm an address
 * and the mails that carried the links (which may have gone to another address) go for all.
 * Answers the signed ones' numbers.
 */
export async function eraseProposalsOf(tx: Db, leadId: number): Promise<string[]> {
  const rows = await tx
    .select({
      id: proposals.id,
      number: proposals.number,
      version: proposals.version,
      acceptance: proposals.acceptance,
    })
    .from(proposals)
    .where(eq(proposals.leadId, leadId))
    .orderBy(asc(proposals.id))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await tx.delete(proposalCodes).where(inArray(proposalCodes.proposalId, ids));
  await tx.delete(outbox).where(
    inArray(
      outbox.ref,
      ids.map((id) => `proposal:${id}`),
    ),
  );
  const signed = rows.filter((row) => row.acceptance !== null);
  const others = rows.filter((row) => row.acceptance === null).map((row) => row.id);
  if (others.length > 0) {
    await tx.delete(proposalPayments).where(inArray(proposalPayments.proposalId, others));
    await tx.delete(proposals).where(inArray(proposals.id, others));
  }
  // Set explicitly: a libSQL server may not enforce the foreign keys' `set null`.
  await tx
    .update(proposals)
    .set({ leadId: null, tokenHash: null })
    .where(eq(proposals.leadId, leadId));
  return signed.map((row) => `${row.number} v${row.version}`);
}
