import { useEffect, useRef, useState } from 'react';
import type { AdminUser } from '#shared/shapes/users';
import { trpc } from '#client/lib/trpc';
import { Button, Card } from '../ui/controls';
import { TrashIcon } from '../ui/icons';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { useRecentProofDialog } from '../account/recent-proof-dialog';
import { InviteDialog } from './invite-dialog';
import { hasSecondFactorToReset, ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { UserSummary } from './user-summary';
import { EndSessionsDialog } from './end-sessions-dialog';
import { RemoveUserDialog } from './remove-user-dialog';
import { useResendInvitation } from './user-mutations';

/**
 * Everyone who administers the site: one role, so the list is who, how they sign in and
 * whether they have joined. Removing is refused for yourself and for the last one who can
 * sign in (the server says so too); the button is not offered then. Another administrator's
 * second factor can be reset when they hold one (an app or a passkey), and anyone who has
 * joined signed out everywhere; your own factors and sessions are yours to change on the
 * Account screen.
 */
export function UsersPage() {
  useDocumentTitle('Administrators');
  // The route's loader reads it again each time the screen opens (routes/admin/_protected/users.tsx).
  const list = trpc.users.list.useQuery();
  const resend = useResendInvitation();
  // Resending and removing need a recent proof: the password is asked for when the server does.
  const proof = useRecentProofDialog();
  const [toRemove, setToRemove] = useState<AdminUser | null>(null);
  const [toReset, setToReset] = useState<AdminUser | null>(null);
  const [toSignOut, setToSignOut] = useState<AdminUser | null>(null);
  // After a reset the row's button is gone, so focus could not return to it: it goes to the
  // row's name instead, once the dialog has closed (before react-aria would fall back to the
  // page's body).
  const focusAfterReset = useRef<number | null>(null);
  const names = useRef(new Map<number, HTMLElement>());
  useEffect(() => {
    if (focusAfterReset.current === null || toReset !== null) return;
    names.current.get(focusAfterReset.current)?.focus();
    focusAfterReset.current = null;
  }, [toReset]);
  const canSignIn = list.data?.filter((user) => !user.invited).length ?? 0;
  const removable = (user: AdminUser) => !user.current && (user.invited || canSignIn > 1);

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Administrators</h1>
          <p className="mt-1 text-muted">Everyone here can do everything in the admin area.</p>
        </div>
        <InviteDialog />
      </div>

      <QueryState
        query={list}
        pending="Loading administrators..."
        error="Error loading administrators"
      >
        {(users) => (
          <ul className="divide-y divide-line border-y border-line" aria-label="Administrators">
            {users.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <UserSummary
                  user={user}
                  nameRef={(element) => {
                    if (element) names.current.set(user.id, element);
                    else names.current.delete(user.id);
                  }}
                />
                <UserActions
                  user={user}
                  removable={removable(user)}
                  resending={resend.isPending && resend.variables.id === user.id}
                  onResend={() =>
                    void proof.run('Resend invitation', (given) =>
                      resend.mutateAsync({ id: user.id, ...given }),
                    )
                  }
                  onReset={() => setToReset(user)}
                  onSignOut={() => setToSignOut(user)}
                  onRemove={() => setToRemove(user)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <ResetSecondFactorDialog
        user={toReset}
        onClose={() => setToReset(null)}
        onReset={(user) => {
          focusAfterReset.current = user.id;
        }}
      />

      <EndSessionsDialog
        user={toSignOut}
        onClose={() => setToSignOut(null)}
        runWithProof={proof.run}
      />

      <RemoveUserDialog
        user={toRemove}
        onClose={() => setToRemove(null)}
        runWithProof={proof.run}
      />
      {proof.dialog}
    </Card>
  );
}

/** What can be done to one administrator from their row; only what applies to them. */
function UserActions({
  user,
  removable,
  resending,
  onResend,
  onReset,
  onSignOut,
  onRemove,
}: {
  user: AdminUser;
  removable: boolean;
  resending: boolean;
  onResend: () => void;
  onReset: () => void;
  onSignOut: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {user.invited ? (
        <Button
          variant="secondary"
          size="sm"
          isPending={resending}
          onPress={onResend}
          aria-label={`Resend invitation to ${user.username}`}
        >
          Resend invitation
        </Button>
      ) : null}
      {hasSecondFactorToReset(user) ? (
        <Button
          variant="secondary"
          size="sm"
          onPress={onReset}
          aria-label={`Reset second factor of ${user.username}`}
        >
          Reset second factor
        </Button>
      ) : null}
      {!user.current && !user.invited ? (
        <Button
          variant="secondary"
          size="sm"
          onPress={onSignOut}
          aria-label={`Sign out ${user.username} everywhere`}
        >
          Sign out everywhere
        </Button>
      ) : null}
      {removable ? (
        <Button variant="ghost" size="sm" onPress={onRemove} aria-label={`Remove ${user.username}`}>
          <TrashIcon />
          Remove
        </Button>
      ) : null}
    </div>
  );
}
