import { createFileRoute } from '@tanstack/react-router';
import { FactEditPage } from '../../../admin/facts/fact-edit-page';

export const Route = createFileRoute('/admin/_protected/ai-fact-edit/$id')({
  component: FactEditRoute,
});

function FactEditRoute() {
  const { id } = Route.useParams();
  return <FactEditPage idParam={id} />;
}
