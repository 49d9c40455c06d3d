/**
 * The invoice as a PDF/A-3 (level B) with its EN 16931 XML inside as `factur-x.xml`
 * (docs/invoices.md, "The document"): the pages a person reads (invoice-pages.ts), drawn with
 * the embedded Unicode fonts, and the XML the client's software reads (cii-xml.ts), attached as
 * the Factur-X specification asks (relationship Alternative, profile EN 16931 in the XMP).
 *
 * Made again from the same record, it is the same bytes: its dates are the issue date's, its
 * file identifier comes from its number and its XML, its font subsets have fixed names, and
 * nothing reads the clock (invoice-pdf.test.ts makes it twice, a year apart on the clock).
 */
import { invoiceTotals, type InvoiceTotals } from '#shared/invoices/totals';
import { makePdfA3 } from '#server/pdf/pdf-a';
import { createPageWriter, TONES } from '#server/pdf/page-writer';
import { embedUnicodeFonts, unicodeText } from '#server/pdf/unicode-fonts';
import { ciiXml } from './cii-xml';
import { documentTitle, type InvoiceDocument } from './document';
import { writeInvoicePages } from './invoice-pages';

/** The attached XML's name, as Factur-X fixes it. */
export const FACTUR_X_FILE = 'factur-x.xml';

/** What issuing writes: the figures, the XML and the PDF that carries it. */
export interface InvoiceFiles {
  totals: InvoiceTotals;
  xml: string;
  pdf: Uint8Array;
}

/** The document's totals, XML and PDF: each made from the document alone. */
export async function invoiceFiles(document: InvoiceDocument): Promise<InvoiceFiles> {
  const totals = invoiceTotals(document.items, document.prepaid);
  const xml = ciiXml(document);
  return { totals, xml, pdf: await invoicePdf(document, xml, totals) };
}

/** The PDF's bytes; `xml` is the document's own (ciiXml), attached inside. */
export async function invoicePdf(
  document: InvoiceDocument,
  xml: string = ciiXml(document),
  totals: InvoiceTotals = invoiceTotals(document.items, document.prepaid),
): Promise<Uint8Array> {
  // Loaded at the first PDF, not at start (docs/operations.md, "Start-up time").
  const { AFRelationship, PDFDocument, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `${documentTitle(document)} ${document.number}`;
  doc.setLanguage('en');
  const fonts = await embedUnicodeFonts(doc);
  const writer = createPageWriter(
    doc,
    { ...fonts, mono: fonts.regular },
    { ink: rgb(...TONES.ink), muted: rgb(...TONES.muted) },
    unicodeText(fonts),
  );
  writeInvoicePages(writer, document, totals);
  writer.finish((page, pages) => `${title} · Page ${page} of ${pages} · ${document.seller.name}`);
  const xmlBytes = new TextEncoder().encode(xml);
  await makePdfA3(doc, {
    title,
    author: document.seller.name,
    subject: `${title} to ${document.buyer.name}`,
    producer: 'pdf-lib',
    creatorTool: document.seller.name,
    // The issue date, never the moment of making: the same record gives the same file.
    date: new Date(`${document.issueDate}T00:00:00Z`),
    facturX: { fileName: FACTUR_X_FILE, documentType: 'INVOICE', conformanceLevel: 'EN 16931' },
    identity: `${document.number}\n${xml}`,
    attachments: [
      {
        name: FACTUR_X_FILE,
        bytes: xmlBytes,
        mimeType: 'text/xml',
        description: 'The invoice as EN 16931 XML (Factur-X, CII)',
        relationship: AFRelationship.Alternative,
      },
    ],
  });
  return doc.save();
}
