import { createFileRoute } from '@tanstack/react-router';
import { FactEditPage } from '#client/admin/facts/fact-edit-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

export const Route = createFileRoute('/admin/_protected/ai-fact-edit/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      return id === null ? [] : [utils.facts.byId.ensureData({ id }), utils.tags.list.ensureData()];
    }),
  pendingComponent: FactEditRoute,
  component: FactEditRoute,
});

function FactEditRoute() {
  const { id } = Route.useParams();
  return <FactEditPage idParam={id} />;
}
