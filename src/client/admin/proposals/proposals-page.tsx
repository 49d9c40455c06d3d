import {
  PROPOSAL_STATUS_LABELS,
  PROPOSALS_PAGE_SIZE,
  proposalStatusValues,
} from '#shared/proposals';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { ListTable } from '../ui/list-table';
import { StatusFilter } from '../ui/status-filter';
import { useDocumentTitle } from '../ui/use-document-title';
import { ProposalSettingsCard } from './proposal-settings';
import { proposalsTable } from './proposals-table';
import { UnmatchedPaymentsCard } from './unmatched-payments';
import type { ProposalSearch } from './search-params';

interface ProposalsPageProps {
  search: ProposalSearch;
  onSearch: (search: ProposalSearch) => void;
}

/**
 * Every lead's proposals by status as shown (an open one past its day reads Expired), 25 a
 * page, each opening its editor; Stripe's payments that matched none, when there are any;
 * then the settings every proposal starts from.
 */
export function ProposalsPage({ search, onSearch }: ProposalsPageProps) {
  useDocumentTitle('Proposals');
  const page = search.page ?? 1;
  const { status } = search;
  const list = trpc.proposals.list.useQuery(
    { page, status },
    { placeholderData: (previous) => previous },
  );
  const total = list.data?.total;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="mb-4">
          <h1 className="text-2xl font-bold text-ink">Proposals</h1>
          <p className="mt-1 text-muted">
            What you offered each lead, from draft to accepted
            {total === undefined ? '' : ` · ${total} ${total === 1 ? 'proposal' : 'proposals'}`}
          </p>
        </div>
        <div className="mb-4">
          <StatusFilter
            values={proposalStatusValues}
            labels={PROPOSAL_STATUS_LABELS}
            status={status}
            onChange={(next) => onSearch({ status: next })}
          />
        </div>
        <ListTable
          query={list}
          pending="Loading proposals..."
          error="Error loading proposals"
          emptyPage="No proposals on this page."
          empty={() =>
            status
              ? `No ${PROPOSAL_STATUS_LABELS[status].toLowerCase()} proposals.`
              : 'No proposals yet. Start one from a lead’s page.'
          }
          rows={(data) => data.proposals}
          {...proposalsTable(status)}
          pager={{
            page,
            pageSize: PROPOSALS_PAGE_SIZE,
            label: 'Proposals',
            onPage: (next) => onSearch({ status, page: next > 1 ? next : undefined }),
          }}
        />
      </Card>
      <UnmatchedPaymentsCard />
      <ProposalSettingsCard />
    </div>
  );
}
