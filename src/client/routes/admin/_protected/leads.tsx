import { createFileRoute } from '@tanstack/react-router';
import { LeadsPage } from '#client/admin/leads/leads-page';
import { leadSearchSchema } from '#client/admin/leads/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** Status, triage, search and page live in the address: reload, Back and shared links keep them. */
export const Route = createFileRoute('/admin/_protected/leads')({
  validateSearch: (search) => leadSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const list = utils.leads.list.prefetch({
        page: deps.page ?? 1,
        q: deps.q,
        status: deps.status,
        triage: deps.triage,
      });
      // Opening the screen waits for the list, the attention block, the mailbox's line and
      // whether AI is on (its labels and filter, docs/leads.md): all of them above or in the
      // list, so none arrives after it and moves it under a finger. Another page, status or
      // search does not wait (the previous list stays, marked busy).
      return cause === 'stay'
        ? []
        : [
            list,
            utils.leads.attention.prefetch(),
            utils.leads.mailbox.prefetch(),
            utils.ai.usage.prefetch(),
          ];
    }),
  pendingComponent: LeadsRoute,
  component: LeadsRoute,
});

function LeadsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LeadsPage
      search={search}
      onSearch={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
