import { useEffect, useRef, type Ref } from 'react';
import { Link } from '@tanstack/react-router';
import type { Invoice } from '#shared/shapes/invoices';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { ArrowLeftIcon } from '../ui/icons';
import { parseIdParam } from '../ui/id-param';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { DraftInvoiceEditor } from './draft-invoice-editor';
import { kindLabel, numberOf } from './invoice-labels';
import { InvoiceStatusBadge } from './invoice-status';
import { IssuedInvoice } from './issued-invoice';
import { textLinkClass } from './seller-profile-link';

const backLinkClass =
  'inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400';

/** One invoice or credit note: the editor while a draft, else the document and its money. */
export function InvoicePage({ idParam }: { idParam: string }) {
  useDocumentTitle('Invoice');
  const id = parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/invoices" className={backLinkClass}>
        <ArrowLeftIcon />
        All invoices
      </Link>
      {id === null ? <NotFound /> : <LoadedInvoice id={id} />}
    </div>
  );
}

function NotFound() {
  return (
    <Card>
      <h1 className="mb-3 text-2xl font-bold text-ink">Invoice</h1>
      <p role="alert" className="text-muted">
        Invoice not found. A deleted draft is gone for good.
      </p>
    </Card>
  );
}

function LoadedInvoice({ id }: { id: number }) {
  const invoice = trpc.invoices.get.useQuery({ id });
  const heading = useFocusOnceIssued(invoice.data?.invoice.status);
  return (
    <QueryState
      query={invoice}
      pending="Loading invoice..."
      error="Error loading invoice"
      notFound={<NotFound />}
      frame={(state, kind) => (kind === 'error' ? <Card>{state}</Card> : state)}
    >
      {({ invoice: shown }) => (
        <>
          <InvoiceHeading invoice={shown} headingRef={heading} />
          {shown.status === 'draft' ? (
            // Keyed by the document: another draft starts from its own fields.
            <DraftInvoiceEditor key={shown.id} invoice={shown} />
          ) : (
            <IssuedInvoice
              invoice={shown}
              // After the dialog's own focus restore, which finds no Credit button to go back to.
              onWhollyCredited={() => requestAnimationFrame(() => heading.current?.focus())}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

/**
 * Issuing replaces the editor, and the button pressed with it, by the issued document: the
 * focus goes to the heading, which now reads the number, rather than to the page's top.
 */
function useFocusOnceIssued(status: Invoice['status'] | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'draft' && status === 'issued') heading.current?.focus();
    previous.current = status;
  }, [status]);
  return heading;
}

/** Its number (or Draft), kind and status, and the lead it belongs to. */
function InvoiceHeading({
  invoice,
  headingRef,
}: {
  invoice: Invoice;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold break-words text-ink outline-none"
        >
          {numberOf(invoice)} <span className="font-normal text-muted">{kindLabel(invoice)}</span>
        </h1>
        <InvoiceStatusBadge invoice={invoice} />
      </div>
      {invoice.leadId !== null ? (
        <p className="mt-2 text-sm text-muted">
          On{' '}
          <Link
            to="/admin/leads/$id"
            params={{ id: String(invoice.leadId) }}
            className={textLinkClass}
          >
            {invoice.buyer ? invoice.buyer.name : "the lead's page"}
          </Link>
          {invoice.proposalId !== null ? (
            <>
              {' · for '}
              <Link
                to="/admin/proposals/$id"
                params={{ id: String(invoice.proposalId) }}
                className={textLinkClass}
              >
                its proposal
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </Card>
  );
}
