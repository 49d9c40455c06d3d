import { createFileRoute } from '@tanstack/react-router';
import { startAuthCheck } from '#client/admin/session/auth-check';
import { ProtectedLayout } from '#client/admin/shell/protected-layout';

/**
 * The guard of every protected admin page (a pathless layout, so /admin/login stays outside
 * it). The check starts before the page loads; a visitor without a session sees
 * "Redirecting to login..." before being sent there.
 */
export const Route = createFileRoute('/admin/_protected')({
  beforeLoad: ({ context }) => ({ auth: startAuthCheck(context.queryUtils) }),
  component: ProtectedRoute,
});

function ProtectedRoute() {
  const { auth } = Route.useRouteContext();
  return <ProtectedLayout auth={auth} />;
}
