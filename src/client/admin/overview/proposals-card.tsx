import { Link } from '@tanstack/react-router';
import { formatMoney } from '#shared/proposals';
import type { ProposalFigures } from '#shared/shapes/analytics';
import { Card } from '../ui/controls';
import { formatCount } from '../ui/number-words';

/**
 * "Proposals" on the Overview (docs/proposals.md, "Admin screens"): how many wait for a
 * client's answer, how many were accepted this month, and what was paid on them this month.
 */
export function ProposalsCard({ figures }: { figures: ProposalFigures }) {
  const paid = figures.depositsPaid.map(({ amount, currency }) => formatMoney(amount, currency));
  return (
    <Card labelledBy="overview-proposals-heading">
      <h2 id="overview-proposals-heading" className="mb-1 text-lg font-semibold text-ink">
        Proposals
      </h2>
      <p className="mb-3 text-sm text-muted">
        Now and this calendar month, whatever the days chosen above. Each one is in{' '}
        <Link to="/admin/proposals" className="underline underline-offset-2">
          Proposals
        </Link>
        .
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Out, awaiting an answer" value={formatCount(figures.out)} />
        <Figure label="Accepted this month" value={formatCount(figures.acceptedThisMonth)} />
        <Figure label="Deposits paid this month" value={paid.length > 0 ? paid.join(' + ') : '0'} />
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
