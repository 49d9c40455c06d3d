/**
 * The invoice as EN 16931 XML in the CII D16B syntax (docs/invoices.md, "The XML"): the
 * `factur-x.xml` inside the PDF and the file the client's accounting software reads. Written
 * as text in the order the D16B schema asks, every text escaped (platform/xml-text.ts), amounts with
 * the currency's decimals, nothing of the moment of writing: the same document gives the same
 * bytes. tests/support/einvoice/ holds the standard's schema and business rules, which every
 * kind of document made here passes (cii-xml.test.ts).
 */
import { minorDigits } from '#shared/money';
import { invoiceTotals, rateHundredths, thousandths, type TaxGroup } from '#shared/invoices/totals';
import type { InvoiceItem } from '#shared/invoices/totals';
import type { InvoiceBuyer, InvoiceSeller } from '#shared/invoices/schemas';
import { typeCode, type InvoiceDocument } from './document';
import { depositNotes, exemptionOf } from './document-words';
import { leaf, node } from '#server/platform/xml-text';

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** The EN 16931 core, as the guideline BT-24 names it. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** Minor units as a decimal in the currency's digits: 950000 EUR → "9500.00". */
export function decimalAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = Math.abs(minor);
  if (digits === 0) return `${sign}${whole}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(whole / unit)}.${String(whole % unit).padStart(digits, '0')}`;
}

/** An integer of `scale` parts as a decimal without trailing zeros: 12500 / 1000 → "12.5". */
function scaledDecimal(value: bigint, scale: bigint, digits: number): string {
  const sign = value < 0n ? '-' : '';
  const whole = value < 0n ? -value : value;
  const fraction = String(whole % scale)
    .padStart(digits, '0')
    .replace(/0+$/, '');
  return `${sign}${whole / scale}${fraction ? `.${fraction}` : ''}`;
}

export const quantityText = (quantity: number) => scaledDecimal(thousandths(quantity), 1000n, 3);
export const rateText = (rate: number) => scaledDecimal(rateHundredths(rate), 100n, 2);

/** YYYY-MM-DD as CII's date format 102, YYYYMMDD. */
const date102 = (day: string) => day.replaceAll('-', '');
const dateTime = (name: string, day: string, type: 'udt' | 'qdt' = 'udt') =>
  node(name, [leaf(`${type}:DateTimeString`, date102(day), { format: '102' })]);

function lineXml(item: InvoiceItem, index: number, net: number, currency: string): string {
  // A discount is a negative quantity at a positive price: EN 16931 has no negative price (BR-27).
  const quantity = item.unitAmount < 0 ? -item.quantity : item.quantity;
  return node('ram:IncludedSupplyChainTradeLineItem', [
    node('ram:AssociatedDocumentLineDocument', [leaf('ram:LineID', String(index + 1))]),
    node('ram:SpecifiedTradeProduct', [leaf('ram:Name', item.description)]),
    node('ram:SpecifiedLineTradeAgreement', [
      node('ram:NetPriceProductTradePrice', [
        leaf('ram:ChargeAmount', decimalAmount(Math.abs(item.unitAmount), currency)),
      ]),
    ]),
    node('ram:SpecifiedLineTradeDelivery', [
      leaf('ram:BilledQuantity', quantityText(quantity), { unitCode: item.unitCode }),
    ]),
    node('ram:SpecifiedLineTradeSettlement', [
      node('ram:ApplicableTradeTax', [
        leaf('ram:TypeCode', 'VAT'),
        leaf('ram:CategoryCode', item.category),
        // Not subject to VAT has no rate at all (BR-O-05).
        item.category === 'O' ? '' : leaf('ram:RateApplicablePercent', rateText(item.rate)),
      ]),
      node('ram:SpecifiedTradeSettlementLineMonetarySummation', [
        leaf('ram:LineTotalAmount', decimalAmount(net, currency)),
      ]),
    ]),
  ]);
}

function partyXml(
  name: string,
  party: InvoiceSeller | InvoiceBuyer,
  extra: { companyNumber?: string | null; email?: string | null; writeVatId: boolean },
): string {
  const [lineOne, lineTwo, lineThree] = party.addressLines.filter(Boolean);
  return node(name, [
    leaf('ram:Name', party.name),
    node('ram:SpecifiedLegalOrganization', [leaf('ram:ID', extra.companyNumber)]),
    node('ram:DefinedTradeContact', [
      node('ram:EmailURIUniversalCommunication', [leaf('ram:URIID', extra.email)]),
    ]),
    node('ram:PostalTradeAddress', [
      leaf('ram:PostcodeCode', party.postcode),
      leaf('ram:LineOne', lineOne),
      leaf('ram:LineTwo', lineTwo),
      leaf('ram:LineThree', lineThree),
      leaf('ram:CityName', party.city),
      leaf('ram:CountryID', party.country),
    ]),
    extra.writeVatId
      ? node('ram:SpecifiedTaxRegistration', [leaf('ram:ID', party.vatId, { schemeID: 'VA' })])
      : '',
  ]);
}

function taxGroupXml(group: TaxGroup, document: InvoiceDocument): string {
  const exemption = exemptionOf(group.category, document.exemptionText);
  return node('ram:ApplicableTradeTax', [
    leaf('ram:CalculatedAmount', decimalAmount(group.tax, document.currency)),
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:ExemptionReason', exemption?.text),
    leaf('ram:BasisAmount', decimalAmount(group.base, document.currency)),
    leaf('ram:CategoryCode', group.category),
    leaf('ram:ExemptionReasonCode', exemption?.code),
    group.category === 'O' ? '' : leaf('ram:RateApplicablePercent', rateText(group.rate)),
  ]);
}

function paymentMeansXml(document: InvoiceDocument): string {
  const { iban, bic } = document.seller;
  if (!iban) return '';
  return node('ram:SpecifiedTradeSettlementPaymentMeans', [
    // 58: SEPA credit transfer, for euros; 30: any other credit transfer.
    leaf('ram:TypeCode', document.currency === 'EUR' ? '58' : '30'),
    node('ram:PayeePartyCreditorFinancialAccount', [leaf('ram:IBANID', iban)]),
    node('ram:PayeeSpecifiedCreditorFinancialInstitution', [leaf('ram:BICID', bic)]),
  ]);
}

/** BG-3: the invoice a credit note corrects, or the one deposit invoice a final one deducts. */
function referencedInvoice(document: InvoiceDocument) {
  if (document.credits) return document.credits;
  return document.deposits.length === 1 ? document.deposits[0] : undefined;
}

function settlementXml(document: InvoiceDocument): string {
  const { currency } = document;
  const totals = invoiceTotals(document.items, document.prepaid);
  const money = (minor: number) => decimalAmount(minor, currency);
  const reference = referencedInvoice(document);
  return node('ram:ApplicableHeaderTradeSettlement', [
    leaf('ram:PaymentReference', document.number),
    leaf('ram:InvoiceCurrencyCode', currency),
    paymentMeansXml(document),
    ...totals.groups.map((group) => taxGroupXml(group, document)),
    document.supplyPeriod
      ? node('ram:BillingSpecifiedPeriod', [
          dateTime('ram:StartDateTime', document.supplyPeriod.from),
          dateTime('ram:EndDateTime', document.supplyPeriod.to),
        ])
      : '',
    node('ram:SpecifiedTradePaymentTerms', [
      leaf('ram:Description', document.paymentTerms),
      dateTime('ram:DueDateDateTime', document.dueDate),
    ]),
    node('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      leaf('ram:LineTotalAmount', money(totals.net)),
      leaf('ram:TaxBasisTotalAmount', money(totals.net)),
      leaf('ram:TaxTotalAmount', money(totals.tax), { currencyID: currency }),
      leaf('ram:GrandTotalAmount', money(totals.gross)),
      totals.prepaid > 0 ? leaf('ram:TotalPrepaidAmount', money(totals.prepaid)) : '',
      leaf('ram:DuePayableAmount', money(totals.due)),
    ]),
    reference
      ? node('ram:InvoiceReferencedDocument', [
          leaf('ram:IssuerAssignedID', reference.number),
          dateTime('ram:FormattedIssueDateTime', reference.issueDate, 'qdt'),
        ])
      : '',
  ]);
}

/** The document's EN 16931 XML (CII D16B), as UTF-8 text. */
export function ciiXml(document: InvoiceDocument): string {
  const totals = invoiceTotals(document.items, document.prepaid);
  // Outside VAT, no VAT ID may be written (BR-O-02); the rules keep O alone on its invoice.
  const writeVatIds = !document.items.some((item) => item.category === 'O');
  const notes = [document.note, ...depositNotes(document)].filter(Boolean);
  const delivery = document.supplyDate
    ? node('ram:ApplicableHeaderTradeDelivery', [
        node('ram:ActualDeliverySupplyChainEvent', [
          dateTime('ram:OccurrenceDateTime', document.supplyDate),
        ]),
      ])
    : '<ram:ApplicableHeaderTradeDelivery/>';
  const root = node(
    'rsm:CrossIndustryInvoice',
    [
      node('rsm:ExchangedDocumentContext', [
        node('ram:GuidelineSpecifiedDocumentContextParameter', [leaf('ram:ID', EN16931_GUIDELINE)]),
      ]),
      node('rsm:ExchangedDocument', [
        leaf('ram:ID', document.number),
        leaf('ram:TypeCode', typeCode(document)),
        dateTime('ram:IssueDateTime', document.issueDate),
        ...notes.map((note) => node('ram:IncludedNote', [leaf('ram:Content', note)])),
      ]),
      node('rsm:SupplyChainTradeTransaction', [
        ...document.items.map((item, i) =>
          lineXml(item, i, totals.lines[i] ?? 0, document.currency),
        ),
        node('ram:ApplicableHeaderTradeAgreement', [
          leaf('ram:BuyerReference', document.buyer.reference),
          partyXml('ram:SellerTradeParty', document.seller, {
            companyNumber: document.seller.companyNumber,
            email: document.seller.email,
            writeVatId: writeVatIds,
          }),
          partyXml('ram:BuyerTradeParty', document.buyer, { writeVatId: writeVatIds }),
        ]),
        delivery,
        settlementXml(document),
      ]),
    ],
    NAMESPACES,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}
