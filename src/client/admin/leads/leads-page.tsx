import { LEAD_STATUS_LABELS, LEADS_PAGE_SIZE } from '#shared/lead-pipeline';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { useDocumentTitle } from '../ui/use-document-title';
import { ListTable } from '../ui/list-table';
import { QueryState } from '../ui/query-state';
import { AttentionBlock } from './attention-block';
import { MailboxStatus } from './mailbox-status';
import { ListSearchField } from '../ui/list-search-field';
import { LeadStatusFilter } from './lead-status-filter';
import { leadsTable } from './leads-table';
import type { LeadSearch } from './search-params';
import { TriageFilter } from './triage-filter';
import { TRIAGE_LABEL_NAMES } from './triage-label';
import { useAiEnabled } from '../ui/use-ai';

interface LeadsPageProps {
  search: LeadSearch;
  /** `replace`: a search typed replaces the address instead of adding to the history. */
  onSearch: (search: LeadSearch, options?: { replace: boolean }) => void;
}

/**
 * Who needs an answer first, then every lead by status, searchable. With AI on, each lead's
 * triage label and the triage filter too (docs/leads.md); without it, none of that shows.
 */
export function LeadsPage({ search, onSearch }: LeadsPageProps) {
  useDocumentTitle('Leads');
  const aiEnabled = useAiEnabled();
  const page = search.page ?? 1;
  const { status, q } = search;
  // A `?triage=` kept in an address from when AI was on filters nothing once it is off.
  const triage = aiEnabled ? search.triage : undefined;
  const list = trpc.leads.list.useQuery(
    { page, q, status, triage },
    // The previous list stays on screen, marked busy, while the next one loads.
    { placeholderData: (previous) => previous },
  );
  const attention = trpc.leads.attention.useQuery();
  const total = list.data?.total;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="mb-4">
          <h1 className="text-2xl font-bold text-ink">Leads</h1>
          <p className="mt-1 text-muted">
            Everyone who wrote to you, from enquiry to client
            {total === undefined
              ? ''
              : ` · ${total} ${q ? 'found' : total === 1 ? 'lead' : 'leads'}`}
          </p>
        </div>
        <QueryState
          query={attention}
          pending="Loading what needs attention..."
          error="Error loading what needs attention"
        >
          {(data) => <AttentionBlock attention={data} />}
        </QueryState>
        <MailboxStatus />
      </Card>

      <Card>
        <div className="mb-4 flex flex-col gap-4">
          <ListSearchField
            q={q}
            onChange={(next) => onSearch({ status, triage, q: next }, { replace: true })}
          />
          <LeadStatusFilter
            status={status}
            counts={list.data?.counts}
            onChange={(next) => onSearch({ q, triage, status: next })}
          />
          {aiEnabled ? (
            <TriageFilter
              label={triage}
              onChange={(next) => onSearch({ q, status, triage: next })}
            />
          ) : null}
        </div>
        <ListTable
          query={list}
          pending="Loading leads..."
          error="Error loading leads"
          emptyPage="No leads on this page."
          empty={() =>
            q
              ? 'No leads match your search.'
              : triage
                ? `No ${status ? `${LEAD_STATUS_LABELS[status].toLowerCase()} ` : ''}leads labelled ${TRIAGE_LABEL_NAMES[triage].toLowerCase()}.`
                : status
                  ? `No ${LEAD_STATUS_LABELS[status].toLowerCase()} leads.`
                  : 'No leads yet. Everyone who writes through the contact form appears here.'
          }
          rows={(data) => data.leads}
          {...leadsTable({ status, triage, showTriage: aiEnabled })}
          pager={{
            page,
            pageSize: LEADS_PAGE_SIZE,
            label: 'Leads',
            onPage: (next) => onSearch({ ...search, page: next > 1 ? next : undefined }),
          }}
        />
      </Card>
    </div>
  );
}
