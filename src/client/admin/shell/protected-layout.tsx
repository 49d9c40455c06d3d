import { lazy, Suspense, use } from 'react';
import { Outlet } from '@tanstack/react-router';
import { recordedLoad } from '#client/lib/code-loads';
import type { AdminCheck } from '../session/auth-check';
import { AdminShell } from './admin-shell';
import { CheckingAuthentication, RedirectingToLogin } from '../session/auth-status';

/** The name under which the set-up screen's code load is recorded (client/lib/code-loads.ts). */
export const SECOND_FACTOR_SETUP = 'second-factor-setup';

/** Loaded only for a session that needs it: the cards stay out of every other page's load. */
const SecondFactorSetup = lazy(
  recordedLoad(SECOND_FACTOR_SETUP, () =>
    import('../account/second-factor-setup').then((m) => ({ default: m.SecondFactorSetup })),
  ),
);

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
  // Signed in to the set-up of a second factor only (production, docs/accounts.md): that
  // screen, in place of whichever admin screen was asked for, until one is on.
  if (session.setupRequired) return <SecondFactorSetup username={session.username} />;
  return (
    <AdminShell username={session.username}>
      <Outlet />
    </AdminShell>
  );
}
