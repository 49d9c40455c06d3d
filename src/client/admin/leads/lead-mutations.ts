import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage } from '../errors';

function failureToast(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/** Read state changes the list, the message's page and the header's unread badge alike. */
export function useSetRead() {
  const utils = trpc.useUtils();
  return trpc.messages.setRead.useMutation({
    onSuccess: (message) => utils.messages.byId.setData({ id: message.id }, message),
    onError: (error) => failureToast('Failed to update the message', error),
    onSettled: () => utils.messages.invalidate(),
  });
}

export function useDeleteMessage() {
  const utils = trpc.useUtils();
  return trpc.messages.remove.useMutation({
    onSuccess: () => toast({ title: 'Message deleted' }),
    onError: (error) => failureToast('Failed to delete the message', error),
    onSettled: () => utils.messages.invalidate(),
  });
}

export function useRemoveSubscriber() {
  const utils = trpc.useUtils();
  return trpc.subscribers.remove.useMutation({
    onSuccess: () => toast({ title: 'Subscriber removed' }),
    onError: (error) => failureToast('Failed to remove the subscriber', error),
    onSettled: () => utils.subscribers.invalidate(),
  });
}
