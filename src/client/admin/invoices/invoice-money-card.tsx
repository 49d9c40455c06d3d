import { useRef } from 'react';
import { formatMoney } from '#shared/money';
import type { Invoice, InvoicePayment } from '#shared/shapes/invoices';
import { Card } from '../ui/controls';
import { formatDayOrMoment } from '../ui/date-time';
import { DataTable, type TableSpec } from '../ui/list-table';
import { longDay } from './invoice-labels';
import { InvoicePaymentForm } from './invoice-payment-form';
import { InvoiceLink } from './invoices-table';

const paymentsTable: TableSpec<InvoicePayment> = {
  caption: 'Payments, oldest first',
  rowKey: (payment) => payment.id,
  columns: [
    {
      header: 'Paid on',
      cell: (payment) => <time dateTime={payment.paidAt}>{formatDayOrMoment(payment.paidAt)}</time>,
    },
    {
      header: 'Amount',
      className: 'text-right',
      cellClass: 'tabular-nums whitespace-nowrap text-ink',
      cell: (payment) => formatMoney(payment.amount, payment.currency),
    },
    {
      header: 'How',
      from: 'sm',
      cellClass: 'text-muted break-words',
      cell: (payment) =>
        payment.provider !== 'stripe'
          ? `By hand${payment.note ? `: ${payment.note}` : ''}`
          : // A card refund is kept as a negative payment (docs/invoices.md, "Proposals and deposits").
            payment.amount < 0
            ? 'Refund, card (Stripe)'
            : 'Card (Stripe)',
    },
  ],
};

type CreditNoteRef = Invoice['creditNotes'][number];

/** Each credit note links to its own page. */
function creditNotesTable(currency: string): TableSpec<CreditNoteRef> {
  return {
    caption: 'Credit notes',
    rowKey: (note) => note.id,
    columns: [
      { header: 'Number', cell: (note) => <InvoiceLink invoice={note} /> },
      { header: 'Issued', cellClass: 'text-muted', cell: (note) => longDay(note.issueDate) },
      {
        header: 'Gross credited',
        className: 'text-right',
        cellClass: 'tabular-nums whitespace-nowrap text-ink',
        cell: (note) => formatMoney(note.gross, currency),
      },
    ],
  };
}

/**
 * An issued invoice's money (docs/invoices.md, "Payments", "Correcting: credit notes"): what
 * came in, the credit notes, and while something is owed, a payment by hand.
 */
export function InvoiceMoneyCard({ invoice }: { invoice: Invoice }) {
  const { balance, currency } = invoice;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Card labelledBy="invoice-money-heading">
      <h2
        id="invoice-money-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        Payments and credit notes
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">
        {formatMoney(balance.paid, currency)} paid
        {balance.credited > 0 ? `, ${formatMoney(balance.credited, currency)} credited` : ''};{' '}
        {balance.outstanding < 0
          ? `${formatMoney(-balance.outstanding, currency)} owed back`
          : `${formatMoney(balance.outstanding, currency)} outstanding`}
        .
      </p>
      {invoice.payments.length === 0 ? (
        <p className="text-sm text-muted">No payments yet.</p>
      ) : (
        <DataTable rows={invoice.payments} isBusy={false} {...paymentsTable} />
      )}
      {invoice.creditNotes.length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-2 text-base font-semibold text-ink">Credit notes</h3>
          <DataTable rows={invoice.creditNotes} isBusy={false} {...creditNotesTable(currency)} />
        </div>
      ) : null}
      {balance.outstanding > 0 ? (
        <div className="mt-6 border-t border-line pt-4">
          {/* Paid in full, the form goes: the focus goes to the card's heading, not the page's top. */}
          <InvoicePaymentForm invoice={invoice} onPaidUp={() => heading.current?.focus()} />
        </div>
      ) : null}
    </Card>
  );
}
