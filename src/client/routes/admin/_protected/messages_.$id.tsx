import { createFileRoute } from '@tanstack/react-router';
import { MessagePage } from '../../../admin/leads/message-page';

/** One message on its own page: the address the notification e-mail links to. */
export const Route = createFileRoute('/admin/_protected/messages_/$id')({
  component: MessageRoute,
});

function MessageRoute() {
  const { id } = Route.useParams();
  return <MessagePage idParam={id} />;
}
