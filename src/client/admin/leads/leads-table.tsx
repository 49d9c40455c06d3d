import { Link } from '@tanstack/react-router';
import { LEAD_STATUS_LABELS, type Lead, type LeadStatus } from '#shared/lead-pipeline';
import { focusRing } from '#shared/ui-styles';
import { DateTime } from '../ui/date-time';
import { LeadStatusBadge } from './lead-status';
import { TRIAGE_LABEL_NAMES, TriageBadge, firstLine, type TriageLabel } from './triage-label';

/** A lead's value as the owner wrote it, in whole units: "12,000", or a dash when not known. */
export function formatValue(value: number | null): string {
  return value === null ? '–' : value.toLocaleString('en-US');
}

interface LeadsTableProps {
  leads: Lead[];
  status: LeadStatus | undefined;
  /** The triage filter in force, named in the caption. */
  triage?: TriageLabel | undefined;
  /** With AI on: each lead's triage label beside its name, its summary's first line under it. */
  showTriage?: boolean;
  isBusy: boolean;
}

/**
 * The leads, latest activity first. On a phone the status, source and value go under the name,
 * which gets the width; from 768 px they have their columns.
 */
export function LeadsTable({ leads, status, triage, showTriage = false, isBusy }: LeadsTableProps) {
  return (
    <table
      aria-busy={isBusy || undefined}
      className={`w-full text-left text-sm transition-opacity ${isBusy ? 'opacity-60' : ''}`}
    >
      <caption className="sr-only">
        {status ? `${LEAD_STATUS_LABELS[status]} leads` : 'Leads'}
        {triage ? ` labelled ${TRIAGE_LABEL_NAMES[triage]}` : ''}, latest activity first
      </caption>
      <thead className="border-b border-line text-muted">
        <tr>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Name
          </th>
          <th scope="col" className="hidden py-2 pr-4 font-semibold md:table-cell">
            Status
          </th>
          <th scope="col" className="hidden py-2 pr-4 font-semibold md:table-cell">
            Source
          </th>
          <th scope="col" className="hidden py-2 pr-4 text-right font-semibold md:table-cell">
            Value
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Last activity
          </th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className="border-b border-line align-top">
            <td className="py-2 pr-4 text-ink">
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
              {lead.company ? (
                <span className="block break-words text-muted">{lead.company}</span>
              ) : null}
              {showTriage && lead.triage ? <SummaryLine summary={lead.triage.summary} /> : null}
              <span className="mt-1 flex flex-wrap items-center gap-2 text-muted md:hidden">
                <LeadStatusBadge status={lead.status} />
                <span>{lead.source}</span>
                {lead.value === null ? null : <span>{formatValue(lead.value)}</span>}
              </span>
            </td>
            <td className="hidden py-2 pr-4 md:table-cell">
              <LeadStatusBadge status={lead.status} />
            </td>
            <td className="hidden py-2 pr-4 break-all text-muted md:table-cell">{lead.source}</td>
            <td className="hidden py-2 pr-4 text-right text-muted tabular-nums md:table-cell">
              {lead.value === null ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">Not set</span>
                </>
              ) : (
                formatValue(lead.value)
              )}
            </td>
            <td className="py-2 pr-4 text-muted">
              <DateTime iso={lead.lastActivityAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The triage summary's first line, at most two lines of the cell (the rest is on the lead's page). */
function SummaryLine({ summary }: { summary: string }) {
  const line = firstLine(summary);
  return line ? (
    <span className="mt-1 block line-clamp-2 text-xs break-words text-muted">{line}</span>
  ) : null;
}
