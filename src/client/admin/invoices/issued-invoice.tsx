import { useState } from 'react';
import type { Invoice } from '#shared/shapes/invoices';
import { buttonClass } from '#shared/ui-styles';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card, Switch } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { CreditDialog } from './credit-dialog';
import { InvoiceDocument, viewOf } from './invoice-document';
import { InvoiceMoneyCard } from './invoice-money-card';
import { useInvoiceReminders, useSendInvoice } from './invoice-mutations';
import { InvoiceLink } from './invoices-table';

/**
 * An issued invoice or credit note, read only (docs/invoices.md, "The admin's screens"): its
 * files, Send (again), Credit, the reminders' switch; the document as issued; then the
 * payments and credit notes, and a payment by hand while something is owed.
 */
export function IssuedInvoice({
  invoice,
  onWhollyCredited,
}: {
  invoice: Invoice;
  /** Its Credit button is gone once nothing is left to credit: the focus goes elsewhere. */
  onWhollyCredited: () => void;
}) {
  return (
    <>
      <Card labelledBy="invoice-state-heading">
        <h2 id="invoice-state-heading" className="mb-3 text-lg font-semibold text-ink">
          Where it stands
        </h2>
        <InvoiceDates invoice={invoice} />
        {invoice.credits ? (
          <p className="mt-2 text-sm text-muted">
            Credits <InvoiceLink invoice={invoice.credits} />
          </p>
        ) : null}
        <InvoiceActions invoice={invoice} onWhollyCredited={onWhollyCredited} />
      </Card>
      <Card labelledBy="invoice-document-heading">
        <h2 id="invoice-document-heading" className="mb-3 text-lg font-semibold text-ink">
          As issued
        </h2>
        <InvoiceDocument view={viewOf(invoice)} />
      </Card>
      {invoice.kind === 'invoice' ? <InvoiceMoneyCard invoice={invoice} /> : null}
    </>
  );
}

function InvoiceDates({ invoice }: { invoice: Invoice }) {
  const steps: [string, string | null][] = [
    ['Issued', invoice.issuedAt],
    ['Sent', invoice.sentAt],
    ['Viewed', invoice.viewedAt],
  ];
  return (
    <p className="flex flex-col text-sm text-muted">
      {steps.map(([label, iso]) => (
        <span key={label}>
          {label} {iso ? <DateTime iso={iso} /> : 'not yet'}
        </span>
      ))}
    </p>
  );
}

function InvoiceActions({
  invoice,
  onWhollyCredited,
}: {
  invoice: Invoice;
  onWhollyCredited: () => void;
}) {
  const send = useSendInvoice();
  const reminders = useInvoiceReminders();
  const [askingSend, setAskingSend] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const isInvoice = invoice.kind === 'invoice';
  const canCredit = isInvoice && invoice.balance.credited < invoice.totals.gross;
  const sentBefore = invoice.sentAt !== null;
  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        {/* The server's files of the stored record: the same bytes each time (docs/invoices.md). */}
        <a href={`/api/invoices/${invoice.id}/pdf`} download className={buttonClass('secondary')}>
          Download PDF
        </a>
        <a href={`/api/invoices/${invoice.id}/xml`} download className={buttonClass('secondary')}>
          Download XML
        </a>
        <Button variant="secondary" onPress={() => setAskingSend(true)}>
          {sentBefore ? 'Send again' : 'Send'}
        </Button>
        {canCredit ? (
          <Button variant="ghost-danger" onPress={() => setCrediting(true)}>
            Credit
          </Button>
        ) : null}
      </div>
      {isInvoice ? (
        <div>
          <Switch
            isSelected={invoice.remindersStopped}
            // An erased client's invoice keeps its reminders stopped (the server refuses them).
            isDisabled={
              reminders.isPending || (invoice.leadId === null && invoice.remindersStopped)
            }
            aria-describedby="reminders-help"
            onChange={(stopped) => reminders.mutate({ id: invoice.id, stopped })}
          >
            Stop reminders
          </Switch>
          <p id="reminders-help" className="mt-1 text-sm text-muted">
            Reminders go on the days your seller profile names around the due date, until it is paid
            or credited.
          </p>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={askingSend}
        title={sentBefore ? 'Send this again' : 'Send this document'}
        question={`It is mailed to ${invoice.buyer?.email ?? 'the buyer'} with its PDF and a link to its page.`}
        detail={
          sentBefore
            ? 'The link in the earlier e-mail stops working: only the new one opens the page.'
            : undefined
        }
        confirmLabel={sentBefore ? 'Send again' : 'Send'}
        pendingLabel="Sending..."
        isPending={send.isPending}
        onCancel={() => setAskingSend(false)}
        onConfirm={() => send.mutate({ id: invoice.id }, { onSettled: () => setAskingSend(false) })}
      />
      {/* Mounted while the credit's answer comes, even if it leaves nothing to credit: its
          callbacks run only while it is. */}
      {isInvoice ? (
        <CreditDialog
          invoice={invoice}
          isOpen={crediting}
          onClose={(credited) => {
            setCrediting(false);
            if (credited && credited.balance.credited >= credited.totals.gross) onWhollyCredited();
          }}
        />
      ) : null}
    </div>
  );
}
