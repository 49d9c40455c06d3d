import { countryName, UNIT_LABELS, type UnitCode } from '#shared/invoices/codes';
import { formatMoney } from '#shared/money';
import { vatLabel } from '#shared/proposal-vat';
import type { Invoice } from '#shared/shapes/invoices';
import { InvoiceFigures } from './invoice-figures';
import { longDay } from './invoice-labels';

/** A party as the document prints it: the seller's profile or the buyer on the lead. */
export interface DocumentParty {
  name: string;
  addressLines: readonly string[];
  postcode: string;
  city: string;
  country: string;
  vatId: string | null;
  companyNumber?: string | null;
  reference?: string | null;
}

/** What the document shows: an issued invoice's frozen record, or a draft as typed. */
export interface DocumentView {
  title: string;
  number: string | null;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  supplyDate: string | null;
  supplyPeriod: { from: string; to: string } | null;
  seller: DocumentParty | null;
  buyer: DocumentParty | null;
  items: readonly {
    description: string;
    quantity: number;
    unitCode: UnitCode;
    unitAmount: number;
    category: Invoice['items'][number]['category'];
    rate: number;
  }[];
  totals: Invoice['totals'];
  /** Each line's net, in the items' order. */
  lines: readonly number[];
  exemptionText: string | null;
  paymentTerms: string | null;
  balance?: Invoice['balance'];
  /** A credit note: the invoice it corrects, and why. */
  credits?: { number: string; issueDate: string } | null;
  note?: string | null;
}

const unitWord = (quantity: number, code: UnitCode) =>
  quantity === 1 ? UNIT_LABELS[code].one : UNIT_LABELS[code].many;

function Party({ heading, party }: { heading: string; party: DocumentParty | null }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-muted">{heading}</h3>
      {party ? (
        <address className="mt-1 text-sm break-words text-ink not-italic">
          <span className="block font-medium">{party.name}</span>
          {party.addressLines.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
          <span className="block">{[party.postcode, party.city].filter(Boolean).join(' ')}</span>
          <span className="block">{party.country ? countryName(party.country) : ''}</span>
          {party.vatId ? <span className="block">VAT ID {party.vatId}</span> : null}
          {party.companyNumber ? <span className="block">{party.companyNumber}</span> : null}
          {party.reference ? <span className="block">Reference {party.reference}</span> : null}
        </address>
      ) : (
        <p className="mt-1 text-sm text-muted">Not known yet: it is taken when issued.</p>
      )}
    </div>
  );
}

/**
 * An invoice or credit note as its PDF prints it (docs/invoices.md, "The document"): the
 * parties, the dates, each line with its VAT, the VAT breakdown and the totals. Read only;
 * the draft's editor draws it from what is typed, the issued page from the frozen record.
 */
export function InvoiceDocument({ view }: { view: DocumentView }) {
  const money = (amount: number) => formatMoney(amount, view.currency);
  const dates: [string, string][] = [];
  if (view.issueDate) dates.push(['Issue date', longDay(view.issueDate)]);
  if (view.supplyPeriod)
    dates.push([
      'Period of supply',
      `${longDay(view.supplyPeriod.from)} – ${longDay(view.supplyPeriod.to)}`,
    ]);
  else if (view.supplyDate) dates.push(['Date of supply', longDay(view.supplyDate)]);
  if (view.dueDate) dates.push(['Due date', longDay(view.dueDate)]);
  return (
    <article aria-label={view.title} className="flex flex-col gap-4">
      <header>
        <p className="text-lg font-semibold text-ink">
          {view.title}{' '}
          {view.number ?? <span className="font-normal text-muted">(no number yet)</span>}
        </p>
        {view.credits ? (
          <p className="text-sm text-muted">
            Corrects invoice {view.credits.number} of {longDay(view.credits.issueDate)}
          </p>
        ) : null}
        {dates.length > 0 ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {dates.map(([label, day]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="text-ink">{day}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <Party heading="From" party={view.seller} />
        <Party heading="To" party={view.buyer} />
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Lines</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((item, index) => (
            <tr key={index} className="border-b border-line align-top">
              <td className="py-2 pr-4">
                <span className="block break-words text-ink">{item.description}</span>
                <span className="block text-muted tabular-nums">
                  {item.quantity} {unitWord(item.quantity, item.unitCode)} ×{' '}
                  {money(item.unitAmount)} · {vatLabel(item)}
                </span>
              </td>
              <td className="py-2 text-right whitespace-nowrap text-ink tabular-nums">
                {money(view.lines[index] ?? 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <InvoiceFigures
        totals={view.totals}
        currency={view.currency}
        balance={view.balance}
        label="Totals"
      />
      {view.exemptionText ? <p className="text-sm text-muted">{view.exemptionText}</p> : null}
      {view.paymentTerms ? <p className="text-sm text-muted">{view.paymentTerms}</p> : null}
      {view.note ? (
        <p className="text-sm text-ink">
          <span className="font-medium">Reason:</span> {view.note}
        </p>
      ) : null}
    </article>
  );
}

/** The title the PDF prints (a final invoice is an invoice, with its deposits deducted). */
export const documentTitle = (invoice: Pick<Invoice, 'kind' | 'role'>) =>
  invoice.kind === 'credit_note'
    ? 'Credit note'
    : invoice.role === 'deposit'
      ? 'Deposit invoice'
      : 'Invoice';

/** An issued (or stored) document as the view draws it. */
export function viewOf(invoice: Invoice): DocumentView {
  return {
    title: documentTitle(invoice),
    number: invoice.number,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    supplyDate: invoice.supplyDate,
    supplyPeriod: invoice.supplyPeriod,
    seller: invoice.seller,
    buyer: invoice.buyer,
    items: invoice.items,
    totals: invoice.totals,
    lines: invoice.items.map((item) => item.net),
    exemptionText: invoice.exemptionText,
    paymentTerms: invoice.paymentTerms,
    balance: invoice.kind === 'invoice' ? invoice.balance : undefined,
    credits: invoice.credits,
    note: invoice.note,
  };
}
