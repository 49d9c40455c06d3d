import type { AdminUser } from '#shared/shapes/users';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { useRecentProofDialog } from '../account/recent-proof-dialog';
import { useEndSessions } from './user-mutations';

/**
 * "Sign out everywhere" for another administrator (docs/accounts.md): what it ends and what it
 * keeps, asked first; the password is asked for when the proof is old (the page's proof
 * dialog runs the request).
 */
export function EndSessionsDialog({
  user,
  onClose,
  runWithProof,
}: {
  user: AdminUser | null;
  onClose: () => void;
  runWithProof: ReturnType<typeof useRecentProofDialog>['run'];
}) {
  const endSessions = useEndSessions();
  return (
    <ConfirmDialog
      isOpen={user !== null}
      title="Sign out everywhere"
      question="Every browser signed in as them is signed out at once, and a sign-in waiting for its code ends. Their password and second factor stay. They get an e-mail saying you did this."
      detail={user?.username}
      confirmLabel="Sign out everywhere"
      pendingLabel="Signing out..."
      isPending={endSessions.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!user) return;
        void runWithProof('Sign out everywhere', (given) => endSessions.end(user, given)).finally(
          onClose,
        );
      }}
    />
  );
}
