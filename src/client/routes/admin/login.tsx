import { createFileRoute } from '@tanstack/react-router';
import { readAuth } from '../../admin/auth-check';
import { CheckingAuthentication } from '../../admin/auth-status';
import { LoginPage } from '../../admin/login/login-page';

export const Route = createFileRoute('/admin/login')({
  beforeLoad: async ({ context }) => ({ auth: await readAuth(context.queryUtils) }),
  pendingComponent: CheckingAuthentication,
  pendingMs: 0,
  component: LoginRoute,
});

function LoginRoute() {
  const { auth } = Route.useRouteContext();
  return <LoginPage auth={auth} />;
}
