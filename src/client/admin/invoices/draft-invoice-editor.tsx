import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from '@tanstack/react-router';
import type { Invoice } from '#shared/shapes/invoices';
import { trpc } from '#client/lib/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { isBadRequest } from '../ui/errors';
import { pathIssues } from '../ui/field-issues';
import { TrashIcon } from '../ui/icons';
import { SaveBar } from '../ui/save-bar';
import { DraftInvoiceFields } from './draft-invoice-fields';
import { incompleteOf, type Incomplete } from './incomplete';
import { IncompleteNotice } from './incomplete-notice';
import { DraftInvoicePreview, OtherRefusals } from './draft-invoice-preview';
import { InvoiceFigures } from './invoice-figures';
import { InvoiceItemRows } from './invoice-item-rows';
import { useDeleteInvoice, useIssueInvoice, useUpdateInvoice } from './invoice-mutations';
import {
  invoiceValuesOf,
  toInvoiceUpdate,
  typedInvoice,
  type InvoiceValues,
  type PathErrors,
} from './invoice-values';

/** The paths the editor has a field for; any other refusal (`buyer.vatId`) is listed apart. */
const FIELD_PATH = /^(items|dueDate|supplyDate|supplyPeriod|exemptionText)(\.|$)/;

type Asking = 'issue' | 'send' | 'delete' | null;

/**
 * A draft invoice's editor (docs/invoices.md, "The admin's screens"): its items, days and
 * exemption text, the figures by the shared `invoiceTotals` as the server will store them,
 * Save, Delete, Issue and Issue and send (each asked first: an issued invoice never changes).
 * Issuing saves what is typed first. Beside it from 1024 px, under it on a phone, the document
 * as it will read. A 409 naming what the profile or the buyer lacks is listed with its link.
 */
export function DraftInvoiceEditor({ invoice }: { invoice: Invoice }) {
  const [values, setValues] = useState(() => invoiceValuesOf(invoice));
  const [errors, setErrors] = useState<PathErrors>({});
  const [incomplete, setIncomplete] = useState<Incomplete | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const update = useUpdateInvoice();
  const issue = useIssueInvoice();
  const profile = trpc.invoices.settings.useQuery();
  const lead = trpc.leads.get.useQuery(
    { id: invoice.leadId ?? 0 },
    { enabled: invoice.leadId !== null },
  );
  const defaults = profile.data?.invoicingOn ? profile.data.settings : null;
  const typed = typedInvoice(values, invoice.currency, invoice.totals.prepaid);
  const isDirty = JSON.stringify(strip(values)) !== JSON.stringify(strip(invoiceValuesOf(invoice)));
  const otherIssues = Object.entries(errors).filter(([path]) => !FIELD_PATH.test(path));
  const form = useFocusFirstInvalid(errors);

  /** A refusal: at its fields (400), or the notice of what is missing (409). */
  const refused = (error: unknown) => {
    setAsking(null);
    const missing = incompleteOf(error);
    if (missing) setIncomplete(missing);
    else if (isBadRequest(error)) setErrors(pathIssues(error));
  };

  /** Checks and stores what is typed; then `after`, if given. */
  const save = (after?: () => void) => {
    const checked = toInvoiceUpdate(invoice.id, values, invoice.currency);
    if (!checked.ok) {
      setErrors(checked.errors);
      setAsking(null);
      return;
    }
    update.mutate(checked.input, {
      onSuccess: ({ invoice: stored }) => {
        setValues(invoiceValuesOf(stored));
        setErrors({});
        after?.();
      },
      onError: refused,
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!update.isPending && isDirty) save();
  };
  const issueNow = (send: boolean) => {
    setIncomplete(null);
    issue.mutate(
      { id: invoice.id, ...(send && { send: true }) },
      { onSuccess: () => setAsking(null), onError: refused },
    );
  };
  const confirmIssue = (send: boolean) => (isDirty ? save(() => issueNow(send)) : issueNow(send));

  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <Card>
        <Form
          ref={form}
          onSubmit={submit}
          validationBehavior="aria"
          aria-label="Invoice draft"
          className="flex flex-col gap-4"
        >
          {incomplete ? <IncompleteNotice incomplete={incomplete} leadId={invoice.leadId} /> : null}
          <OtherRefusals issues={otherIssues} />
          <InvoiceItemRows
            items={values.items}
            onChange={(items) => setValues({ ...values, items })}
            errors={errors}
            currency={invoice.currency}
            lines={typed.totals.lines}
            defaults={defaults}
          />
          <DraftInvoiceFields
            values={values}
            onChange={setValues}
            errors={errors}
            paymentTermsDays={profile.data?.settings.paymentTermsDays}
          />
          <InvoiceFigures totals={typed.totals} currency={invoice.currency} live />
          <SaveBar isDirty={isDirty} isPending={update.isPending} variant="secondary">
            <Button variant="secondary" onPress={() => setAsking('issue')}>
              Issue
            </Button>
            <Button onPress={() => setAsking('send')}>Issue and send</Button>
          </SaveBar>
          <div className="border-t border-line pt-4">
            <Button variant="ghost-danger" onPress={() => setAsking('delete')}>
              <TrashIcon />
              Delete draft
            </Button>
          </div>
        </Form>
      </Card>
      <DraftInvoicePreview
        invoice={invoice}
        values={values}
        typed={typed}
        profile={defaults}
        buyer={lead.data?.lead.buyer ?? null}
      />
      <ConfirmDialog
        isOpen={asking === 'issue' || asking === 'send'}
        title={asking === 'send' ? 'Issue and send this invoice' : 'Issue this invoice'}
        question={
          asking === 'send'
            ? `It takes the next number and is mailed to ${lead.data?.lead.buyer?.email ?? lead.data?.lead.email ?? 'the buyer'} with its PDF and a link.`
            : 'It takes the next number and can no longer change: a mistake is then corrected by a credit note.'
        }
        detail={isDirty ? 'Your changes are saved first.' : undefined}
        confirmLabel={asking === 'send' ? 'Issue and send' : 'Issue'}
        pendingLabel="Issuing..."
        isPending={update.isPending || issue.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => confirmIssue(asking === 'send')}
      />
      <DeleteDraftDialog
        invoice={invoice}
        isOpen={asking === 'delete'}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}

/** A refusal moves the focus to the first field it names, as the form's words are there. */
function useFocusFirstInvalid(errors: PathErrors) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    // Text fields only: a Select's hidden native copy carries the state too, and is not the field.
    form.current
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"])[aria-invalid="true"], textarea[aria-invalid="true"]',
      )
      ?.focus();
  }, [errors]);
  return form;
}

interface DeleteDraftDialogProps {
  invoice: Invoice;
  isOpen: boolean;
  onClose: () => void;
}

/** Delete, asked first; then back to the list, where the draft is gone. */
function DeleteDraftDialog({ invoice, isOpen, onClose }: DeleteDraftDialogProps) {
  const remove = useDeleteInvoice();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="Delete this draft"
      question="The draft is deleted for good. No number was used: it had none."
      detail={
        // A deposit's draft carries the payment it was made for (docs/invoices.md, "Deposits").
        invoice.payments.length > 0
          ? 'The payments recorded on it go with it: issue it instead to keep them on an invoice.'
          : undefined
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(
          { id: invoice.id },
          {
            onSuccess: () => void navigate({ to: '/admin/invoices' }),
            onSettled: onClose,
          },
        )
      }
    />
  );
}

/** The values without the rows' keys, which only React reads. */
function strip(values: InvoiceValues) {
  return { ...values, items: values.items.map(({ key: _key, ...item }) => item) };
}
