import { trpc } from '../../lib/trpc';
import { toast } from '../../ui/toast';
import { errorMessage } from '../errors';

function failureToast(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

export function useResendInvitation() {
  const utils = trpc.useUtils();
  return trpc.users.resendInvitation.useMutation({
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
    onSuccess: () => toast({ title: 'Administrator removed' }),
    onError: (error) => failureToast('Failed to remove the administrator', error),
    onSettled: () => utils.users.invalidate(),
  });
}
