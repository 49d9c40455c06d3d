import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '#shared/proposals';
import { Badge, type BadgeTone } from '../badge';

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

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={TONES[status]}>{PROPOSAL_STATUS_LABELS[status]}</Badge>;
}
