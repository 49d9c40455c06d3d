import { Link } from '@tanstack/react-router';
import { formatMoney } from '#shared/money';
import type { Invoice } from '#shared/shapes/invoices';
import { focusRing } from '#shared/ui-styles';
import type { TableSpec } from '../ui/list-table';
import { kindLabel, longDay, numberOf } from './invoice-labels';
import { InvoiceStatusBadge } from './invoice-status';

const linkClass = `rounded font-medium break-words underline-offset-2 hover:underline ${focusRing}`;

/** The number (or "Draft"), linking to the document's page: its editor while a draft. */
export function InvoiceLink({ invoice }: { invoice: Pick<Invoice, 'id' | 'number'> }) {
  return (
    <Link to="/admin/invoices/$id" params={{ id: String(invoice.id) }} className={linkClass}>
      {numberOf(invoice)}
    </Link>
  );
}

const gross = (invoice: Invoice) => formatMoney(invoice.totals.gross, invoice.currency);

/** Whom it names: the frozen buyer once issued; a draft takes the lead's buyer at issue. */
function BuyerCell({ invoice }: { invoice: Invoice }) {
  if (invoice.buyer) return <span className="break-words">{invoice.buyer.name}</span>;
  if (invoice.leadId === null) return <span className="text-muted">—</span>;
  return (
    <Link
      to="/admin/leads/$id"
      params={{ id: String(invoice.leadId) }}
      className={`${linkClass} font-normal text-muted`}
    >
      The lead (named when issued)
    </Link>
  );
}

function NumberCell({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <InvoiceLink invoice={invoice} />
      <span className="block text-muted">{kindLabel(invoice)}</span>
      {/* On a phone the columns hidden below md come under the number. */}
      <span className="mt-1 flex flex-wrap items-center gap-2 text-muted md:hidden">
        <InvoiceStatusBadge invoice={invoice} />
        <span className="tabular-nums">{gross(invoice)}</span>
        {invoice.dueDate && invoice.status === 'issued' ? (
          <span>Due {longDay(invoice.dueDate)}</span>
        ) : null}
      </span>
    </>
  );
}

const columns: TableSpec<Invoice>['columns'] = [
  { header: 'Number', cell: (invoice) => <NumberCell invoice={invoice} /> },
  { header: 'Buyer', from: 'sm', cell: (invoice) => <BuyerCell invoice={invoice} /> },
  {
    header: 'Issued',
    from: 'md',
    cellClass: 'text-muted whitespace-nowrap',
    cell: (invoice) => (invoice.issueDate ? longDay(invoice.issueDate) : '—'),
  },
  {
    header: 'Due',
    from: 'md',
    cellClass: 'text-muted whitespace-nowrap',
    cell: (invoice) => (invoice.dueDate ? longDay(invoice.dueDate) : '—'),
  },
  {
    header: 'Gross',
    from: 'md',
    className: 'text-right',
    cellClass: 'tabular-nums whitespace-nowrap text-ink',
    cell: gross,
  },
  {
    header: 'Status',
    from: 'md',
    cell: (invoice) => <InvoiceStatusBadge invoice={invoice} />,
  },
];

/** Invoices and credit notes; on a phone the status, gross and due day go under the number. */
export function invoicesTable(caption: string): TableSpec<Invoice> {
  return { caption, rowKey: (invoice) => invoice.id, columns };
}
