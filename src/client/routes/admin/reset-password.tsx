import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '#client/admin/password-reset/reset-password-page';
import { useMailedLinkToken, validateTokenSearch } from '#client/admin/ui/mailed-link-token';

/** The mailed reset link: outside the protected layout, since the person is signed out. */
export const Route = createFileRoute('/admin/reset-password')({
  validateSearch: validateTokenSearch,
  component: ResetRoute,
});

function ResetRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const dropToken = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <ResetPasswordPage token={useMailedLinkToken(search.token, dropToken)} />;
}
