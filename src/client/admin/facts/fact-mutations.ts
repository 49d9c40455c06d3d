import { useCallback } from 'react';
import type { Fact } from '#shared/shapes/facts';
import { placeFact, swapWithNeighbour } from '#shared/fact-order';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage } from '../ui/errors';

/**
 * After any fact or tag change: the admin list, the public list, every per-fact read and
 * the tag list are read again (docs/product.md, "Data fetching").
 */
export function useRefreshFactData() {
  const utils = trpc.useUtils();
  return useCallback(
    () => Promise.all([utils.facts.invalidate(), utils.tags.invalidate()]),
    [utils],
  );
}

export function failureToast(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/**
 * Shared shape of the list's optimistic changes: the list changes at once, and the snapshot
 * comes back with the error toast if the server refuses.
 *
 * Changes can overlap (two quick Move up clicks): each answer, snapshot and read-back knows
 * only its own change, so while another is in flight it would draw the list without that
 * one, and the row would jump back until the last answer came. Only the last change to end
 * settles, rolls back and reads the list again; the others leave the list as drawn.
 */
function useOptimisticList() {
  const utils = trpc.useUtils();
  const refresh = useRefreshFactData();
  // A change is still counted while its own callbacks run, so 1 means "only this one".
  const alone = () =>
    utils.facts.move.isMutating() +
      utils.facts.reorder.isMutating() +
      utils.facts.update.isMutating() <=
    1;
  return {
    async apply(change: (list: Fact[]) => Fact[]) {
      await utils.facts.listAll.cancel();
      const previous = utils.facts.listAll.getData();
      utils.facts.listAll.setData(undefined, (list) => (list ? change(list) : list));
      return { previous };
    },
    rollback(context: { previous: Fact[] | undefined } | undefined) {
      if (context?.previous && alone()) utils.facts.listAll.setData(undefined, context.previous);
    },
    settle(list: Fact[]) {
      if (alone()) utils.facts.listAll.setData(undefined, list);
    },
    refresh() {
      return alone() ? refresh() : undefined;
    },
  };
}

export function useToggleActive() {
  const optimistic = useOptimisticList();
  return trpc.facts.update.useMutation({
    onMutate: ({ id, data }) =>
      optimistic.apply((list) =>
        list.map((f) =>
          f.id === id && data.active !== undefined ? { ...f, active: data.active } : f,
        ),
      ),
    onError: (error, _input, context) => {
      optimistic.rollback(context);
      failureToast('Failed to update AI fact', error);
    },
    onSettled: () => optimistic.refresh(),
  });
}

export function useMoveFact() {
  const optimistic = useOptimisticList();
  return trpc.facts.move.useMutation({
    onMutate: ({ id, direction }) =>
      optimistic.apply((list) => swapWithNeighbour(list, Number(id), direction) ?? list),
    onSuccess: (list) => optimistic.settle(list),
    onError: (error, _input, context) => {
      optimistic.rollback(context);
      failureToast('Failed to update AI fact', error);
    },
    onSettled: () => optimistic.refresh(),
  });
}

export function useReorderFact() {
  const optimistic = useOptimisticList();
  return trpc.facts.reorder.useMutation({
    onMutate: ({ id, targetId, position }) =>
      optimistic.apply((list) => placeFact(list, Number(id), Number(targetId), position) ?? list),
    onSuccess: (list) => optimistic.settle(list),
    onError: (error, _input, context) => {
      optimistic.rollback(context);
      failureToast('Failed to update AI fact', error);
    },
    onSettled: () => optimistic.refresh(),
  });
}

export function useDeleteFact() {
  const refresh = useRefreshFactData();
  return trpc.facts.remove.useMutation({
    onSuccess: () => toast({ title: 'AI fact deleted successfully' }),
    onError: (error) => failureToast('Failed to delete AI fact', error),
    onSettled: () => refresh(),
  });
}
