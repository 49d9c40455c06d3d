/**
 * The accountant's files (docs/invoices.md, "Handing the files to your accountant"; docs/api.md,
 * "Invoices"): the period's issued documents as a CSV and as a ZIP of their PDFs and XMLs, each
 * download recorded in the audit log first (audit/download.ts). Spread into the `invoices`
 * router before the drafts' procedures: REST paths match in the order declared, and
 * `/api/invoices/:id` would otherwise take `export.csv` for an id.
 */
import { invoiceExportInput } from '#shared/invoices/accountant-export';
import { fileDownloadOutput } from '#shared/shapes/file-download';
import { auditedDownload } from '#server/audit/download';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { accountantCsv } from './accountant-csv';
import { exportPeriod, periodDocuments, periodRows } from './accountant-period';
import { accountantZip } from './accountant-zip';

export const invoiceExportProcedures = {
  /** GET /api/invoices/export.csv: a row per issued document of the period. */
  exportCsv: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/invoices/export.csv',
        query: ['from', 'to'],
        download: true,
      },
    })
    .input(invoiceExportInput)
    .output(fileDownloadOutput)
    .query(async ({ ctx, input }) => {
      const period = await exportPeriod(ctx, input);
      return auditedDownload(ctx, 'invoices', period, async () =>
        accountantCsv(await periodDocuments(ctx, period), period),
      );
    }),

  /** GET /api/invoices/export.zip: each issued document of the period, its PDF and its XML. */
  exportZip: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/invoices/export.zip',
        query: ['from', 'to'],
        download: true,
      },
    })
    .input(invoiceExportInput)
    .output(fileDownloadOutput)
    .query(async ({ ctx, input }) => {
      const period = await exportPeriod(ctx, input);
      return auditedDownload(
        ctx,
        'invoices',
        period,
        async () => accountantZip(ctx.db, await periodRows(ctx, period), period),
        'zip',
      );
    }),
};
