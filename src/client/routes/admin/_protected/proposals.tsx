import { createFileRoute } from '@tanstack/react-router';
import { ProposalsPage } from '#client/admin/proposals/proposals-page';
import { proposalSearchSchema } from '#client/admin/proposals/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** Every lead's proposals; the status filter and page live in the address. */
export const Route = createFileRoute('/admin/_protected/proposals')({
  validateSearch: (search) => proposalSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const list = utils.proposals.list.prefetch({ page: deps.page ?? 1, status: deps.status });
      // Another page or status keeps the previous list on screen, marked busy, while it loads.
      return cause === 'stay'
        ? []
        : [
            list,
            utils.proposals.settings.prefetch(),
            utils.proposals.unmatchedPayments.prefetch({ page: 1 }),
          ];
    }),
  pendingComponent: ProposalsRoute,
  component: ProposalsRoute,
});

function ProposalsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ProposalsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
