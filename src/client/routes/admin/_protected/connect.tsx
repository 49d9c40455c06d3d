import { createFileRoute } from '@tanstack/react-router';
import { ConnectPage } from '#client/admin/connect/connect-page';

/**
 * The OAuth consent screen (docs/mcp.md, "OAuth"): /oauth/authorize sends the browser here
 * with the pending request's id; a visitor without a session signs in and comes back.
 */
export const Route = createFileRoute('/admin/_protected/connect')({
  validateSearch: (search: Record<string, unknown>) => ({
    request: typeof search.request === 'string' ? search.request : '',
  }),
  component: ConnectRoute,
});

function ConnectRoute() {
  const { request } = Route.useSearch();
  return <ConnectPage requestId={request} />;
}
