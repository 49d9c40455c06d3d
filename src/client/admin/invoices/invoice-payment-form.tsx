import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Invoice } from '#shared/shapes/invoices';
import { majorText, minorAmount, PRICE_MESSAGE } from '../proposals/proposal-values';
import { Button, TextInputField } from '../ui/controls';
import { pathIssues } from '../ui/field-issues';
import { useRecordInvoicePayment } from './invoice-mutations';
import type { PathErrors } from './invoice-values';

/** The form starts with what is still owed, if anything. */
function blank(invoice: Invoice) {
  const owed = invoice.balance.outstanding;
  return { amount: owed > 0 ? majorText(owed, invoice.currency) : '', paidAt: '', note: '' };
}

/**
 * A bank transfer recorded by hand (docs/invoices.md, "Payments"): amount (major units), the
 * day it arrived, a note; at most what is owed, each refusal at its field (`invoices.recordPayment`).
 */
export function InvoicePaymentForm({
  invoice,
  onPaidUp,
}: {
  invoice: Invoice;
  /** Nothing is owed any more: the form is about to go. */
  onPaidUp: () => void;
}) {
  const [values, setValues] = useState(() => blank(invoice));
  const [errors, setErrors] = useState<PathErrors>({});
  const record = useRecordInvoicePayment();
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    const amount = minorAmount(values.amount, invoice.currency);
    if (amount === null) {
      setErrors({ amount: PRICE_MESSAGE });
      return;
    }
    record.mutate(
      { id: invoice.id, amount, paidAt: values.paidAt, note: values.note || undefined },
      {
        onSuccess: ({ invoice: stored }) => {
          setValues(blank(stored));
          setErrors({});
          if (stored.balance.outstanding <= 0) onPaidUp();
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
          label={`Amount (${invoice.currency})`}
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
