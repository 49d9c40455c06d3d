/**
 * The card of the client's invoice page (docs/invoices.md, "The client's page"), as HTML the
 * server writes into its page shell: who issued it to whom, the lines and the VAT, what was
 * paid, credited and is still owed, the files, and how to pay. Pure (no Node, no DOM) and
 * complete without JavaScript: "Pay by card" is a plain form. Every text is escaped.
 */
import { calendarDayText } from '../calendar-days';
import { escapeHtml as e } from '../escape-html';
import { TAX_CATEGORY_LABELS, UNIT_LABELS } from '../invoices/codes';
import { formatMoney } from '../money';
import { vatLabel } from '../proposal-vat';
import type { ClientInvoice } from '../shapes/invoice-page';
import { buttonClass } from '../ui-styles';
import { goodBox, link, quietBox, sectionHeading } from '../proposal-page/page-view';

export const INVOICE_PAGE_TEXTS = {
  title: (invoice: Pick<ClientInvoice, 'kind' | 'role' | 'number'>) =>
    `${invoice.kind === 'credit_note' ? 'Credit note' : invoice.role === 'deposit' ? 'Deposit invoice' : 'Invoice'} ${invoice.number}`,
  notFoundHeading: 'Invoice not found',
  unavailableHeading: 'The invoice could not be shown',
  home: 'Go to the home page',
  from: 'From',
  to: 'To',
  issued: 'Issued',
  due: 'Due',
  supplied: 'Supplied',
  lines: 'Lines',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  vat: 'VAT',
  amount: 'Amount',
  net: 'Net',
  total: 'Total',
  prepaid: 'Paid before (deposit invoices)',
  credited: 'Credited',
  paid: 'Paid',
  stillOwed: 'Still to pay',
  files: 'Files',
  pdf: 'Download the PDF',
  xml: 'Download the XML (EN 16931, for accounting software)',
  pay: 'Paying',
  payByCard: 'Pay by card',
  payByCardNote: (money: string) => `Pay ${money} by card on Stripe's secure page.`,
  bank: 'By bank transfer',
  paidInFull: 'Paid in full. Thank you.',
  creditNotes: 'Credit notes',
  creditsInvoice: (number: string, day: string) => `Corrects invoice ${number} of ${day}.`,
  statuses: {
    unpaid: 'Unpaid',
    part_paid: 'Part paid',
    paid: 'Paid',
    overdue: 'Overdue',
    credited: 'Credited',
  },
} as const;
const T = INVOICE_PAGE_TEXTS;

export interface InvoicePageView {
  invoice: ClientInvoice;
  /** The page's own address (`/i/<token>`): the files and the form go below it. */
  action: string;
  /** A refusal said above the payment (a 409, 429 or 503), else absent. */
  problem?: string;
}

const quantityText = (quantity: number) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(quantity);

function party(label: string, p: ClientInvoice['seller'] | ClientInvoice['buyer']): string {
  const lines = [
    p.name,
    ...p.addressLines,
    [p.postcode, p.city].filter(Boolean).join(' '),
    p.country,
  ]
    .filter(Boolean)
    .map((line) => e(line))
    .join('<br>');
  const vat = p.vatId ? `<br>VAT ID ${e(p.vatId)}` : '';
  return `<div><h2 class="text-sm font-medium text-muted">${label}</h2><p class="mt-1 text-ink">${lines}${vat}</p></div>`;
}

function linesTable(invoice: ClientInvoice): string {
  const money = (amount: number) => e(formatMoney(amount, invoice.currency));
  const rows = invoice.items
    .map((item) => {
      const unit = UNIT_LABELS[item.unitCode];
      const quantity = `${quantityText(item.quantity)} ${item.quantity === 1 ? unit.one : unit.many}`;
      return `<tr class="border-b border-line align-top">
<td class="w-full py-3 pr-3 text-ink wrap-anywhere">${e(item.description)}<span class="mt-1 block text-sm text-muted">${e(quantity)} × ${money(item.unitAmount)} · ${e(vatLabel(item))}</span></td>
<td class="py-3 text-right font-medium whitespace-nowrap text-ink tabular-nums">${money(item.net)}</td>
</tr>`;
    })
    .join('\n');
  const row = (label: string, amount: number, strong = false) =>
    `<tr><th scope="row" class="pt-2 pr-3 text-left font-medium ${strong ? 'text-lg font-bold text-ink' : 'text-muted'}">${label}</th><td class="pt-2 text-right whitespace-nowrap tabular-nums ${strong ? 'text-lg font-bold text-ink' : 'font-medium text-ink'}">${money(amount)}</td></tr>`;
  const { totals, balance } = invoice;
  const groups = totals.groups.map((group) =>
    row(`${e(vatLabel(group))} on ${money(group.base)}`, group.tax),
  );
  const after = [
    ...(totals.prepaid > 0 ? [row(T.prepaid, -totals.prepaid)] : []),
    ...(balance.credited > 0 ? [row(T.credited, -balance.credited)] : []),
    ...(balance.paid > 0 ? [row(T.paid, -balance.paid)] : []),
  ];
  const owed =
    invoice.kind === 'invoice' ? [row(T.stillOwed, Math.max(balance.outstanding, 0), true)] : [];
  return `<section aria-labelledby="lines-heading" class="mt-8">
<h2 id="lines-heading" class="${sectionHeading}">${T.lines}</h2>
<table class="mt-3 w-full border-collapse text-left">
<thead><tr class="border-b border-line-strong text-sm text-muted"><th scope="col" class="py-2 pr-3 font-medium">${T.description}</th><th scope="col" class="py-2 text-right font-medium">${T.amount}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${row(T.net, totals.net)}
${groups.join('\n')}
${row(T.total, totals.gross, after.length === 0 && owed.length === 0)}
${after.join('\n')}
${owed.join('\n')}
</tfoot>
</table>
${invoice.exemptionText ? `<p class="mt-3 text-sm text-muted">${e(invoice.exemptionText)}</p>` : ''}
${invoice.note ? `<p class="mt-3 text-sm text-muted">${e(invoice.note)}</p>` : ''}
</section>`;
}

function payPart(view: InvoicePageView): string {
  const { invoice } = view;
  if (invoice.kind !== 'invoice') return '';
  const owed = Math.max(invoice.balance.outstanding, 0);
  const problem = view.problem
    ? `<p role="alert" class="${quietBox} mt-3">${e(view.problem)}</p>`
    : '';
  if (owed === 0) {
    return `<section aria-labelledby="pay-heading" class="mt-8"><h2 id="pay-heading" class="${sectionHeading}">${T.pay}</h2><p class="${goodBox} mt-3">${T.paidInFull}</p></section>`;
  }
  const money = e(formatMoney(owed, invoice.currency));
  const card = invoice.payByCard
    ? `<form method="post" action="${e(`${view.action}/checkout`)}" class="mt-3"><p class="text-ink">${T.payByCardNote(money)}</p><button type="submit" class="${buttonClass('primary', 'lg', 'mt-3 w-full sm:w-auto')}">${T.payByCard}</button></form>`
    : '';
  const seller = invoice.seller;
  const bankLines = [
    seller.iban ? `IBAN ${seller.iban}` : null,
    seller.bic ? `BIC ${seller.bic}` : null,
    `Reference: ${invoice.number}`,
    invoice.bankTransferText,
  ].filter((line): line is string => Boolean(line));
  const bank = `<h3 class="mt-5 font-semibold text-ink">${T.bank}</h3><p class="mt-2 rounded-lg bg-subtle p-4 font-mono text-sm whitespace-pre-line break-words text-ink">${bankLines.map((line) => e(line)).join('\n')}</p>`;
  return `<section aria-labelledby="pay-heading" class="mt-8">
<h2 id="pay-heading" class="${sectionHeading}">${T.pay}</h2>
${problem}${card}${bank}
</section>`;
}

/** The card's HTML under its heading (the title and number). */
export function invoicePageBody(view: InvoicePageView): string {
  const { invoice } = view;
  const day = (value: string) => e(calendarDayText(value));
  const supplied = invoice.supplyPeriod
    ? `${day(invoice.supplyPeriod.from)} to ${day(invoice.supplyPeriod.to)}`
    : invoice.supplyDate
      ? day(invoice.supplyDate)
      : null;
  const facts = [
    [T.issued, day(invoice.issueDate)],
    ...(invoice.dueDate && invoice.kind === 'invoice' ? [[T.due, day(invoice.dueDate)]] : []),
    ...(supplied ? [[T.supplied, supplied]] : []),
  ]
    .map(
      ([term, value]) =>
        `<div><dt class="text-sm text-muted">${term}</dt><dd class="font-medium text-ink">${value}</dd></div>`,
    )
    .join('');
  const credits = invoice.credits
    ? `<p class="mt-3 text-ink">${e(T.creditsInvoice(invoice.credits.number, calendarDayText(invoice.credits.issueDate)))}</p>`
    : '';
  const notes =
    invoice.creditNotes.length > 0
      ? `<section aria-labelledby="credits-heading" class="mt-8"><h2 id="credits-heading" class="${sectionHeading}">${T.creditNotes}</h2><ul class="mt-2 list-disc pl-5 text-ink">${invoice.creditNotes
          .map(
            (note) =>
              `<li>${e(note.number)}, ${day(note.issueDate)}: ${e(formatMoney(note.gross, invoice.currency))}</li>`,
          )
          .join('')}</ul></section>`
      : '';
  const categories = [...new Set(invoice.items.map((item) => item.category))]
    .filter((category) => category !== 'S')
    .map((category) => TAX_CATEGORY_LABELS[category]);
  return `<p class="mt-2"><span class="${quietBox} inline-block py-1 text-sm">${T.statuses[invoice.paymentStatus]}</span></p>
${credits}
<dl class="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3">${facts}</dl>
<div class="mt-6 grid gap-6 sm:grid-cols-2">${party(T.from, invoice.seller)}${party(T.to, invoice.buyer)}</div>
${linesTable(invoice)}
${categories.length > 0 ? `<p class="mt-2 text-sm text-muted">${e(categories.join(', '))}</p>` : ''}
${notes}
${payPart(view)}
<section aria-labelledby="files-heading" class="mt-8">
<h2 id="files-heading" class="${sectionHeading}">${T.files}</h2>
<ul class="mt-2 space-y-2">
<li><a class="${link}" href="${e(`${view.action}/pdf`)}">${T.pdf}</a></li>
<li><a class="${link}" href="${e(`${view.action}/xml`)}">${T.xml}</a></li>
</ul>
</section>`;
}
