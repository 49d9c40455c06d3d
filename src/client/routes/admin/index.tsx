import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin on its own is the dashboard (whose guard sends visitors to the login page). */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
