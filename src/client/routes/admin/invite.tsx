import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { InvitationPage } from '#client/admin/users/invitation-page';

const searchSchema = z.object({
  token: z.catch(
    z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
    undefined,
  ),
});

/** The invitation link: outside the protected layout, since the invitee has no session yet. */
export const Route = createFileRoute('/admin/invite')({
  validateSearch: (search) => searchSchema.parse(search),
  component: InviteRoute,
});

function InviteRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Read once, then kept in memory only: the address loses the token at once (a replaced
  // history entry), so it is neither in the history nor sent as a Referer afterwards.
  const [token] = useState(search.token);
  useEffect(() => {
    if (search.token !== undefined) void navigate({ search: {}, replace: true });
  }, [search.token, navigate]);
  return <InvitationPage token={token} />;
}
