import type { AdminUser } from '#shared/shapes/users';
import type { useRecentProofDialog } from '../account/recent-proof-dialog';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useRemoveUser } from './user-mutations';

/** Removing an administrator, asked first; the password is asked for when the proof is old. */
export function RemoveUserDialog({
  user,
  onClose,
  runWithProof,
}: {
  user: AdminUser | null;
  onClose: () => void;
  runWithProof: ReturnType<typeof useRecentProofDialog>['run'];
}) {
  const remove = useRemoveUser();
  return (
    <ConfirmDialog
      isOpen={user !== null}
      title="Remove administrator"
      question="They are signed out everywhere at once and can no longer sign in. The audit log keeps what they did."
      detail={user?.username}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      isPending={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!user) return;
        const { id } = user;
        void runWithProof('Remove administrator', (given) =>
          remove.mutateAsync({ id, ...given }),
        ).finally(onClose);
      }}
    />
  );
}
