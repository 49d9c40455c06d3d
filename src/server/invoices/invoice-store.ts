/**
 * Reading invoices (docs/invoices.md): one with its payments and credit notes, and the list
 * with its filter. Each read names the site's today, on which an unpaid invoice past its due
 * day reads `overdue`.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { invoicePayments, invoices } from '#db/schema';
import { dayIn } from '#shared/calendar-days';
import { INVOICES_PAGE_SIZE } from '#shared/invoices/records';
import type { InvoiceListInput } from '#shared/invoices/drafts';
import type { Invoice } from '#shared/shapes/invoices';
import type { Clock } from '#server/platform/clock';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';
import {
  balanceOf,
  invoiceJson,
  NO_RELATIONS,
  totalsOf,
  type DocumentRef,
  type InvoicePaymentRow,
  type InvoiceRelations,
  type InvoiceRow,
} from './invoice-json';
import { invoiceOwed } from '#db/invoice-owed';

/** What a read needs: the database, and the site's zone and clock for its today. */
export interface InvoiceReadDeps {
  db: Db;
  config: SiteSettingsConfig;
  clock: Clock;
}

/** Today in the site's zone (YYYY-MM-DD): the issue day of what is issued now. */
export async function siteToday(deps: InvoiceReadDeps): Promise<string> {
  return dayIn(deps.clock.now(), (await siteSettings(deps)).timeZone);
}

export async function invoiceRow(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return await db.select().from(invoices).where(eq(invoices.id, id)).get();
}

function grouped<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

const reference = (row: InvoiceRow): DocumentRef => ({
  id: row.id,
  number: row.number ?? '',
  issueDate: row.issueDate ?? '',
});

/** Each row's payments, credit notes, and the invoice a credit note corrects. */
async function relationsOf(db: Db, rows: readonly InvoiceRow[]): Promise<InvoiceRelations[]> {
  const ids = rows.map((row) => row.id);
  const credited = rows.flatMap((row) => (row.creditsInvoiceId ? [row.creditsInvoiceId] : []));
  if (ids.length === 0) return [];
  const [payments, notes, originals] = await Promise.all([
    db
      .select()
      .from(invoicePayments)
      .where(inArray(invoicePayments.invoiceId, ids))
      .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
    db
      .select()
      .from(invoices)
      .where(and(inArray(invoices.creditsInvoiceId, ids), eq(invoices.status, 'issued')))
      .orderBy(asc(invoices.id)),
    credited.length === 0
      ? Promise.resolve([] as InvoiceRow[])
      : db.select().from(invoices).where(inArray(invoices.id, credited)),
  ]);
  const paymentsBy = grouped<InvoicePaymentRow, number>(payments, (p) => p.invoiceId);
  const notesBy = grouped(notes, (note) => note.creditsInvoiceId ?? 0);
  const originalBy = new Map(originals.map((row) => [row.id, reference(row)]));
  return rows.map((row) => ({
    payments: paymentsBy.get(row.id) ?? [],
    credits: row.creditsInvoiceId ? (originalBy.get(row.creditsInvoiceId) ?? null) : null,
    creditNotes: (notesBy.get(row.id) ?? []).map((note) => ({
      ...reference(note),
      gross: note.gross,
    })),
  }));
}

/** What is paid, credited and still owed on one invoice now (no day needed). */
export async function balanceNow(db: Db, row: InvoiceRow) {
  const [relations] = await relationsOf(db, [row]);
  return balanceOf(totalsOf(row), relations ?? NO_RELATIONS);
}

/** Rows as the API shows them, on the site's today. */
export async function invoicesJson(
  deps: InvoiceReadDeps,
  rows: readonly InvoiceRow[],
): Promise<Invoice[]> {
  const relations = await relationsOf(deps.db, rows);
  const today = await siteToday(deps);
  return rows.map((row, i) => invoiceJson(row, relations[i]!, today));
}

export async function invoiceById(deps: InvoiceReadDeps, id: number): Promise<Invoice | null> {
  const row = await invoiceRow(deps.db, id);
  if (!row) return null;
  const [invoice] = await invoicesJson(deps, [row]);
  return invoice ?? null;
}

/**
 * Whether an invoice reads `overdue` on `today`, in SQL so the list can sort by it across its
 * pages: the rule of `paymentStatus` (shared/invoices/records.ts), with what it owes written
 * once (db/invoice-owed.ts). Its test sorts one overdue invoice from the last page to the first.
 */
function overdueOn(today: string): SQL<number> {
  const { credited, owed } = invoiceOwed(invoices);
  return sql<number>`(case when ${invoices.kind} = 'invoice' and ${invoices.status} = 'issued'
    and ${invoices.dueDate} < ${today}
    and not (${invoices.gross} > 0 and ${credited} >= ${invoices.gross})
    and ${owed} > 0
    then 1 else 0 end)`;
}

/** Every invoice and credit note the filter keeps, the overdue first, then newest, 25 a page. */
export async function invoicesPage(
  deps: InvoiceReadDeps,
  filter: InvoiceListInput,
): Promise<{ invoices: Invoice[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.leadId) conditions.push(eq(invoices.leadId, filter.leadId));
  if (filter.role) conditions.push(eq(invoices.role, filter.role));
  if (filter.from) conditions.push(gte(invoices.issueDate, filter.from));
  if (filter.to) conditions.push(lte(invoices.issueDate, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const counted = await deps.db.select({ total: count() }).from(invoices).where(where).get();
  const rows = await deps.db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(overdueOn(await siteToday(deps))), desc(invoices.id))
    .limit(INVOICES_PAGE_SIZE)
    .offset((filter.page - 1) * INVOICES_PAGE_SIZE);
  return { invoices: await invoicesJson(deps, rows), total: counted?.total ?? 0 };
}
