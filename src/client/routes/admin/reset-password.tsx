import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ResetPasswordPage } from '#client/admin/password-reset/reset-password-page';

const searchSchema = z.object({
  token: z.catch(
    z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
    undefined,
  ),
});

/** The mailed reset link: outside the protected layout, since the person is signed out. */
export const Route = createFileRoute('/admin/reset-password')({
  validateSearch: (search) => searchSchema.parse(search),
  component: ResetRoute,
});

function ResetRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Read once, then kept in memory only: the address loses the token at once (a replaced
  // history entry), so it is neither in the history nor sent as a Referer afterwards.
  const [token] = useState(search.token);
  useEffect(() => {
    if (search.token !== undefined) void navigate({ search: {}, replace: true });
  }, [search.token, navigate]);
  return <ResetPasswordPage token={token} />;
}
