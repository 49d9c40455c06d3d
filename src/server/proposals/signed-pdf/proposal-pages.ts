/**
 * The proposal's pages of the PDF, as the client's page shows it (docs/proposals.md): title,
 * number and version, the summary, the items with their amounts, the total and the deposit,
 * the validity, then the terms, over as many pages as they take. The summary and the terms are
 * Markdown, written here as the plain text a plain-text mail gets (markdownToText): headings
 * in bold, lists with their markers, and a paragraph's single line breaks flowing as spaces,
 * as on the client's page.
 */
import { dayName } from '#shared/calendar-days';
import { formatMoney, lineAmount } from '#shared/proposals';
import { hasVat, vatFigures, vatLabel } from '#shared/proposal-vat';
import { markdownToText } from '#shared/newsletter-email-markdown';
import type { Proposal } from '#shared/shapes/proposals';
import { keepWithNext, type Cell, type PageWriter } from '#server/pdf/page-writer';

/** The items table's columns, from the left margin; the description takes what is left. */
const COLUMNS = { quantity: 60, unitPrice: 95, amount: 110, gap: 10 };

export function writeProposalPages(
  writer: PageWriter,
  input: { proposal: Proposal; companyName: string },
): void {
  const { proposal: p, companyName } = input;
  writer.paragraph(companyName, { size: 10, color: 'muted' });
  writer.space(8);
  writer.paragraph(p.title, { font: 'bold', size: 18 });
  writer.space(2);
  writer.paragraph(`Proposal ${p.number} · version ${p.version}`, { size: 11, color: 'muted' });
  if (p.validUntil) {
    writer.paragraph(`Valid until ${dayName(p.validUntil)}`, { size: 11, color: 'muted' });
  }
  writer.space(14);
  if (p.summary.trim()) {
    writeMarkdown(writer, p.summary);
    writer.space(14);
  }
  writeItems(writer, p);
  if (p.terms.trim()) {
    writer.space(18);
    keepWithNext(writer);
    writer.paragraph('Terms', { font: 'bold', size: 13 });
    writer.space(4);
    writeMarkdown(writer, p.terms);
  }
}

function writeItems(writer: PageWriter, p: Proposal): void {
  const right = writer.width;
  const amountX = right - COLUMNS.amount;
  const unitX = amountX - COLUMNS.gap - COLUMNS.unitPrice;
  const quantityX = unitX - COLUMNS.gap - COLUMNS.quantity;
  const descriptionWidth = quantityX - COLUMNS.gap;
  const row = (texts: [string, string, string, string], font: 'regular' | 'bold'): Cell[] => [
    { text: texts[0], x: 0, width: descriptionWidth, font },
    { text: texts[1], x: quantityX, width: COLUMNS.quantity, align: 'right', font },
    { text: texts[2], x: unitX, width: COLUMNS.unitPrice, align: 'right', font },
    { text: texts[3], x: amountX, width: COLUMNS.amount, align: 'right', font },
  ];
  const header = row(['Description', 'Quantity', 'Unit price', 'Amount'], 'bold');
  const writeHeader = () => {
    writer.row(header);
    writer.rule();
  };
  const money = (amount: number) => formatMoney(amount, p.currency);

  writeHeader();
  for (const item of p.items) {
    const description = item.category
      ? `${item.description} (${vatLabel(item)})`
      : item.description;
    const cells = row(
      [description, quantity(item.quantity), money(item.unitAmount), money(lineAmount(item))],
      'regular',
    );
    // A line that starts a page repeats the header above it.
    if (writer.room() < writer.rowHeight(cells) + 4) {
      writer.newPage();
      writeHeader();
    }
    writer.row(cells);
    writer.space(4);
  }
  writer.rule();
  const sum = (label: string, amount: number, font: 'regular' | 'bold'): Cell[] => [
    { text: label, x: 0, width: amountX - COLUMNS.gap, align: 'right', font },
    { text: money(amount), x: amountX, width: COLUMNS.amount, align: 'right', font },
  ];
  if (hasVat(p.items)) {
    const figures = vatFigures(p.items);
    writer.row(sum('Net', figures.net, 'regular'));
    for (const group of figures.groups) writer.row(sum(vatLabel(group), group.tax, 'regular'));
  }
  writer.row(sum('Total', p.total, 'bold'));
  if (p.deposit) {
    const label =
      p.deposit.kind === 'percent' ? `Deposit (${p.deposit.value}%)` : 'Deposit on acceptance';
    writer.row(sum(label, p.depositAmount, 'regular'));
  }
}

/**
 * Markdown as plain text (markdownToText), a line at a time: a heading's underline drawn as
 * the heading in bold, a horizontal rule as a rule.
 */
function writeMarkdown(writer: PageWriter, markdown: string): void {
  const lines = markdownToText(markdown, { flow: true }).split('\n');
  const isHeading = (i: number) => {
    const [line = '', next = ''] = [lines[i], lines[i + 1]];
    return line !== '' && isUnderline(next) && [...next].length === [...line].length;
  };
  lines.forEach((line, i) => {
    if (isHeading(i - 1)) return; // the underline, drawn as its heading's bold
    if (isHeading(i)) {
      writer.space(4);
      keepWithNext(writer);
      writer.paragraph(line, { font: 'bold', size: lines[i + 1]?.startsWith('=') ? 13 : 11 });
    } else if (isUnderline(line)) writer.rule();
    else writer.paragraph(line, { size: 10 });
  });
}

const isUnderline = (line: string) => /^(=+|-+)$/.test(line);

/** "2.5", "1", "0.25": at most the two decimals a quantity has. */
function quantity(value: number): string {
  return new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value);
}
