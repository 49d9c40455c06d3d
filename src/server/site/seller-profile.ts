/**
 * The seller profile as every feature reads it (docs/invoices.md, "The seller profile"): one
 * row, its JSON read over the defaults, so a profile saved before a field existed reads that
 * field's default. Proposals read it for their items' default VAT and to know whether invoicing
 * is on; the invoices feature writes it (invoices/settings-store.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoiceSettings } from '#db/schema';
import {
  DEFAULT_INVOICE_SETTINGS,
  sellerMissing,
  type InvoiceSettings,
} from '#shared/invoices/settings';

export async function readInvoiceSettings(db: Db): Promise<InvoiceSettings> {
  const row = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1)).get();
  if (!row) return DEFAULT_INVOICE_SETTINGS;
  return { ...DEFAULT_INVOICE_SETTINGS, ...(JSON.parse(row.profile) as Partial<InvoiceSettings>) };
}

/** Invoicing is on once the profile lacks nothing an invoice needs. */
export const invoicingOn = (settings: InvoiceSettings) => sellerMissing(settings).length === 0;
