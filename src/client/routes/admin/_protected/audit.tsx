import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../../../admin/audit/audit-page';
import { auditSearchSchema } from '../../../admin/audit/search-params';

export const Route = createFileRoute('/admin/_protected/audit')({
  validateSearch: (search) => auditSearchSchema.parse(search),
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
