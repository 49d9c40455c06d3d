import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { netPaid } from '#shared/proposal-payments';
import { formatMoney, PROPOSAL_STATUS_LABELS, type ProposalStatus } from '#shared/proposals';
import type { ListedProposal, Proposal } from '#shared/shapes/proposals';
import { focusRing } from '#shared/ui-styles';
import { DateTime } from '../ui/date-time';
import type { TableSpec } from '../ui/list-table';
import { ProposalStatusBadge } from './proposal-status';

const linkClass = `rounded font-medium break-words underline-offset-2 hover:underline ${focusRing}`;

/** The number and version, linking to the editor (a draft) or the proposal as sent. */
export function ProposalLink({ proposal }: { proposal: Proposal }) {
  return (
    <Link to="/admin/proposals/$id" params={{ id: String(proposal.id) }} className={linkClass}>
      {proposal.number} v{proposal.version}
    </Link>
  );
}

/** Sent, viewed and decided, each when it happened; a draft has none of them yet. */
export function ProposalDates({ proposal }: { proposal: Proposal }) {
  const steps: [string, string | null][] = [
    ['Sent', proposal.sentAt],
    ['Viewed', proposal.viewedAt],
    [proposal.status === 'declined' ? 'Declined' : 'Decided', proposal.decidedAt],
  ];
  const shown = steps.filter((step): step is [string, string] => step[1] !== null);
  if (shown.length === 0) return <span className="text-muted">Not sent</span>;
  return (
    <span className="flex flex-col">
      {shown.map(([label, iso]) => (
        <span key={label}>
          {label} <DateTime iso={iso} />
        </span>
      ))}
    </span>
  );
}

const money = (p: Proposal) => formatMoney(p.total, p.currency);

/**
 * What the client paid and the owner kept (refunds taken off, docs/payments.md): "Nothing yet"
 * while an accepted proposal waits for its deposit, a dash where nothing is asked yet.
 */
function paidText(p: Proposal): string {
  if (p.payments.length > 0) return formatMoney(netPaid(p.payments), p.currency);
  return p.status === 'accepted' && p.depositAmount > 0 ? 'Nothing yet' : '—';
}

function TitleCell({ proposal, extra }: { proposal: Proposal; extra?: ReactNode }) {
  return (
    <>
      <ProposalLink proposal={proposal} />
      <span className="block break-words text-ink">{proposal.title}</span>
      {extra}
      <span className="mt-1 flex flex-wrap items-center gap-2 text-muted md:hidden">
        <ProposalStatusBadge proposal={proposal} />
        <span className="tabular-nums">{money(proposal)}</span>
        {proposal.payments.length > 0 ? (
          <span className="tabular-nums">{paidText(proposal)} paid</span>
        ) : null}
      </span>
    </>
  );
}

const statusColumn = {
  header: 'Status',
  from: 'md',
  cell: (p: Proposal) => <ProposalStatusBadge proposal={p} />,
} as const;
const totalColumn = {
  header: 'Total',
  from: 'md',
  className: 'text-right',
  cellClass: 'text-muted tabular-nums whitespace-nowrap',
  cell: (p: Proposal) => money(p),
} as const;
const paidColumn = {
  header: 'Paid',
  from: 'md',
  className: 'text-right',
  cellClass: 'text-muted tabular-nums whitespace-nowrap',
  cell: (p: Proposal) => paidText(p),
} as const;
const datesColumn = {
  header: 'Sent, viewed, decided',
  from: 'sm',
  className: 'pr-4',
  cellClass: 'text-muted',
  cell: (p: Proposal) => <ProposalDates proposal={p} />,
} as const;

/** Every lead's proposals, newest first; on a phone the status and total go under the title. */
export function proposalsTable(status: ProposalStatus | undefined): TableSpec<ListedProposal> {
  return {
    caption: `${status ? `${PROPOSAL_STATUS_LABELS[status]} proposals` : 'Proposals'}, newest first`,
    rowKey: (p) => p.id,
    columns: [
      {
        header: 'Proposal',
        cell: (p) => (
          <TitleCell
            proposal={p}
            extra={
              p.lead === null ? (
                <span className="mt-1 block font-normal text-muted">
                  Client erased, kept as a record
                </span>
              ) : (
                <Link
                  to="/admin/leads/$id"
                  params={{ id: String(p.lead.id) }}
                  className={`${linkClass} mt-1 block w-fit font-normal text-muted`}
                >
                  {p.lead.name}
                  {p.lead.company ? `, ${p.lead.company}` : ''}
                </Link>
              )
            }
          />
        ),
      },
      statusColumn,
      totalColumn,
      paidColumn,
      datesColumn,
    ],
  };
}

/** A lead's proposals on its page, newest first. */
export const leadProposalsTable: TableSpec<Proposal> = {
  caption: "This lead's proposals, newest first",
  rowKey: (p) => p.id,
  columns: [
    { header: 'Proposal', cell: (p) => <TitleCell proposal={p} /> },
    statusColumn,
    totalColumn,
    paidColumn,
    datesColumn,
  ],
};
