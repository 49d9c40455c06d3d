import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { OPEN_PROPOSAL_STATUSES } from '#shared/proposals';
import type { Acceptance, Proposal } from '#shared/shapes/proposals';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { PaymentsCard } from './payments-card';
import { ProposalDocument } from './proposal-document';
import { useReviseProposal, useWithdrawProposal } from './proposal-mutations';
import { ProposalDates } from './proposals-table';

/** A proposal can be revised while its client may still want a changed one. */
const REVISABLE: readonly string[] = ['sent', 'viewed', 'declined'];
const WITHDRAWABLE: readonly string[] = OPEN_PROPOSAL_STATUSES;

/**
 * A proposal once sent: read only. What was sent, what came of it (the acceptance's record,
 * the decline's reason), the payments, and Revise (a new draft version) or Withdraw.
 */
export function SentProposal({ proposal }: { proposal: Proposal }) {
  return (
    <>
      <Card labelledBy="proposal-state-heading">
        <h2 id="proposal-state-heading" className="mb-3 text-lg font-semibold text-ink">
          Where it stands
        </h2>
        <div className="text-sm text-muted">
          <ProposalDates proposal={proposal} />
        </div>
        {proposal.declineReason ? (
          <p className="mt-3 text-sm break-words text-ink">
            <span className="font-medium">Their reason:</span> {proposal.declineReason}
          </p>
        ) : null}
        {proposal.acceptance ? <AcceptanceRecord acceptance={proposal.acceptance} /> : null}
        <ProposalActions proposal={proposal} />
        <p className="mt-4 text-sm">
          {/* The server's PDF of the stored version, with the certificate once accepted. */}
          <a
            href={`/api/proposals/${proposal.id}/pdf`}
            className="rounded font-medium text-ink underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:focus-visible:ring-brand-400"
          >
            Open the PDF
          </a>
        </p>
      </Card>
      <Card labelledBy="proposal-document-heading">
        <h2 id="proposal-document-heading" className="mb-3 text-lg font-semibold text-ink">
          As sent
        </h2>
        <ProposalDocument proposal={proposal} />
      </Card>
      {proposal.status === 'accepted' || proposal.payments.length > 0 ? (
        <PaymentsCard proposal={proposal} />
      ) : null}
    </>
  );
}

/** The signature's record: who, from which address, when, and the hash of what they signed. */
function AcceptanceRecord({ acceptance }: { acceptance: Acceptance }) {
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold text-ink">Accepted</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-muted sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Name</dt>
        <dd className="break-words text-ink">{acceptance.name}</dd>
        <dt className="font-medium">E-mail</dt>
        <dd className="break-all">{acceptance.email}</dd>
        <dt className="font-medium">Time</dt>
        <dd>
          <DateTime iso={acceptance.at} />
        </dd>
        <dt className="font-medium">Document hash</dt>
        <dd className="font-mono text-xs break-all">{acceptance.documentHash}</dd>
      </dl>
    </div>
  );
}

function ProposalActions({ proposal }: { proposal: Proposal }) {
  const revise = useReviseProposal();
  const withdraw = useWithdrawProposal();
  const navigate = useNavigate();
  const [askingWithdraw, setAskingWithdraw] = useState(false);
  const canRevise = REVISABLE.includes(proposal.status);
  const canWithdraw = WITHDRAWABLE.includes(proposal.status);
  if (!canRevise && !canWithdraw) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {canRevise ? (
        <Button
          variant="secondary"
          isPending={revise.isPending}
          onPress={() =>
            revise.mutate(
              { id: proposal.id },
              {
                onSuccess: ({ proposal: draft }) =>
                  void navigate({ to: '/admin/proposals/$id', params: { id: String(draft.id) } }),
              },
            )
          }
        >
          {revise.isPending ? 'Drafting...' : 'Revise'}
        </Button>
      ) : null}
      {canWithdraw ? (
        <Button variant="ghost-danger" onPress={() => setAskingWithdraw(true)}>
          Withdraw
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={askingWithdraw}
        title="Withdraw this proposal"
        question="Its link then says it was withdrawn, and it can no longer be accepted."
        detail={`${proposal.number} v${proposal.version}: ${proposal.title}`}
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing..."
        isPending={withdraw.isPending}
        onCancel={() => setAskingWithdraw(false)}
        onConfirm={() =>
          withdraw.mutate({ id: proposal.id }, { onSettled: () => setAskingWithdraw(false) })
        }
      />
    </div>
  );
}
