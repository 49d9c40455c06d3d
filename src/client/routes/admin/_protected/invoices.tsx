import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '#client/admin/invoices/invoices-page';
import { invoiceSearchSchema } from '#client/admin/invoices/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** Every invoice and credit note; the status filter and page live in the address. */
export const Route = createFileRoute('/admin/_protected/invoices')({
  validateSearch: (search) => invoiceSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const list = utils.invoices.list.prefetch({ page: deps.page ?? 1, status: deps.status });
      // Another page or status keeps the previous list on screen, marked busy, while it loads.
      return cause === 'stay' ? [] : [list, utils.invoices.settings.prefetch()];
    }),
  pendingComponent: InvoicesRoute,
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InvoicesPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
