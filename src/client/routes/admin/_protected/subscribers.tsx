import { createFileRoute } from '@tanstack/react-router';
import { SubscribersPage } from '#client/admin/leads/subscribers-page';
import { subscriberSearchSchema } from '#client/admin/leads/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/subscribers')({
  validateSearch: (search) => subscriberSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const read = utils.subscribers.list.prefetch({
        page: deps.page ?? 1,
        status: deps.status,
        q: deps.q,
      });
      // Opening the screen waits for the list; another page or status does not.
      return cause === 'stay' ? [] : [read];
    }),
  pendingComponent: SubscribersRoute,
  component: SubscribersRoute,
});

function SubscribersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SubscribersPage
      search={search}
      onSearch={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
