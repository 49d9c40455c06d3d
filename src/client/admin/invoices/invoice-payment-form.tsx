import type { Invoice } from '#shared/shapes/invoices';
import { PaymentForm } from '../ui/payment-form';
import { useRecordInvoicePayment } from './invoice-mutations';

/**
 * A bank transfer recorded by hand (docs/invoices.md, "Payments"): at most what is owed, the
 * form starting with it (`invoices.recordPayment`).
 */
export function InvoicePaymentForm({
  invoice,
  onPaidUp,
}: {
  invoice: Invoice;
  /** Nothing is owed any more: the form is about to go. */
  onPaidUp: () => void;
}) {
  const record = useRecordInvoicePayment();
  return (
    <PaymentForm
      id={invoice.id}
      currency={invoice.currency}
      due={invoice.balance.outstanding}
      record={record}
      dueAfter={({ invoice: stored }) => stored.balance.outstanding}
      onRecorded={(owed) => {
        if (owed <= 0) onPaidUp();
      }}
    />
  );
}
