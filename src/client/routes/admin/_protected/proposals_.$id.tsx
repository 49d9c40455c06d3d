import { createFileRoute } from '@tanstack/react-router';
import { ProposalPage } from '#client/admin/proposals/proposal-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

/** One proposal: its editor while a draft, else what was sent, its acceptance and payments. */
export const Route = createFileRoute('/admin/_protected/proposals_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      return id === null ? [] : [utils.proposals.get.ensureData({ id })];
    }),
  pendingComponent: ProposalRoute,
  component: ProposalRoute,
});

function ProposalRoute() {
  const { id } = Route.useParams();
  return <ProposalPage idParam={id} />;
}
