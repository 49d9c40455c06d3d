import type { AdminUser } from '#shared/shapes/users';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import type { RecentProof } from '../account/recent-proof-dialog';

/**
 * A 401 is the proof asked for (the Administrators screen's recent proof dialog,
 * recent-proof-dialog.tsx), or the session's end, which the dialog's hook finds out: no toast for
 * either.
 */
function failureToast(action: string, error: unknown) {
  if (isUnauthorized(error)) return;
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

export function useResendInvitation() {
  const utils = trpc.useUtils();
  return trpc.users.resendInvitation.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: (user) =>
      toast({
        title: 'Invitation sent again',
        description: `A new link went to ${user.email ?? user.username}; the old one no longer works.`,
      }),
    onError: (error) => failureToast('Failed to send the invitation', error),
    onSettled: () => utils.users.invalidate(),
  });
}

export function useRemoveUser() {
  const utils = trpc.useUtils();
  return trpc.users.remove.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: () => toast({ title: 'Administrator removed' }),
    onError: (error) => failureToast('Failed to remove the administrator', error),
    onSettled: () => utils.users.invalidate(),
  });
}

/**
 * Another administrator signed out everywhere (docs/accounts.md): `end` sends it with the proof
 * given so far (the recent proof dialog sends it again with the password) and says how many of
 * their sessions ended.
 */
export function useEndSessions() {
  const mutation = trpc.users.endSessions.useMutation({
    meta: OWN_UNAUTHORIZED,
    onError: (error) => failureToast('Failed to sign them out', error),
  });
  const end = async (user: AdminUser, proof: RecentProof) => {
    const { ended } = await mutation.mutateAsync({ id: user.id, ...proof });
    toast({
      title: `${user.username} is signed out everywhere`,
      description:
        ended === 0
          ? 'No session of theirs was left.'
          : `${ended} ${ended === 1 ? 'session' : 'sessions'} ended.`,
    });
  };
  return { end, isPending: mutation.isPending };
}
