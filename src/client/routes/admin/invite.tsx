import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '#client/admin/users/invitation-page';
import { useMailedLinkToken, validateTokenSearch } from '#client/admin/ui/mailed-link-token';

/** The invitation link: outside the protected layout, since the invitee has no session yet. */
export const Route = createFileRoute('/admin/invite')({
  validateSearch: validateTokenSearch,
  component: InviteRoute,
});

function InviteRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const dropToken = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <InvitationPage token={useMailedLinkToken(search.token, dropToken)} />;
}
