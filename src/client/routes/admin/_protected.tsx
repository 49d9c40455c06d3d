import { Outlet, createFileRoute } from '@tanstack/react-router';
import { readAuth } from '../../admin/auth-check';
import { CheckingAuthentication, RedirectingToLogin } from '../../admin/auth-status';
import { AdminShell } from '../../admin/admin-shell';

/**
 * The guard of every protected admin page (a pathless layout, so /admin/login stays outside
 * it). A visitor without a session sees "Redirecting to login..." before being sent there.
 */
export const Route = createFileRoute('/admin/_protected')({
  beforeLoad: async ({ context }) => ({ auth: await readAuth(context.queryUtils) }),
  pendingComponent: CheckingAuthentication,
  pendingMs: 0,
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const { auth } = Route.useRouteContext();
  if (!auth.authenticated || auth.username === null) return <RedirectingToLogin />;
  return (
    <AdminShell username={auth.username}>
      <Outlet />
    </AdminShell>
  );
}
