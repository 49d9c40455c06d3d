/**
 * The seller profile saved (docs/invoices.md, "The seller profile"); it is read by
 * site/seller-profile.ts, as every feature reads it. Saving refuses a new prefix for a series that already numbered a document this year (409):
 * a series keeps one prefix through its year.
 */
import type { Db } from '#db';
import { invoiceSettings } from '#db/schema';
import { SETTINGS_MESSAGES, sellerMissing, type InvoiceSettings } from '#shared/invoices/settings';
import { FieldConflict } from '#server/platform/errors';
import { readInvoiceSettings } from '#server/site/seller-profile';
import { seriesUsed } from './numbers';

/** The profile as GET and PUT answer it: with whether invoicing is on, and what it lacks. */
export function settingsAnswer(settings: InvoiceSettings) {
  const missing = sellerMissing(settings);
  return { settings, invoicingOn: missing.length === 0, missing };
}

/**
 * Stores the whole profile, inside the caller's write transaction (which also writes the
 * audit entry). `year` is the current year in the site's zone.
 */
export async function storeInvoiceSettings(
  tx: Db,
  settings: InvoiceSettings,
  year: number,
  by: string,
  now: Date,
): Promise<void> {
  const current = await readInvoiceSettings(tx);
  for (const field of ['invoicePrefix', 'creditNotePrefix'] as const) {
    if (settings[field] !== current[field] && (await seriesUsed(tx, current[field], year))) {
      throw new FieldConflict(SETTINGS_MESSAGES.prefixFixed, field);
    }
  }
  const values = { profile: JSON.stringify(settings), updatedAt: now, updatedBy: by };
  await tx
    .insert(invoiceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.id, set: values });
}
