import { Link } from '@tanstack/react-router';
import { LEAD_STATUS_LABELS, type LeadStatus } from '#shared/lead-pipeline';
import type { Lead } from '#shared/shapes/leads';
import { focusRing } from '#shared/ui-styles';
import { DateTime } from '../ui/date-time';
import type { TableSpec } from '../ui/list-table';
import { LeadStatusBadge } from './lead-status';
import { TRIAGE_LABEL_NAMES, TriageBadge, firstLine, type TriageLabel } from './triage-label';

/** A lead's value as the owner wrote it, in whole units: "12,000", or a dash when not known. */
export function formatValue(value: number | null): string {
  return value === null ? '–' : value.toLocaleString('en-US');
}

interface LeadsTableOptions {
  status: LeadStatus | undefined;
  /** The triage filter in force, named in the caption. */
  triage?: TriageLabel | undefined;
  /** With AI on: each lead's triage label beside its name, its summary's first line under it. */
  showTriage?: boolean;
}

/**
 * The leads, latest activity first. On a phone the status, source and value go under the name,
 * which gets the width; from 768 px they have their columns.
 */
export function leadsTable({
  status,
  triage,
  showTriage = false,
}: LeadsTableOptions): TableSpec<Lead> {
  return {
    caption: (
      <>
        {status ? `${LEAD_STATUS_LABELS[status]} leads` : 'Leads'}
        {triage ? ` labelled ${TRIAGE_LABEL_NAMES[triage]}` : ''}, latest activity first
      </>
    ),
    rowKey: (lead) => lead.id,
    columns: [
      {
        header: 'Name',
        cellClass: 'text-ink',
        cell: (lead) => <NameCell lead={lead} showTriage={showTriage} />,
      },
      { header: 'Status', from: 'md', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
      {
        header: 'Source',
        from: 'md',
        cellClass: 'break-all text-muted',
        cell: (lead) => lead.source,
      },
      {
        header: 'Value',
        from: 'md',
        className: 'text-right',
        cellClass: 'text-muted tabular-nums',
        cell: (lead) =>
          lead.value === null ? (
            <>
              <span aria-hidden="true">–</span>
              <span className="sr-only">Not set</span>
            </>
          ) : (
            formatValue(lead.value)
          ),
      },
      {
        header: 'Last activity',
        className: 'pr-4',
        cellClass: 'text-muted',
        cell: (lead) => <DateTime iso={lead.lastActivityAt} />,
      },
    ],
  };
}

/** The name, its unread count and triage label, and on a phone what the hidden columns say. */
function NameCell({ lead, showTriage }: { lead: Lead; showTriage: boolean }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <Link
          to="/admin/leads/$id"
          params={{ id: String(lead.id) }}
          className={`rounded break-all underline-offset-2 hover:underline ${lead.unread > 0 ? 'font-bold' : 'font-medium'} ${focusRing}`}
        >
          {lead.name}
        </Link>
        {lead.unread > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            {lead.unread} unread
          </span>
        ) : null}
        {showTriage && lead.triage ? <TriageBadge label={lead.triage.label} /> : null}
      </span>
      {lead.company ? <span className="block break-words text-muted">{lead.company}</span> : null}
      {showTriage && lead.triage ? <SummaryLine summary={lead.triage.summary} /> : null}
      <span className="mt-1 flex flex-wrap items-center gap-2 text-muted md:hidden">
        <LeadStatusBadge status={lead.status} />
        <span>{lead.source}</span>
        {lead.value === null ? null : <span>{formatValue(lead.value)}</span>}
      </span>
    </>
  );
}

/** The triage summary's first line, at most two lines of the cell (the rest is on the lead's page). */
function SummaryLine({ summary }: { summary: string }) {
  const line = firstLine(summary);
  return line ? (
    <span className="mt-1 block line-clamp-2 text-xs break-words text-muted">{line}</span>
  ) : null;
}
