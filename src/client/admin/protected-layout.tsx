import { Suspense, use } from 'react';
import { Outlet } from '@tanstack/react-router';
import type { AdminCheck } from './auth-check';
import { AdminShell } from './admin-shell';
import { CheckingAuthentication, RedirectingToLogin } from './auth-status';

export function ProtectedLayout({ auth }: { auth: Promise<AdminCheck> }) {
  return (
    <Suspense fallback={<CheckingAuthentication />}>
      <Guarded auth={auth} />
    </Suspense>
  );
}

function Guarded({ auth }: { auth: Promise<AdminCheck> }) {
  const session = use(auth);
  if (!session.authenticated || session.username === null) return <RedirectingToLogin />;
  return (
    <AdminShell username={session.username}>
      <Outlet />
    </AdminShell>
  );
}
