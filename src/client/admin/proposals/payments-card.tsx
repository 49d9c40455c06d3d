import { netPaid } from '#shared/proposal-payments';
import { formatMoney } from '#shared/proposals';
import type { Payment, Proposal } from '#shared/shapes/proposals';
import { Card } from '../ui/controls';
import { formatDayOrMoment } from '../ui/date-time';
import { DataTable, type TableSpec } from '../ui/list-table';
import { RecordPaymentForm } from './record-payment-form';

const paymentsTable: TableSpec<Payment> = {
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
      cell: (payment) => (
        <>
          {formatMoney(payment.amount, payment.currency)}
          {payment.refundedAmount > 0 ? (
            <span className="block text-xs text-muted">
              {formatMoney(payment.refundedAmount, payment.currency)} refunded
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'How',
      from: 'sm',
      cellClass: 'text-muted break-words',
      cell: (payment) =>
        payment.provider === 'stripe'
          ? 'Stripe'
          : `By hand${payment.note ? `: ${payment.note}` : ''}`,
    },
  ],
};

/** What the client paid (Stripe's and the owner's records) and, once accepted, a payment by hand. */
export function PaymentsCard({ proposal }: { proposal: Proposal }) {
  const paid = netPaid(proposal.payments);
  return (
    <Card labelledBy="payments-heading">
      <h2 id="payments-heading" className="text-lg font-semibold text-ink">
        Payments
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">
        {formatMoney(paid, proposal.currency)} paid
        {proposal.depositAmount > 0
          ? ` of a ${formatMoney(proposal.depositAmount, proposal.currency)} deposit`
          : ''}
        .
      </p>
      {proposal.payments.length === 0 ? (
        <p className="text-sm text-muted">No payments yet.</p>
      ) : (
        <DataTable rows={proposal.payments} isBusy={false} {...paymentsTable} />
      )}
      {/* A kept record takes no payment (docs/proposals.md, "Records"). */}
      {proposal.status === 'accepted' && proposal.leadId !== null ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordPaymentForm proposal={proposal} />
        </div>
      ) : null}
    </Card>
  );
}
