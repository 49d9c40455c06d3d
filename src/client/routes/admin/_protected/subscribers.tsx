import { createFileRoute } from '@tanstack/react-router';
import { SubscribersPage } from '../../../admin/leads/subscribers-page';
import { subscriberSearchSchema } from '../../../admin/leads/search-params';

export const Route = createFileRoute('/admin/_protected/subscribers')({
  validateSearch: (search) => subscriberSearchSchema.parse(search),
  component: SubscribersRoute,
});

function SubscribersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SubscribersPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
