import { sellerOf } from '#shared/invoices/settings';
import type { InvoiceSettings } from '#shared/invoices/settings';
import type { Invoice, LeadBuyerShape } from '#shared/shapes/invoices';
import { Card } from '../ui/controls';
import { documentTitle, InvoiceDocument } from './invoice-document';
import type { InvoiceValues, typedInvoice } from './invoice-values';

interface DraftInvoicePreviewProps {
  invoice: Invoice;
  values: InvoiceValues;
  typed: ReturnType<typeof typedInvoice>;
  /** The seller profile once invoicing is on: the seller the document will name. */
  profile: InvoiceSettings | null;
  /** The lead's buyer as it stands: issuing freezes it (docs/invoices.md, "Drafts and issuing"). */
  buyer: LeadBuyerShape | null;
}

/**
 * The draft as it will read once issued, drawn from what is typed with the document's own
 * component: the parties as they stand now, the lines and the figures of `invoiceTotals`. The
 * number and the issue day come when it is issued.
 */
export function DraftInvoicePreview({
  invoice,
  values,
  typed,
  profile,
  buyer,
}: DraftInvoicePreviewProps) {
  return (
    <Card labelledBy="invoice-preview-heading">
      <h2 id="invoice-preview-heading" className="mb-3 text-lg font-semibold text-ink">
        Preview
      </h2>
      <InvoiceDocument
        view={{
          title: documentTitle(invoice),
          number: null,
          currency: invoice.currency,
          issueDate: null,
          dueDate: values.dueDate || null,
          supplyDate: values.supplyDate || null,
          supplyPeriod:
            values.supplyFrom && values.supplyTo
              ? { from: values.supplyFrom, to: values.supplyTo }
              : null,
          seller: profile ? sellerOf(profile) : null,
          buyer,
          items: typed.items,
          totals: typed.totals,
          lines: typed.totals.lines,
          exemptionText: values.exemptionText || null,
          paymentTerms: null,
        }}
      />
    </Card>
  );
}

/** Refusals with no field in the editor (`buyer.vatId` for a reverse charge), listed apart. */
export function OtherRefusals({ issues }: { issues: [string, string][] }) {
  if (issues.length === 0) return null;
  return (
    <div role="alert" className="text-sm text-red-700 dark:text-red-300">
      <p className="font-semibold">Not issued:</p>
      <ul className="list-disc pl-6">
        {issues.map(([path, message]) => (
          <li key={path}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
