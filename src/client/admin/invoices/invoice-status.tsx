import type { PaymentStatus } from '#shared/invoices/records';
import type { Invoice } from '#shared/shapes/invoices';
import { Badge, type BadgeTone } from '../ui/badge';
import { PAYMENT_STATUS_LABELS } from './invoice-labels';

/** Paid is done; owed (overdue the most) waits; credited is set aside. */
const TONES: Record<PaymentStatus, BadgeTone> = {
  unpaid: 'waiting',
  part_paid: 'waiting',
  overdue: 'waiting',
  paid: 'done',
  credited: 'quiet',
};

/**
 * Where a document stands as a word: "Draft" until issued, else its payment status as the
 * server derives it on the site's today (docs/invoices.md, "Invoices and credit notes").
 */
export function InvoiceStatusBadge({
  invoice,
}: {
  invoice: Pick<Invoice, 'status' | 'paymentStatus' | 'kind'>;
}) {
  if (invoice.status === 'draft') return <Badge tone="waiting">Draft</Badge>;
  if (invoice.status === 'cancelled') return <Badge tone="quiet">Cancelled</Badge>;
  // A credit note reads `credited`: it is issued, and owes nothing.
  if (invoice.kind === 'credit_note') return <Badge tone="quiet">Issued</Badge>;
  return (
    <Badge tone={TONES[invoice.paymentStatus]}>
      {PAYMENT_STATUS_LABELS[invoice.paymentStatus]}
    </Badge>
  );
}
