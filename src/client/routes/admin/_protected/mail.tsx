import { createFileRoute } from '@tanstack/react-router';
import { MailPage } from '#client/admin/mail/mail-page';
import { mailSearchSchema } from '#client/admin/mail/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/mail')({
  validateSearch: (search) => mailSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const read = utils.outbox.list.prefetch({ status: deps.status, page: deps.page ?? 1 });
      // Opening the screen waits for the list; another filter or page does not.
      return cause === 'stay' ? [] : [read];
    }),
  pendingComponent: MailRoute,
  component: MailRoute,
});

function MailRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MailPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
