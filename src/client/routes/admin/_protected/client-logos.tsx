import { createFileRoute } from '@tanstack/react-router';
import { LogosPage } from '#client/admin/proof/logos-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/client-logos')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [utils.clientLogos.list.ensureData({ page: 1 })]),
  pendingComponent: LogosPage,
  component: LogosPage,
});
