import { createFileRoute } from '@tanstack/react-router';
import { SuppressionsPage } from '#client/admin/suppressions/suppressions-page';
import { suppressionSearchSchema } from '#client/admin/suppressions/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/suppressions')({
  validateSearch: (search) => suppressionSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const read = utils.suppressions.list.prefetch({ page: deps.page ?? 1, q: deps.q });
      // Opening the screen waits for the list; another page or search does not.
      return cause === 'stay' ? [] : [read];
    }),
  pendingComponent: SuppressionsRoute,
  component: SuppressionsRoute,
});

function SuppressionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SuppressionsPage
      search={search}
      onSearch={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
