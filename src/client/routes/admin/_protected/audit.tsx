import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '#client/admin/audit/audit-page';
import { auditSearchSchema } from '#client/admin/audit/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/audit')({
  validateSearch: (search) => auditSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const read = utils.audit.list.prefetch({
        page: deps.page ?? 1,
        action: deps.action,
        actor: deps.actor,
      });
      // Opening the screen waits for the log and the filter's names; another page or filter
      // does not (the previous page stays, marked busy).
      return cause === 'stay' ? [] : [read, utils.audit.actors.ensureData()];
    }),
  pendingComponent: AuditRoute,
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
