import { Link } from '@tanstack/react-router';
import type { Proposal } from '#shared/shapes/proposals';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { ArrowLeftIcon } from '../ui/icons';
import { parseIdParam } from '../ui/id-param';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { DraftEditor } from './draft-editor';
import { ProposalStatusBadge } from './proposal-status';
import { SentProposal } from './sent-proposal';

const backLinkClass =
  'inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400';

/** One proposal: the editor while it is a draft, else what was sent and what came of it. */
export function ProposalPage({ idParam }: { idParam: string }) {
  useDocumentTitle('Proposal');
  const id = parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/proposals" className={backLinkClass}>
        <ArrowLeftIcon />
        All proposals
      </Link>
      {id === null ? <NotFound /> : <LoadedProposal id={id} />}
    </div>
  );
}

function NotFound() {
  return (
    <Card>
      <h1 className="mb-3 text-2xl font-bold text-ink">Proposal</h1>
      <p role="alert" className="text-muted">
        Proposal not found. Its lead may have been erased.
      </p>
    </Card>
  );
}

function LoadedProposal({ id }: { id: number }) {
  const proposal = trpc.proposals.get.useQuery({ id });
  return (
    <QueryState
      query={proposal}
      pending="Loading proposal..."
      error="Error loading proposal"
      notFound={<NotFound />}
      frame={(state, kind) => (kind === 'error' ? <Card>{state}</Card> : state)}
    >
      {({ proposal: p }) => (
        <>
          <ProposalHeading proposal={p} />
          {p.status === 'draft' ? (
            // Keyed by the proposal: a revision's new draft starts from its own fields.
            <DraftEditor key={p.id} proposal={p} />
          ) : (
            <SentProposal proposal={p} />
          )}
        </>
      )}
    </QueryState>
  );
}

/** The number, version and status, and whom it is for (the lead, a link back to them). */
function ProposalHeading({ proposal }: { proposal: Proposal }) {
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words text-ink">
          {proposal.number} <span className="font-normal text-muted">v{proposal.version}</span>
        </h1>
        <ProposalStatusBadge proposal={proposal} />
      </div>
      {proposal.leadId === null ? (
        <p className="mt-2 text-sm text-muted">{KEPT_RECORD_TEXT}</p>
      ) : (
        <ForLead leadId={proposal.leadId} />
      )}
    </Card>
  );
}

/** A signed proposal outlives its erased client (docs/proposals.md, "Records"). */
const KEPT_RECORD_TEXT =
  'Its client was erased: this signed proposal is kept as a record, read only.';

function ForLead({ leadId }: { leadId: number }) {
  const lead = trpc.leads.get.useQuery({ id: leadId });
  return (
    <p className="mt-2 text-sm text-muted">
      For{' '}
      <Link
        to="/admin/leads/$id"
        params={{ id: String(leadId) }}
        className="rounded font-medium text-ink underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:focus-visible:ring-brand-400"
      >
        {lead.data ? lead.data.lead.name : 'the lead'}
      </Link>
      {lead.data ? ` <${lead.data.lead.email}>` : ''}
    </p>
  );
}
