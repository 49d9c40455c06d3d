/**
 * The invoice's pages (docs/invoices.md, "The document"): every field EU VAT Directive
 * art. 226 and the UK VAT Regulations reg. 14 ask for, in the order a person reads them: who
 * issues it (name, address, VAT ID), what it is (number, issue date, supply date or period),
 * to whom (name, address, VAT ID), each line (description, quantity, unit price, rate, net),
 * each rate's base and tax, the totals, the exemption or reverse-charge words, the deposits
 * deducted, what is due by when, and the bank details. Figures come from invoiceTotals, the
 * same computation the XML writes.
 */
import { dayName } from '#shared/calendar-days';
import { countryName, TAX_CATEGORY_LABELS, UNIT_LABELS } from '#shared/invoices/codes';
import { readableIban } from '#shared/invoices/identifiers';
import type { InvoiceBuyer, InvoiceSeller } from '#shared/invoices/schemas';
import type { InvoiceItem, InvoiceTotals } from '#shared/invoices/totals';
import { formatMoney } from '#shared/money';
import { keepWithNext, type Cell, type PageWriter } from '#server/pdf/page-writer';
import { quantityText, rateText } from './cii-xml';
import { documentTitle, type InvoiceDocument } from './document';
import { depositNotes, exemptionOf } from './document-words';

/** The items table's columns, from the right margin leftwards; the description takes the rest. */
const COLUMNS = { net: 80, rate: 52, unitPrice: 72, quantity: 66, gap: 8 };

/** "12.5 hours", "1 day". */
function quantityWords(item: InvoiceItem): string {
  const unit = UNIT_LABELS[item.unitCode];
  return `${quantityText(item.quantity)} ${item.quantity === 1 ? unit.one : unit.many}`;
}

/** The rate as the items table prints it: "19 %", or the category's code for 0 %. */
const rateWords = (item: Pick<InvoiceItem, 'category' | 'rate'>) =>
  item.category === 'S' ? `${rateText(item.rate)} %` : `${item.category} 0 %`;

function partyLines(party: InvoiceSeller | InvoiceBuyer): string[] {
  return [
    ...party.addressLines.filter(Boolean),
    [party.postcode, party.city].filter(Boolean).join(' '),
    countryName(party.country),
    ...(party.vatId ? [`VAT ID ${party.vatId}`] : []),
  ];
}

function writeHeader(writer: PageWriter, document: InvoiceDocument): void {
  const { seller } = document;
  writer.row([
    { text: seller.name, x: 0, width: writer.width - 170, font: 'bold', size: 13 },
    {
      text: documentTitle(document),
      x: writer.width - 160,
      width: 160,
      font: 'bold',
      size: 18,
      align: 'right',
    },
  ]);
  const contact = [
    ...partyLines(seller),
    ...(seller.companyNumber ? [`Company number ${seller.companyNumber}`] : []),
    ...(seller.email ? [seller.email] : []),
  ];
  writer.paragraph(contact.join('\n'), { size: 9, color: 'muted' });
  writer.space(16);
}

function writeParties(writer: PageWriter, document: InvoiceDocument): void {
  const half = writer.width / 2;
  const { buyer } = document;
  const details = [
    `Number: ${document.number}`,
    `Issue date: ${dayName(document.issueDate)}`,
    document.supplyPeriod
      ? `Supply period: ${dayName(document.supplyPeriod.from)} to ${dayName(document.supplyPeriod.to)}`
      : `Date of supply: ${dayName(document.supplyDate ?? document.issueDate)}`,
    `Due date: ${dayName(document.dueDate)}`,
    ...(document.credits
      ? [`Credits invoice ${document.credits.number} of ${dayName(document.credits.issueDate)}`]
      : []),
  ];
  const billed = [
    buyer.name,
    ...partyLines(buyer),
    ...(buyer.reference ? [`Reference: ${buyer.reference}`] : []),
  ];
  writer.row([
    { text: 'Billed to', x: 0, width: half - 10, font: 'bold' },
    { text: `${documentTitle(document)} details`, x: half, width: half, font: 'bold' },
  ]);
  writer.space(2);
  writer.row([
    { text: billed.join('\n'), x: 0, width: half - 10 },
    { text: details.join('\n'), x: half, width: half },
  ]);
  writer.space(18);
}

function writeItems(writer: PageWriter, document: InvoiceDocument, totals: InvoiceTotals): void {
  const money = (amount: number) => formatMoney(amount, document.currency);
  const netX = writer.width - COLUMNS.net;
  const rateX = netX - COLUMNS.gap - COLUMNS.rate;
  const unitX = rateX - COLUMNS.gap - COLUMNS.unitPrice;
  const quantityX = unitX - COLUMNS.gap - COLUMNS.quantity;
  const row = (
    texts: [string, string, string, string, string],
    font: 'regular' | 'bold',
  ): Cell[] => [
    { text: texts[0], x: 0, width: quantityX - COLUMNS.gap, font, size: 9 },
    { text: texts[1], x: quantityX, width: COLUMNS.quantity, align: 'right', font, size: 9 },
    { text: texts[2], x: unitX, width: COLUMNS.unitPrice, align: 'right', font, size: 9 },
    { text: texts[3], x: rateX, width: COLUMNS.rate, align: 'right', font, size: 9 },
    { text: texts[4], x: netX, width: COLUMNS.net, align: 'right', font, size: 9 },
  ];
  const header = row(['Description', 'Quantity', 'Unit price', 'VAT', 'Net'], 'bold');
  writer.row(header);
  writer.rule();
  document.items.forEach((item, i) => {
    const cells = row(
      [
        item.description,
        quantityWords(item),
        money(item.unitAmount),
        rateWords(item),
        money(totals.lines[i] ?? 0),
      ],
      'regular',
    );
    // A line that starts a page repeats the header above it.
    if (writer.room() < writer.rowHeight(cells) + 4) {
      writer.newPage();
      writer.row(header);
      writer.rule();
    }
    writer.row(cells);
    writer.space(3);
  });
  writer.rule();
}

/** The sums, right-aligned under the net column: net, VAT per rate, gross, deposits, due. */
function writeTotals(writer: PageWriter, document: InvoiceDocument, totals: InvoiceTotals): void {
  const money = (amount: number) => formatMoney(amount, document.currency);
  const amountX = writer.width - COLUMNS.net;
  const sum = (label: string, amount: string, font: 'regular' | 'bold' = 'regular') =>
    writer.row([
      { text: label, x: 0, width: amountX - COLUMNS.gap, align: 'right', font },
      { text: amount, x: amountX, width: COLUMNS.net, align: 'right', font },
    ]);
  keepWithNext(writer);
  sum('Net total', money(totals.net));
  for (const group of totals.groups) {
    const name =
      group.category === 'S'
        ? `VAT ${rateText(group.rate)} %`
        : `VAT ${TAX_CATEGORY_LABELS[group.category]}`;
    sum(`${name} on ${money(group.base)}`, money(group.tax));
  }
  sum('Total VAT', money(totals.tax));
  sum('Total', money(totals.gross), 'bold');
  if (totals.prepaid > 0) {
    sum(document.deposits.length > 0 ? 'Deposits deducted' : 'Paid', money(-totals.prepaid));
  }
  sum('Amount due', money(totals.due), 'bold');
}

/** Each rate's base and tax, with why a group bears no VAT, and the notes. */
function writeBreakdown(
  writer: PageWriter,
  document: InvoiceDocument,
  totals: InvoiceTotals,
): void {
  const money = (amount: number) => formatMoney(amount, document.currency);
  writer.space(14);
  keepWithNext(writer);
  writer.paragraph('VAT breakdown', { font: 'bold', size: 11 });
  writer.space(3);
  for (const group of totals.groups) {
    const exemption = exemptionOf(group.category, document.exemptionText);
    const rate = group.category === 'O' ? '' : ` ${rateText(group.rate)} %`;
    writer.paragraph(
      `${TAX_CATEGORY_LABELS[group.category]} (${group.category})${rate}: base ${money(group.base)}, VAT ${money(group.tax)}` +
        (exemption?.text ? `. ${exemption.text}` : ''),
      { size: 9 },
    );
  }
  const notes = [...depositNotes(document), ...(document.note ? [document.note] : [])];
  if (notes.length > 0) {
    writer.space(8);
    for (const note of notes) writer.paragraph(note, { size: 9 });
  }
}

function writePayment(writer: PageWriter, document: InvoiceDocument, totals: InvoiceTotals): void {
  const { seller } = document;
  writer.space(14);
  keepWithNext(writer);
  writer.paragraph('Payment', { font: 'bold', size: 11 });
  writer.space(3);
  const due = formatMoney(totals.due, document.currency);
  const lines =
    totals.due > 0 || document.kind === 'credit_note'
      ? [
          document.kind === 'credit_note'
            ? `Credited: ${due}, by ${dayName(document.dueDate)}.`
            : `Please pay ${due} by ${dayName(document.dueDate)}.`,
        ]
      : ['Paid in full: nothing is due.'];
  if (document.paymentTerms) lines.push(document.paymentTerms);
  if (seller.iban) {
    lines.push(
      `Bank transfer to ${seller.name}, IBAN ${readableIban(seller.iban)}` +
        (seller.bic ? `, BIC ${seller.bic}` : '') +
        `, reference ${document.number}.`,
    );
  }
  writer.paragraph(lines.join('\n'), { size: 9 });
}

/** Every page of the document, into `writer`; the footers are written by the caller. */
export function writeInvoicePages(
  writer: PageWriter,
  document: InvoiceDocument,
  totals: InvoiceTotals,
): void {
  writeHeader(writer, document);
  writeParties(writer, document);
  writeItems(writer, document, totals);
  writeTotals(writer, document, totals);
  writeBreakdown(writer, document, totals);
  writePayment(writer, document, totals);
}
