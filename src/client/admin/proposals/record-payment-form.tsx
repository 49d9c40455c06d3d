import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Proposal } from '#shared/shapes/proposals';
import { depositDue } from '#shared/proposal-payments';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { errorMessage, isBadRequest } from '../ui/errors';
import { Button, TextInputField } from '../ui/controls';
import { pathIssues } from '../ui/field-issues';
import { majorText, minorAmount, PRICE_MESSAGE, type PathErrors } from './proposal-values';

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
    onSettled: () => Promise.all([utils.proposals.invalidate(), utils.leads.invalidate()]),
  });
}

/** The form starts with what is still due of the deposit, if anything. */
function blank(proposal: Proposal) {
  const due = depositDue(proposal.depositAmount, proposal.payments);
  return { amount: due > 0 ? majorText(due, proposal.currency) : '', paidAt: '', note: '' };
}

/** Amount (major units), the day it was paid, a note; each refusal at its field. */
export function RecordPaymentForm({ proposal }: { proposal: Proposal }) {
  const [values, setValues] = useState(() => blank(proposal));
  const [errors, setErrors] = useState<PathErrors>({});
  const record = useRecordPayment();
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    const amount = minorAmount(values.amount, proposal.currency);
    if (amount === null) {
      setErrors({ amount: PRICE_MESSAGE });
      return;
    }
    record.mutate(
      { id: proposal.id, amount, paidAt: values.paidAt, note: values.note || undefined },
      {
        onSuccess: ({ proposal: stored }) => {
          setValues(blank(stored));
          setErrors({});
        },
        onError: (error) => setErrors(pathIssues(error)),
      },
    );
  };
  return (
    <Form onSubmit={submit} validationBehavior="aria" aria-labelledby="record-payment-heading">
      <h3 id="record-payment-heading" className="mb-3 text-base font-semibold text-ink">
        Record a payment
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label={`Amount (${proposal.currency})`}
          name="amount"
          value={values.amount}
          onChange={(amount) => set({ amount })}
          error={errors['amount']}
        />
        <TextInputField
          label="Paid on"
          name="paidAt"
          type="date"
          value={values.paidAt}
          onChange={(paidAt) => set({ paidAt })}
          error={errors['paidAt']}
        />
      </div>
      <div className="mt-4">
        <TextInputField
          label="Note"
          name="note"
          value={values.note}
          onChange={(note) => set({ note })}
          error={errors['note']}
          description="E.g. the bank transfer's reference."
        />
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" isPending={record.isPending}>
          {record.isPending ? 'Recording...' : 'Record payment'}
        </Button>
      </div>
    </Form>
  );
}
