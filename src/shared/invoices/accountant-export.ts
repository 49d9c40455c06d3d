/**
 * The accountant's files (docs/invoices.md, "Handing the files to your accountant"):
 * GET /api/invoices/export.csv and export.zip take the issue days `from` and `to`, both
 * included; a missing one is the first or the last day of the current month in the site's zone.
 */
import { z } from 'zod/mini';
import { dayFilter } from './drafts';

export const EXPORT_MESSAGES = {
  reversed: 'The period cannot end before it starts',
} as const;

export const invoiceExportInput = z.prefault(
  z.object({ from: dayFilter, to: dayFilter }).check(
    z.superRefine((value, ctx) => {
      if (value.from && value.to && value.to < value.from) {
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: EXPORT_MESSAGES.reversed,
          input: value.to,
        });
      }
    }),
  ),
  {},
);
export type InvoiceExportInput = z.output<typeof invoiceExportInput>;
