import { describe, expect, it } from 'vitest';
import { checkCii } from '#tests/support/einvoice';
import {
  invoiceContent,
  invoiceDocument,
  item,
  sampleDocuments,
  seller,
} from '#tests/support/invoices';
import { ciiXml, decimalAmount, quantityText, rateText } from './cii-xml';

/** The texts of every `<tag>` in `xml`, in order. */
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

describe('the standard’s own check', () => {
  it('passes every kind of document (standard, reverse charge, deposit, final, credit note, exempt, outside VAT) and fails a broken one, by rule id', async () => {
    const documents = Object.fromEntries(
      Object.entries(sampleDocuments()).map(([name, document]) => [name, ciiXml(document)]),
    );
    const standard = documents.standard ?? '';
    // Broken on purpose, to show the check can fail: a tax total that is not the groups' sum,
    // and an element the schema does not know.
    documents.wrongTax = standard.replace(/(<ram:TaxTotalAmount currencyID="EUR">)[^<]*/, '$11.00');
    documents.unknownElement = standard.replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:Colour>red</ram:Colour>',
    );
    // One xmllint and one Java start for all nine.
    const verdicts = await checkCii(documents);
    const { wrongTax, unknownElement, ...issued } = verdicts;
    expect(Object.keys(issued)).toEqual([
      'standard',
      'reverse',
      'deposit',
      'final',
      'credit',
      'exempt',
      'outside',
    ]);
    for (const [name, verdict] of Object.entries(issued)) {
      expect({ name, ...verdict }).toEqual({ name, schemaErrors: [], failedRules: [] });
    }
    expect(wrongTax?.schemaErrors).toEqual([]);
    expect(wrongTax?.failedRules.map((rule) => rule.id)).toContain('BR-CO-14');
    expect(wrongTax?.failedRules.find((rule) => rule.id === 'BR-CO-14')?.text).toMatch(
      /Invoice total VAT amount \(BT-110\)/,
    );
    expect(unknownElement?.schemaErrors.join('\n')).toMatch(/Colour.*not expected/);
  }, 180_000);
});

describe('ciiXml', () => {
  const { deposit, final, credit, reverse, outside } = sampleDocuments();

  it('writes the totals the rules compute: per group, then net, tax, gross, prepaid and due', () => {
    const xml = ciiXml(final!);
    // 3,600.00 + 937.50 − 500.00 = 4,037.50 at 19 %: 767.125 → 767.13 once for the group.
    expect(texts(xml, 'ram:BasisAmount')).toEqual(['4037.50']);
    expect(texts(xml, 'ram:CalculatedAmount')).toEqual(['767.13']);
    expect(texts(xml, 'ram:GrandTotalAmount')).toEqual(['4804.63']);
    expect(texts(xml, 'ram:TotalPrepaidAmount')).toEqual(['3570.00']);
    expect(texts(xml, 'ram:DuePayableAmount')).toEqual(['1234.63']);
    // The deposit deducted is named (BG-3) and described.
    expect(texts(xml, 'ram:IssuerAssignedID')).toEqual(['INV-2026-0001']);
    expect(texts(xml, 'ram:Content')[0]).toBe(
      'Deposit invoice INV-2026-0001 of 2026-11-03 deducted: €3,570.00, of which VAT €570.00.',
    );
  });

  it('writes a discount as a negative quantity at a positive price (EN 16931 has no negative price)', () => {
    const xml = ciiXml(final!);
    expect(texts(xml, 'ram:ChargeAmount')[2]).toBe('500.00');
    expect(texts(xml, 'ram:BilledQuantity')[2]).toBe('-1');
    expect(texts(xml, 'ram:LineTotalAmount')[2]).toBe('-500.00');
  });

  it('types a deposit invoice 386 and a credit note 381 naming the invoice and its date', () => {
    expect(texts(ciiXml(deposit!), 'ram:TypeCode')[0]).toBe('386');
    const xml = ciiXml(credit!);
    expect(texts(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(xml.replace(/\n */g, '')).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>INV-2026-0002</ram:IssuerAssignedID>' +
        '<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261127</qdt:DateTimeString>',
    );
  });

  it('says "Reverse charge" with its code and both VAT IDs; outside VAT, no VAT ID and no rate', () => {
    const xml = ciiXml(reverse!);
    expect(texts(xml, 'ram:ExemptionReason')).toEqual(['Reverse charge']);
    expect(texts(xml, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-AE']);
    expect(texts(xml, 'ram:ID').filter((id) => /^(DE|PL)\d/.test(id ?? ''))).toEqual([
      'DE136695976',
      'PL5260250274',
    ]);
    const notSubject = ciiXml(outside!);
    expect(notSubject).not.toContain('schemeID="VA"');
    expect(notSubject).not.toContain('RateApplicablePercent');
    expect(texts(notSubject, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-O']);
  });

  it('prints names as typed and escapes every text', () => {
    const xml = ciiXml(
      invoiceDocument(
        { number: 'INV-<1>&"2"' },
        invoiceContent({
          seller: { ...seller, name: 'Zoë Łódź-Ørsted & "Partners" <AI>' },
          items: [item({ description: "Prompt 'design' & <review>" })],
          paymentTerms: 'Line one\nLine two\u0001\u0085',
        }),
      ),
    );
    expect(xml).toContain('<ram:ID>INV-&lt;1&gt;&amp;&quot;2&quot;</ram:ID>');
    expect(xml).toContain(
      '<ram:Name>Zoë Łódź-Ørsted &amp; &quot;Partners&quot; &lt;AI&gt;</ram:Name>',
    );
    expect(xml).toContain('<ram:Name>Prompt &apos;design&apos; &amp; &lt;review&gt;</ram:Name>');
    expect(xml).toContain('<ram:Description>Line one&#10;Line two\u0085</ram:Description>');
  });

  it('gives the same bytes for the same document', () => {
    expect(ciiXml(sampleDocuments().final!)).toBe(ciiXml(final!));
  });
});

describe('figures in the XML', () => {
  it('writes amounts in the currency’s decimals, quantities and rates without trailing zeros', () => {
    expect(decimalAmount(950_000, 'EUR')).toBe('9500.00');
    expect(decimalAmount(-5, 'EUR')).toBe('-0.05');
    expect(decimalAmount(950_000, 'JPY')).toBe('950000');
    expect(quantityText(12.5)).toBe('12.5');
    expect(quantityText(0.333)).toBe('0.333');
    expect(quantityText(-2)).toBe('-2');
    expect(rateText(19)).toBe('19');
    expect(rateText(7.7)).toBe('7.7');
    expect(rateText(2.55)).toBe('2.55');
  });
});
