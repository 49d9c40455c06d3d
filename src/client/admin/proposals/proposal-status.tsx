import { depositPaid } from '#shared/proposal-payments';
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '#shared/proposals';
import type { Proposal } from '#shared/shapes/proposals';
import { Badge, type BadgeTone } from '../ui/badge';

/** Accepted is done; out with the client (or a draft) waits; the rest are set aside. */
const TONES: Record<ProposalStatus, BadgeTone> = {
  draft: 'waiting',
  sent: 'waiting',
  viewed: 'waiting',
  accepted: 'done',
  declined: 'quiet',
  expired: 'quiet',
  withdrawn: 'quiet',
  replaced: 'quiet',
};

/** The label an accepted proposal takes once its deposit is covered (docs/proposals.md). */
export const DEPOSIT_PAID_LABEL = 'Deposit paid';

/** Its status as shown: "Deposit paid" once accepted and the deposit covered. */
export function ProposalStatusBadge({
  proposal,
}: {
  proposal: Pick<Proposal, 'status' | 'depositAmount' | 'payments'>;
}) {
  const label = depositPaid(proposal)
    ? DEPOSIT_PAID_LABEL
    : PROPOSAL_STATUS_LABELS[proposal.status];
  return <Badge tone={TONES[proposal.status]}>{label}</Badge>;
}
