import { formatMoney } from '#shared/proposals';
import type { InvoiceFigures } from '#shared/shapes/analytics';
import { Card } from '../ui/controls';

/**
 * "Invoices" on the Overview (docs/invoices.md, "The Overview"): what issued invoices still
 * owe, the part of it past its due day, and what was paid on invoices this month. Each
 * currency is summed apart, never converted.
 */
export function InvoicesCard({ figures }: { figures: InvoiceFigures }) {
  const money = (pick: (row: InvoiceFigures[number]) => number) => {
    const amounts = figures
      .filter((row) => pick(row) !== 0)
      .map((row) => formatMoney(pick(row), row.currency));
    return amounts.length > 0 ? amounts.join(' + ') : '0';
  };
  return (
    <Card labelledBy="overview-invoices-heading">
      <h2 id="overview-invoices-heading" className="mb-1 text-lg font-semibold text-ink">
        Invoices
      </h2>
      <p className="mb-3 text-sm text-muted">
        Now and this calendar month, whatever the days chosen above.
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Outstanding" value={money((row) => row.outstanding)} />
        <Figure label="Overdue" value={money((row) => row.overdue)} />
        <Figure label="Paid this month" value={money((row) => row.paidThisMonth)} />
      </dl>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-line p-3">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold break-words text-ink tabular-nums">{value}</dd>
    </div>
  );
}
