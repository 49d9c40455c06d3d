import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { UNMATCHED_PAGE_SIZE, UNMATCHED_REASON_LABELS } from '#shared/proposal-payments';
import { formatMoney } from '#shared/proposals';
import type { UnmatchedPayment } from '#shared/shapes/proposals';
import { focusRing } from '#shared/ui-styles';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { DataTable, type TableSpec } from '../ui/list-table';
import { Pager } from '../ui/pager';

const linkClass = `rounded font-medium underline-offset-2 hover:underline ${focusRing}`;

const table: TableSpec<UnmatchedPayment> = {
  caption: 'Unmatched Stripe payments, newest first',
  rowKey: (event) => event.id,
  columns: [
    {
      header: 'Received',
      cellClass: 'text-muted',
      cell: (event) => <DateTime iso={event.receivedAt} />,
    },
    {
      header: 'Amount',
      className: 'text-right',
      cellClass: 'tabular-nums whitespace-nowrap text-ink',
      cell: (event) =>
        event.amount !== null && event.currency ? formatMoney(event.amount, event.currency) : '—',
    },
    {
      header: 'Why',
      cellClass: 'break-words text-ink',
      cell: (event) => (
        <>
          {UNMATCHED_REASON_LABELS[event.reason]}
          {event.proposal ? (
            <span className="mt-1 block text-muted">
              For{' '}
              <Link
                to="/admin/proposals/$id"
                params={{ id: String(event.proposal.id) }}
                className={linkClass}
              >
                {event.proposal.number}
              </Link>
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'In Stripe',
      from: 'sm',
      cellClass: 'font-mono text-xs break-all text-muted',
      cell: (event) => (
        <span className="flex flex-col">
          {[event.paymentRef, event.objectId, event.eventId]
            .filter((id): id is string => id !== null)
            .map((id) => (
              <span key={id}>{id}</span>
            ))}
        </span>
      ),
    },
  ],
};

/**
 * Stripe's events of money the site did not ask for (docs/payments.md): they changed nothing,
 * so the owner settles each in Stripe's dashboard (a refund, as a rule). Shown only when
 * there is one.
 */
export function UnmatchedPaymentsCard() {
  const [page, setPage] = useState(1);
  const list = trpc.proposals.unmatchedPayments.useQuery(
    { page },
    { placeholderData: (previous) => previous },
  );
  if (!list.data || list.data.total === 0) return null;
  return (
    <Card labelledBy="unmatched-payments-heading">
      <h2 id="unmatched-payments-heading" className="text-lg font-semibold text-ink">
        Unmatched Stripe payments
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">
        Money Stripe reported that this site did not ask for: nothing was recorded and no one was
        mailed. Find each in your Stripe dashboard by its ids, and refund it there if it should not
        have been paid.
      </p>
      <DataTable rows={list.data.events} isBusy={list.isPlaceholderData} {...table} />
      <Pager
        page={page}
        pageSize={UNMATCHED_PAGE_SIZE}
        total={list.data.total}
        label="Unmatched Stripe payments"
        onPage={setPage}
      />
    </Card>
  );
}
