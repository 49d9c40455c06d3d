import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfAttachments, pdfFonts, pdfLayoutText } from '#tests/support/pdf-parts';
import { pdfText } from '#tests/support/pdf-text';
import {
  invoiceContent,
  invoiceDocument,
  item,
  sampleDocuments,
  TYPED_NAME,
} from '#tests/support/invoices';
import { formatMoney } from '#shared/money';
import { ciiXml, decimalAmount } from './cii-xml';
import type { InvoiceDocument } from './document';
import { FACTUR_X_FILE, invoiceFiles, invoicePdf, type InvoiceFiles } from './invoice-pdf';

afterEach(() => {
  vi.useRealTimers();
});

/** The PDF's text with its runs of spaces and line breaks as one space: what a reader sees. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const documents = sampleDocuments();
/** Each sample's files, its text as read and its rows as laid out (a table's row on one line). */
const made: Record<string, InvoiceFiles & { text: string; rows: string }> = {};
beforeAll(async () => {
  for (const [name, document] of Object.entries(documents)) {
    const files = await invoiceFiles(document);
    const [text, rows] = await Promise.all([pdfText(files.pdf), pdfLayoutText(files.pdf)]);
    made[name] = { ...files, text: text.join('\n'), rows: flat(rows) };
  }
}, 60_000);

describe('the invoice PDF', () => {
  it('shows every field art. 226 and reg. 14 ask for', () => {
    const { text, rows } = made.final!;
    for (const shown of [
      // Who issues it, what it is, to whom.
      'Harbor Lane AI GmbH',
      'Hafenstraße 12',
      '10115 Berlin',
      'VAT ID DE136695976',
      'Invoice',
      'Number: INV-2026-0002',
      'Issue date: 27 November 2026',
      'Supply period: 1 November 2026 to 26 November 2026',
      'Müller & Söhne KG',
      'Königsallee 1',
      '40212 Düsseldorf',
      'VAT ID DE811569869',
      'Due date: 11 December 2026',
      'Deposit invoice INV-2026-0001 of 2026-11-03 deducted: €3,570.00, of which VAT €570.00.',
      'Standard rate (S) 19 %: base €4,037.50, VAT €767.13',
      'Please pay €1,234.63 by 11 December 2026.',
      'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, reference INV-2026-0002.',
      'Invoice INV-2026-0002 · Page 1 of 1 · Harbor Lane AI GmbH',
    ]) {
      expect(flat(text)).toContain(shown);
    }
    for (const row of [
      // Each line: description, quantity, unit price, rate, net.
      'Discovery workshop 2 days €1,800.00 19 % €3,600.00',
      'Evaluation & report <draft> 6.25 hours €150.00 19 % €937.50',
      'Returning-client discount 1 unit -€500.00 19 % -€500.00',
      // Each rate's base and tax, the totals, the deposit deducted, what is due.
      'VAT 19 % on €4,037.50 €767.13',
      'Total VAT €767.13',
      'Total €4,804.63',
      'Deposits deducted -€3,570.00',
      'Amount due €1,234.63',
    ]) {
      expect(rows).toContain(row);
    }
    expect(text).not.toContain('\uFFFD');
  });

  it('prints the reverse-charge and exemption words, the credited invoice and a deposit paid', () => {
    expect(flat(made.reverse!.text)).toContain(
      'Reverse charge (AE) 0 %: base €9,500.00, VAT €0.00. Reverse charge',
    );
    expect(flat(made.reverse!.text)).toContain('VAT ID PL5260250274');
    expect(flat(made.exempt!.text)).toContain(
      'Exempt from VAT (E) 0 %: base €9,500.00, VAT €0.00. Exempt: vocational training, Art. 132 (1)(i) Directive 2006/112/EC',
    );
    expect(flat(made.exempt!.text)).toContain('Zero rated (Z) 0 %: base €49.00, VAT €0.00');
    expect(flat(made.outside!.text)).toContain(
      'Not subject to VAT (O): base €9,500.00, VAT €0.00. Outside the scope of EU VAT',
    );
    expect(flat(made.credit!.text)).toContain('Credit note');
    expect(flat(made.credit!.text)).toContain('Credits invoice INV-2026-0002 of 27 November 2026');
    expect(flat(made.credit!.text)).toContain('Credited: the evaluation report was not delivered.');
    expect(flat(made.deposit!.text)).toContain('Deposit invoice');
    expect(made.deposit!.rows).toContain('Paid -€3,570.00 Amount due €0.00');
    expect(flat(made.deposit!.text)).toContain('Paid in full: nothing is due.');
  });

  it('prints "Zoë Łódź-Ørsted" as typed, with every font embedded', async () => {
    const { text, pdf } = made.reverse!;
    expect(text).toContain(TYPED_NAME);
    expect(text).toContain('90-926 Łódź');
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((font) => font.name).sort()).toEqual([
      'DJVSBD+DejaVuSans-Bold',
      'DJVSRG+DejaVuSans',
    ]);
    expect(fonts.every((font) => font.embedded)).toBe(true);
  });

  it('writes a character the fonts lack as the replacement sign, never a missing glyph', async () => {
    const document = invoiceDocument(
      {},
      invoiceContent({ items: [item({ description: 'Workshop 报价 in Ελληνικά 🙂' })] }),
    );
    const text = flat((await pdfText(await invoicePdf(document))).join('\n'));
    expect(text).toContain('Workshop \uFFFD\uFFFD in Ελληνικά \uFFFD');
    // The XML keeps the text whole.
    expect(ciiXml(document)).toContain('Workshop 报价 in Ελληνικά 🙂');
  });

  it('carries the same figures as the XML and the computed totals', () => {
    for (const [name, document] of Object.entries(documents)) {
      const { totals, xml, text, rows } = made[name]!;
      const money = (minor: number) => formatMoney(minor, document.currency);
      const decimal = (minor: number) => decimalAmount(minor, document.currency);
      const xmlValue = (tag: string) => new RegExp(`<${tag}[^>]*>([^<]*)<`).exec(xml)?.[1];
      expect({ name, gross: xmlValue('ram:GrandTotalAmount') }).toEqual({
        name,
        gross: decimal(totals.gross),
      });
      expect(xmlValue('ram:TaxBasisTotalAmount')).toBe(decimal(totals.net));
      expect(xmlValue('ram:TaxTotalAmount')).toBe(decimal(totals.tax));
      expect(xmlValue('ram:DuePayableAmount')).toBe(decimal(totals.due));
      const bases = [...xml.matchAll(/<ram:BasisAmount>([^<]*)</g)].map((m) => m[1]);
      expect(bases).toEqual(totals.groups.map((group) => decimal(group.base)));
      expect(rows).toContain(`Net total ${money(totals.net)}`);
      expect(rows).toContain(`Total VAT ${money(totals.tax)}`);
      expect(rows).toContain(`Total ${money(totals.gross)}`);
      expect(rows).toContain(`Amount due ${money(totals.due)}`);
      for (const group of totals.groups) {
        expect(flat(text)).toContain(`base ${money(group.base)}, VAT ${money(group.tax)}`);
      }
      // Each line's net, at the end of its row.
      totals.lines.forEach((net) => expect(rows).toMatch(` ${money(net)} `));
    }
  });

  it('carries factur-x.xml inside, byte for byte the XML', async () => {
    const attached = await pdfAttachments(made.final!.pdf);
    expect(Object.keys(attached)).toEqual([FACTUR_X_FILE]);
    expect(attached[FACTUR_X_FILE]?.equals(Buffer.from(made.final!.xml, 'utf8'))).toBe(true);
  });

  it('is the same bytes when made again from the same record, whatever the clock says', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-06-01T10:00:00Z') });
    const again = await invoicePdf(sampleDocuments().final as InvoiceDocument);
    vi.useRealTimers();
    expect(Buffer.from(again).equals(Buffer.from(made.final!.pdf))).toBe(true);
    // Another record, another file identifier.
    expect(Buffer.from(made.standard!.pdf).equals(Buffer.from(made.final!.pdf))).toBe(false);
  });

  it('runs 100 items over pages, the table header and the page count on each', async () => {
    const items = Array.from({ length: 100 }, (_, i) =>
      item({
        description: `Sprint ${i + 1}: retrieval, evaluation and the weekly report`,
        quantity: 1,
      }),
    );
    const pages = await pdfText(await invoicePdf(invoiceDocument({}, invoiceContent({ items }))));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0 && page.includes('Sprint')) expect(page).toMatch(/Description\s+Quantity/);
    });
    expect(pages.join('\n')).toContain('Sprint 100: retrieval');
  });
});
