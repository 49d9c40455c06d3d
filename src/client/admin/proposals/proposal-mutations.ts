import type { Proposal } from '#shared/shapes/proposals';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage, isBadRequest } from '../ui/errors';

function failureToast(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/** A 400 is shown at its fields by the form; anything else (409, network) in a toast. */
function unlessBadInput(action: string) {
  return (error: unknown) => {
    if (!isBadRequest(error)) failureToast(action, error);
  };
}

/**
 * A proposal's change: its answer goes into its page at once, then every proposals read (the
 * lead's, the list) is read again, and the lead's page too (sending moves the lead).
 */
function useRefreshProposal() {
  const utils = trpc.useUtils();
  return {
    set: (proposal: Proposal) => utils.proposals.get.setData({ id: proposal.id }, { proposal }),
    refresh: () => Promise.all([utils.proposals.invalidate(), utils.leads.invalidate()]),
  };
}

export function useCreateProposal() {
  const { set, refresh } = useRefreshProposal();
  return trpc.proposals.create.useMutation({
    onSuccess: ({ proposal }) => set(proposal),
    onError: unlessBadInput('Failed to create the proposal'),
    onSettled: () => refresh(),
  });
}

/** A first draft from the site's model (docs/ai.md): stored as a draft, never sent by itself. */
export function useDraftProposal() {
  const { set, refresh } = useRefreshProposal();
  return trpc.proposals.draft.useMutation({
    onSuccess: ({ proposal }) => {
      set(proposal);
      toast({ title: 'Draft written', description: 'Check every item and price before sending.' });
    },
    onError: (error) => failureToast('No draft', error),
    onSettled: () => refresh(),
  });
}

export function useUpdateProposal() {
  const { set, refresh } = useRefreshProposal();
  return trpc.proposals.update.useMutation({
    onSuccess: ({ proposal }) => {
      set(proposal);
      toast({ title: 'Proposal saved' });
    },
    onError: unlessBadInput('Failed to save the proposal'),
    onSettled: () => refresh(),
  });
}

export function useSendProposal() {
  const { set, refresh } = useRefreshProposal();
  return trpc.proposals.send.useMutation({
    onSuccess: ({ proposal }) => {
      set(proposal);
      toast({ title: 'Proposal sent', description: `${proposal.number} is on its way.` });
    },
    onError: (error) => failureToast('Not sent', error),
    onSettled: () => refresh(),
  });
}

export function useReviseProposal() {
  const { set, refresh } = useRefreshProposal();
  return trpc.proposals.revise.useMutation({
    onSuccess: ({ proposal }) => {
      set(proposal);
      toast({ title: `Version ${proposal.version} drafted` });
    },
    onError: (error) => failureToast('Not revised', error),
    onSettled: () => refresh(),
  });
}

export function useWithdrawProposal() {
  const { set, refresh } = useRefreshProposal();
  return trpc.proposals.withdraw.useMutation({
    onSuccess: ({ proposal }) => {
      set(proposal);
      toast({ title: 'Proposal withdrawn' });
    },
    onError: (error) => failureToast('Not withdrawn', error),
    onSettled: () => refresh(),
  });
}

export function useSaveProposalSettings() {
  const utils = trpc.useUtils();
  return trpc.proposals.saveSettings.useMutation({
    onSuccess: (answer) => {
      utils.proposals.settings.setData(undefined, answer);
      toast({ title: 'Proposal settings saved' });
    },
    onError: unlessBadInput('Failed to save the settings'),
  });
}
