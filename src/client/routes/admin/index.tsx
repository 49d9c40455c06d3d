import { createFileRoute, redirect } from '@tanstack/react-router';
import { ADMIN_LANDING } from '#client/admin/session/session';

/** /admin on its own is the first screen (whose guard sends visitors to the login page). */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: ADMIN_LANDING, replace: true });
  },
});
