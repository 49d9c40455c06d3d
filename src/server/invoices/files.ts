/**
 * An issued document's files (docs/invoices.md, "The document"): made again on each request
 * from the stored record (`invoicePdf`, `ciiXml`), so the PDF and the XML are the same bytes every
 * time, made from the document whose hash was recorded at issue. A draft has none yet (409).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoices } from '#db/schema';
import type { DocumentReference, InvoiceDocument } from './document';
import type { InvoiceRow } from './invoice-json';
import { ciiXml } from './cii-xml';
import { invoicePdf } from './invoice-pdf';
import { documentOf } from './issued-document';
import { conflict } from './refusals';

export const NO_FILES_YET = 'A draft has no PDF or XML yet: issue it first';

/** The document of an issued record, with the invoice a credit note corrects. */
export async function storedDocument(db: Db, row: InvoiceRow): Promise<InvoiceDocument> {
  if (row.status !== 'issued' || !row.number) throw conflict(NO_FILES_YET);
  let credits: DocumentReference | null = null;
  if (row.creditsInvoiceId !== null) {
    const original = await db
      .select({ number: invoices.number, issueDate: invoices.issueDate })
      .from(invoices)
      .where(eq(invoices.id, row.creditsInvoiceId))
      .get();
    credits = { number: original?.number ?? '', issueDate: original?.issueDate ?? '' };
  }
  return documentOf(row, credits);
}

/** `INV-2026-0001.pdf`: the number names the file. */
export const documentFilename = (row: InvoiceRow, extension: 'pdf' | 'xml') =>
  `${row.number ?? `draft-${row.id}`}.${extension}`;

/** The PDF (with its XML inside) or the XML alone, inline and never cached: it names a person. */
export async function documentResponse(
  db: Db,
  row: InvoiceRow,
  extension: 'pdf' | 'xml',
): Promise<Response> {
  const document = await storedDocument(db, row);
  // The XML alone needs no PDF made; the PDF carries the same XML (invoice-pdf.ts).
  const body = extension === 'pdf' ? new Uint8Array(await invoicePdf(document)) : ciiXml(document);
  return new Response(body, {
    headers: {
      'Content-Type': extension === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8',
      'Content-Disposition': `inline; filename="${documentFilename(row, extension)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
