/**
 * The invoices' changes (docs/invoices.md; docs/api.md, "Invoices"): each answer goes into the
 * document's page at once, then every invoices read (the list, the lead's) is read again, and
 * the lead's page too (issuing and sending write on its timeline). A 400 is shown at its
 * fields by the form that asked; a 409 "incomplete" by the editor's notice; anything else in a
 * toast.
 */
import type { Invoice } from '#shared/shapes/invoices';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage, isBadRequest } from '../ui/errors';
import { incompleteOf } from './incomplete';

function failureToast(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/** A 400 (at its fields) and a 409 naming what is missing (the notice) are the form's own. */
function unlessShownByForm(action: string) {
  return (error: unknown) => {
    if (!isBadRequest(error) && !incompleteOf(error)) failureToast(action, error);
  };
}

function useRefreshInvoice() {
  const utils = trpc.useUtils();
  return {
    set: (invoice: Invoice) => utils.invoices.get.setData({ id: invoice.id }, { invoice }),
    refresh: () => Promise.all([utils.invoices.invalidate(), utils.leads.invalidate()]),
  };
}

export function useCreateInvoice() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.create.useMutation({
    onSuccess: ({ invoice }) => set(invoice),
    onError: (error) => failureToast('No invoice created', error),
    onSettled: () => refresh(),
  });
}

/** The balance of an accepted proposal, its deposit invoices deducted. */
export function useFinalDraft() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.finalDraft.useMutation({
    onSuccess: ({ invoice }) => {
      set(invoice);
      toast({ title: 'Final invoice drafted', description: 'Check it, then issue it.' });
    },
    onError: (error) => failureToast('No final invoice', error),
    onSettled: () => refresh(),
  });
}

export function useUpdateInvoice() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.update.useMutation({
    onSuccess: ({ invoice }) => {
      set(invoice);
      toast({ title: 'Invoice saved' });
    },
    onError: unlessShownByForm('Failed to save the invoice'),
    onSettled: () => refresh(),
  });
}

export function useDeleteInvoice() {
  const utils = trpc.useUtils();
  return trpc.invoices.remove.useMutation({
    onSuccess: () => toast({ title: 'Draft deleted' }),
    onError: (error) => failureToast('Not deleted', error),
    onSettled: () => Promise.all([utils.invoices.invalidate(), utils.leads.invalidate()]),
  });
}

export function useIssueInvoice() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.issue.useMutation({
    onSuccess: ({ invoice }, { send }) => {
      set(invoice);
      toast({
        title: send ? 'Invoice issued and sent' : 'Invoice issued',
        description: `${invoice.number ?? 'The invoice'} is numbered and can no longer change.`,
      });
    },
    onError: unlessShownByForm('Not issued'),
    onSettled: () => refresh(),
  });
}

export function useSendInvoice() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.send.useMutation({
    onSuccess: ({ invoice }) => {
      set(invoice);
      toast({ title: 'Invoice sent', description: `${invoice.number ?? 'It'} is on its way.` });
    },
    onError: (error) => failureToast('Not sent', error),
    onSettled: () => refresh(),
  });
}

export function useCreditInvoice() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.credit.useMutation({
    onSuccess: ({ invoice, creditNote }) => {
      set(invoice);
      set(creditNote);
      toast({ title: 'Credit note issued', description: creditNote.number ?? undefined });
    },
    onError: unlessShownByForm('Not credited'),
    onSettled: () => refresh(),
  });
}

export function useRecordInvoicePayment() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.recordPayment.useMutation({
    onSuccess: ({ invoice }) => {
      set(invoice);
      toast({ title: 'Payment recorded' });
    },
    onError: unlessShownByForm('Not recorded'),
    onSettled: () => refresh(),
  });
}

export function useInvoiceReminders() {
  const { set, refresh } = useRefreshInvoice();
  return trpc.invoices.reminders.useMutation({
    onSuccess: ({ invoice }) => {
      set(invoice);
      toast({ title: invoice.remindersStopped ? 'Reminders stopped' : 'Reminders on' });
    },
    onError: (error) => failureToast('Not changed', error),
    onSettled: () => refresh(),
  });
}
