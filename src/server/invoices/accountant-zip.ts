/**
 * The accountant's ZIP (docs/invoices.md, "Handing the files to your accountant"): each issued
 * document of the period as `<number>.pdf` and `<number>.xml`, the same bytes as
 * GET /api/invoices/:id/pdf and /xml (files.ts). Made in memory: a period's documents are a few
 * dozen files; the PDFs are already compressed, so they are stored, the XML deflated.
 */
import type { ZippableFile } from 'fflate';
import type { Db } from '#db';
import { ciiXml } from './cii-xml';
import { documentFilename, storedDocument } from './files';
import type { InvoiceRow } from './invoice-json';
import { invoicePdf } from './invoice-pdf';
import type { ExportPeriod } from './accountant-period';

export async function accountantZip(
  db: Db,
  rows: readonly InvoiceRow[],
  period: ExportPeriod,
): Promise<Response> {
  // Loaded with the first ZIP, not at the start (docs/operations.md, "Start-up time").
  const { zipSync, strToU8 } = await import('fflate');
  const files: Record<string, ZippableFile> = {};
  for (const row of rows) {
    const document = await storedDocument(db, row);
    files[documentFilename(row, 'pdf')] = [
      new Uint8Array(await invoicePdf(document)),
      { level: 0 },
    ];
    files[documentFilename(row, 'xml')] = [strToU8(ciiXml(document)), { level: 6 }];
  }
  const filename = `invoices-${period.from}-to-${period.to}.zip`;
  return new Response(zipSync(files), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      // The documents name people: never kept by a shared cache or the browser's.
      'Cache-Control': 'no-store',
    },
  });
}
