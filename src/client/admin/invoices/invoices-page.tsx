import { INVOICES_PAGE_SIZE } from '#shared/invoices/records';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { ListTable } from '../ui/list-table';
import { StatusFilter } from '../ui/status-filter';
import { useDocumentTitle } from '../ui/use-document-title';
import { AccountantFiles } from './accountant-files';
import { InvoicingOffNotice } from './invoicing-off-notice';
import { FILTER_LABELS } from './invoice-labels';
import { invoicesTable } from './invoices-table';
import { invoiceFilterValues, type InvoiceSearch } from './search-params';
import { SellerProfileLink } from './seller-profile-link';

interface InvoicesPageProps {
  search: InvoiceSearch;
  onSearch: (search: InvoiceSearch) => void;
}

/**
 * Every invoice and credit note (docs/invoices.md, "The admin's screens"), 25 a page in the
 * server's order (the overdue first across the pages, then newest); drafts or issued ones by the filter in the address. While
 * the seller profile lacks something, a notice says invoicing is off and what is missing.
 */
export function InvoicesPage({ search, onSearch }: InvoicesPageProps) {
  useDocumentTitle('Invoices');
  const page = search.page ?? 1;
  const { status } = search;
  const list = trpc.invoices.list.useQuery(
    { page, status },
    { placeholderData: (previous) => previous },
  );
  const total = list.data?.total;
  return (
    <div className="flex flex-col gap-4">
      <InvoicingOffNotice />
      <Card>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-ink">Invoices</h1>
            <p className="mt-1 text-muted">
              Drafts, issued invoices and credit notes, overdue first
              {total === undefined ? '' : ` · ${total} ${total === 1 ? 'document' : 'documents'}`}
            </p>
          </div>
          <p className="text-sm">
            <SellerProfileLink>Seller profile</SellerProfileLink>
          </p>
        </div>
        <div className="mb-4">
          <StatusFilter
            values={invoiceFilterValues}
            labels={FILTER_LABELS}
            status={status}
            onChange={(next) => onSearch({ status: next })}
          />
        </div>
        <ListTable
          query={list}
          pending="Loading invoices..."
          error="Error loading invoices"
          emptyPage="No invoices on this page."
          empty={() =>
            status
              ? `No ${FILTER_LABELS[status].toLowerCase()} invoices.`
              : 'No invoices yet. Start one from a lead’s page.'
          }
          rows={(data) => data.invoices}
          {...invoicesTable(
            `${status ? `${FILTER_LABELS[status]} invoices` : 'Invoices'}, overdue first, then newest`,
          )}
          pager={{
            page,
            pageSize: INVOICES_PAGE_SIZE,
            label: 'Invoices',
            onPage: (next) => onSearch({ status, page: next > 1 ? next : undefined }),
          }}
        />
      </Card>
      <AccountantFiles />
    </div>
  );
}
