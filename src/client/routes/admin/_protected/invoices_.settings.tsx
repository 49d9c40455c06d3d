import { createFileRoute } from '@tanstack/react-router';
import { SellerProfilePage } from '#client/admin/invoices/seller-profile';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** The seller profile invoices are issued with (docs/invoices.md, "The seller profile"). */
export const Route = createFileRoute('/admin/_protected/invoices_/settings')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [utils.invoices.settings.ensureData()]),
  pendingComponent: SellerProfilePage,
  component: SellerProfilePage,
});
