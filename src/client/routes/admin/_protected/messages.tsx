import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../admin/leads/messages-page';
import { messageSearchSchema } from '../../../admin/leads/search-params';

/** Page, search and subject live in the address: reload, Back and shared links keep them. */
export const Route = createFileRoute('/admin/_protected/messages')({
  validateSearch: (search) => messageSearchSchema.parse(search),
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MessagesPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
