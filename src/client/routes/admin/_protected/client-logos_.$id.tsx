import { createFileRoute } from '@tanstack/react-router';
import { LogoPage } from '#client/admin/proof/logo-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

export const Route = createFileRoute('/admin/_protected/client-logos_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      return id === null ? [] : [utils.clientLogos.byId.ensureData({ id })];
    }),
  pendingComponent: LogoRoute,
  component: LogoRoute,
});

function LogoRoute() {
  const { id } = Route.useParams();
  return <LogoPage idParam={id} />;
}
