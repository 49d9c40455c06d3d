import { createFileRoute } from '@tanstack/react-router';
import { MessagePage } from '#client/admin/leads/message-page';
import { loadForScreen } from '#client/admin/shell/route-loader';
import { parseIdParam } from '#client/admin/ui/id-param';

/** One message on its own page: the address the notification e-mail links to. */
export const Route = createFileRoute('/admin/_protected/messages_/$id')({
  loader: ({ context, params }) =>
    loadForScreen(context, (utils) => {
      const id = parseIdParam(params.id);
      return id === null ? [] : [utils.messages.byId.ensureData({ id })];
    }),
  pendingComponent: MessageRoute,
  component: MessageRoute,
});

function MessageRoute() {
  const { id } = Route.useParams();
  return <MessagePage idParam={id} />;
}
