import { createFileRoute } from '@tanstack/react-router';
import { InvoicePage } from '#client/admin/invoices/invoice-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

/** One invoice or credit note: its editor while a draft, else the document and its money. */
export const Route = createFileRoute('/admin/_protected/invoices_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      return id === null ? [] : [utils.invoices.get.ensureData({ id })];
    }),
  pendingComponent: InvoiceRoute,
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { id } = Route.useParams();
  return <InvoicePage idParam={id} />;
}
