import type { Proposal } from '#shared/shapes/proposals';
import { depositDue } from '#shared/proposal-payments';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage, isBadRequest } from '../ui/errors';
import { PaymentForm } from '../ui/payment-form';

/** A payment received outside Stripe (a bank transfer): `proposals.recordPayment`, audited. */
function useRecordPayment() {
  const utils = trpc.useUtils();
  return trpc.proposals.recordPayment.useMutation({
    onSuccess: ({ proposal }) => {
      utils.proposals.get.setData({ id: proposal.id }, { proposal });
      toast({ title: 'Payment recorded' });
    },
    onError: (error) => {
      if (!isBadRequest(error)) {
        toast({
          title: 'Error',
          description: `Not recorded: ${errorMessage(error)}`,
          variant: 'destructive',
        });
      }
    },
    // With invoicing on, the payment issued its deposit invoice too (docs/invoices.md).
    onSettled: () =>
      Promise.all([
        utils.proposals.invalidate(),
        utils.leads.invalidate(),
        utils.invoices.invalidate(),
      ]),
  });
}

/** A sent proposal's payment; the form starts with what is still due of the deposit. */
export function RecordPaymentForm({ proposal }: { proposal: Proposal }) {
  const record = useRecordPayment();
  return (
    <PaymentForm
      id={proposal.id}
      currency={proposal.currency}
      due={depositDue(proposal.depositAmount, proposal.payments)}
      record={record}
      dueAfter={({ proposal: stored }) => depositDue(stored.depositAmount, stored.payments)}
    />
  );
}
