import type { Lead, TimelineEvent } from '#shared/shapes/leads';
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

/**
 * A lead's changes: the answer's lead or event goes into the lead's page at once, then the
 * page, the list and the attention block are read again (a status moves a lead between
 * them). A 400 is shown at its field by the form, not in a toast.
 */
function useRefreshLead(id: number) {
  const utils = trpc.useUtils();
  return {
    addEvent: (event: TimelineEvent) =>
      utils.leads.get.setData({ id }, (current) =>
        current ? { ...current, timeline: [...current.timeline, event] } : current,
      ),
    setLead: (lead: Lead) =>
      utils.leads.get.setData({ id }, (current) => (current ? { ...current, lead } : current)),
    refresh: () => utils.leads.invalidate(),
  };
}

function unlessBadInput(action: string) {
  return (error: unknown) => {
    if (!isBadRequest(error)) failureToast(action, error);
  };
}

export function useUpdateLead(id: number) {
  const { setLead, refresh } = useRefreshLead(id);
  return trpc.leads.update.useMutation({
    onSuccess: (lead) => {
      setLead(lead);
      toast({ title: 'Lead saved' });
    },
    onError: unlessBadInput('Failed to save the lead'),
    onSettled: () => refresh(),
  });
}

/** A triage label set by hand (docs/ai.md): the lead's page shows it at once. */
export function useSetTriageLabel(id: number) {
  const { setLead, refresh } = useRefreshLead(id);
  return trpc.leads.update.useMutation({
    onSuccess: (lead) => {
      setLead(lead);
      toast({ title: 'Triage label saved' });
    },
    onError: (error) => failureToast('Failed to save the triage label', error),
    onSettled: () => refresh(),
  });
}

/** Asks the model again (202): the reading comes later, the page polls for it. */
export function useAskTriage() {
  return trpc.leads.triage.useMutation({
    onSuccess: () => toast({ title: 'Asking the model again' }),
    onError: (error) => failureToast('Could not ask the model', error),
  });
}

export function useAddNote(id: number) {
  const { addEvent, refresh } = useRefreshLead(id);
  return trpc.leads.addNote.useMutation({
    onSuccess: (event) => {
      addEvent(event);
      toast({ title: 'Note added' });
    },
    onError: unlessBadInput('Failed to add the note'),
    onSettled: () => refresh(),
  });
}

/** The reply shows as "Sending" the moment it is stored; the page then polls its delivery. */
export function useSendReply(id: number) {
  const { addEvent, refresh } = useRefreshLead(id);
  return trpc.leads.reply.useMutation({
    onSuccess: (event) => {
      addEvent(event);
      toast({ title: 'Reply stored', description: 'It is being sent.' });
    },
    onError: unlessBadInput('Failed to send the reply'),
    onSettled: () => refresh(),
  });
}

/**
 * A reply draft from the site's model (docs/leads.md, "Drafts"): nothing is stored or sent; the
 * editor takes the answer. A refusal (409 no AI, 429 the month's limit, 503 the provider
 * failing) is the server's sentence in a toast, as the editor's other failures are.
 */
export function useDraftReply() {
  return trpc.leads.replyDraft.useMutation({
    onError: (error) => failureToast('No draft', error),
  });
}

/** A draft the owner's assistant kept on the lead, dismissed: the lead's page is read again. */
export function useDismissDraft(id: number) {
  const { refresh } = useRefreshLead(id);
  return trpc.leads.dismissDraft.useMutation({
    onSuccess: () => toast({ title: 'Draft dismissed' }),
    onError: (error) => failureToast('Failed to dismiss the draft', error),
    onSettled: () => refresh(),
  });
}

export function useRetryReply(id: number) {
  const { refresh } = useRefreshLead(id);
  return trpc.leads.retryReply.useMutation({
    onSuccess: () => toast({ title: 'Sending the reply again' }),
    onError: (error) => failureToast('Failed to send the reply again', error),
    onSettled: () => refresh(),
  });
}

export function useEraseLead() {
  const utils = trpc.useUtils();
  return trpc.leads.erase.useMutation({
    // Issued invoices and signed proposals are records the law keeps (docs/invoices.md and
    // docs/proposals.md, "Records"): said, not hidden.
    onSuccess: ({ kept }) => {
      const records = [...kept.invoices, ...kept.proposals.map((p) => `proposal ${p}`)];
      toast({
        title: 'Lead erased',
        ...(records.length > 0 && {
          description: `Kept, as the law asks: ${records.join(', ')}, without the link to this lead.`,
        }),
      });
    },
    onError: (error) => failureToast('Failed to erase the lead', error),
    onSettled: () => Promise.all([utils.leads.invalidate(), utils.messages.invalidate()]),
  });
}

/** One address by hand; a 400 or 409 is shown at the form's field, not in a toast. */
export function useAddSubscriber() {
  const utils = trpc.useUtils();
  return trpc.subscribers.add.useMutation({
    onSuccess: (subscriber) =>
      toast({
        title: 'Subscriber added',
        description:
          subscriber.status === 'confirmed'
            ? `${subscriber.email} is confirmed.`
            : `${subscriber.email} is pending: the confirmation mail is on its way.`,
      }),
    onSettled: () => utils.subscribers.invalidate(),
  });
}

/** One part of an import; the form sends the parts one after another and shows each row. */
export function useImportPart() {
  return trpc.subscribers.import.useMutation();
}

export function useResendConfirmation() {
  const utils = trpc.useUtils();
  return trpc.subscribers.resend.useMutation({
    onSuccess: () => toast({ title: 'Confirmation mail queued' }),
    onError: (error) => failureToast('Not resent', error),
    onSettled: () => utils.subscribers.invalidate(),
  });
}

export function useResendAllConfirmations() {
  return trpc.subscribers.resendAll.useMutation({
    onSuccess: ({ queued, heldBack }) =>
      toast({
        title: `${queued} confirmation ${queued === 1 ? 'mail' : 'mails'} queued`,
        description:
          heldBack > 0
            ? `${heldBack} pending ${heldBack === 1 ? 'address was' : 'addresses were'} resent one in the last 24 hours and ${heldBack === 1 ? 'was' : 'were'} skipped.`
            : undefined,
      }),
    onError: (error) => failureToast('Not resent', error),
  });
}
