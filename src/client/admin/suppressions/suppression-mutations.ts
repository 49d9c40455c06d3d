import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { SUPPRESSION_REASON_LABELS } from '#shared/suppressions';
import { errorMessage, isBadRequest } from '../ui/errors';

/**
 * Adding by hand: a 400 is shown at the address field by the form, anything else in a toast.
 * An address already on the list keeps its first reason, and the toast says which.
 */
export function useAddSuppression() {
  const utils = trpc.useUtils();
  return trpc.suppressions.add.useMutation({
    onSuccess: ({ suppression, added }) =>
      toast({
        title: added ? 'Address suppressed' : 'Already on the list',
        description: added
          ? `Nothing bulk goes to ${suppression.email} any more.`
          : `${suppression.email}: ${SUPPRESSION_REASON_LABELS[suppression.reason]}.`,
      }),
    onError: (error) => {
      if (!isBadRequest(error)) {
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      }
    },
    // Subscribers show `bounced` from this list, and a lead's reply warns from it.
    onSettled: () =>
      Promise.all([
        utils.suppressions.invalidate(),
        utils.subscribers.invalidate(),
        utils.leads.invalidate(),
      ]),
  });
}

export function useRemoveSuppression() {
  const utils = trpc.useUtils();
  return trpc.suppressions.remove.useMutation({
    onSuccess: () => toast({ title: 'Taken off the list' }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: `Failed to remove the address: ${errorMessage(error)}`,
        variant: 'destructive',
      }),
    onSettled: () =>
      Promise.all([
        utils.suppressions.invalidate(),
        utils.subscribers.invalidate(),
        utils.leads.invalidate(),
      ]),
  });
}
