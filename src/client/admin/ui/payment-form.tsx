/**
 * **Record a payment** received outside Stripe (a bank transfer), for a sent proposal and an
 * issued invoice alike: amount (major units), the day it was paid, a note; each refusal at its
 * field. The document's own mutation stores it (`recordPayment`, the same input for both).
 */
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { majorText, minorAmount, PRICE_MESSAGE } from './amount-text';
import { Button, TextInputField } from './controls';
import { pathIssues } from './field-issues';

/** What `proposals.recordPayment` and `invoices.recordPayment` take. */
interface PaymentInput {
  id: number;
  /** Minor units. */
  amount: number;
  paidAt: string;
  note: string | undefined;
}

/** The document's `recordPayment` mutation, answering with the document as stored (`A`). */
interface RecordPayment<A> {
  isPending: boolean;
  mutate: (
    input: PaymentInput,
    options: { onSuccess: (answer: A) => void; onError: (error: unknown) => void },
  ) => void;
}

interface PaymentFormProps<A> {
  /** The proposal's or the invoice's id. */
  id: number;
  currency: string;
  /** What is still due, in minor units: the amount starts with it, if anything. */
  due: number;
  record: RecordPayment<A>;
  /** What is still due once the answer's payment counts. */
  dueAfter: (answer: A) => number;
  /** Stored, after the form has started again from `due`. */
  onRecorded?: (due: number) => void;
}

/** The form starts with what is still due, if anything. */
function blank(due: number, currency: string) {
  return { amount: due > 0 ? majorText(due, currency) : '', paidAt: '', note: '' };
}

export function PaymentForm<A>({
  id,
  currency,
  due,
  record,
  dueAfter,
  onRecorded,
}: PaymentFormProps<A>) {
  const [values, setValues] = useState(() => blank(due, currency));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    const amount = minorAmount(values.amount, currency);
    if (amount === null) {
      setErrors({ amount: PRICE_MESSAGE });
      return;
    }
    record.mutate(
      { id, amount, paidAt: values.paidAt, note: values.note || undefined },
      {
        onSuccess: (answer) => {
          const left = dueAfter(answer);
          setValues(blank(left, currency));
          setErrors({});
          onRecorded?.(left);
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
          label={`Amount (${currency})`}
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
