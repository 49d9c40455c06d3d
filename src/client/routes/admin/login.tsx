import { createFileRoute } from '@tanstack/react-router';
import { startAuthCheck } from '#client/admin/session/auth-check';
import { LoginPage } from '#client/admin/login/login-page';

export const Route = createFileRoute('/admin/login')({
  beforeLoad: ({ context }) => ({ auth: startAuthCheck(context.queryUtils) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { auth } = Route.useRouteContext();
  return <LoginPage auth={auth} />;
}
