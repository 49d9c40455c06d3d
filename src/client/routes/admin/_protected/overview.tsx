import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../../admin/overview/overview-page';
import { overviewSearchSchema } from '../../../admin/overview/overview-range';

/** The range lives in the address: reload, Back and shared links keep it. */
export const Route = createFileRoute('/admin/_protected/overview')({
  validateSearch: (search) => overviewSearchSchema.parse(search),
  component: OverviewRoute,
});

function OverviewRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OverviewPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
