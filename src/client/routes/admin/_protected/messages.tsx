import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '#client/admin/leads/messages-page';
import { messageSearchSchema } from '#client/admin/leads/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** Page, search and subject live in the address: reload, Back and shared links keep them. */
export const Route = createFileRoute('/admin/_protected/messages')({
  validateSearch: (search) => messageSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const read = utils.messages.list.prefetch({
        page: deps.page ?? 1,
        q: deps.q,
        subject: deps.subject,
      });
      // Opening the screen waits for the list; another page or search does not (the
      // previous list stays, marked busy, and the search field keeps up with the typing).
      return cause === 'stay' ? [] : [read];
    }),
  pendingComponent: MessagesRoute,
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MessagesPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
