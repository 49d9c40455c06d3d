import { LEAD_STATUS_LABELS, type LeadStatus } from '#shared/lead-pipeline';
import { Badge, type BadgeTone } from '../ui/badge';

/** Won is done, lost set aside; every other status still asks something of the owner. */
const TONES: Record<LeadStatus, BadgeTone> = {
  new: 'waiting',
  replied: 'waiting',
  meeting: 'waiting',
  proposal: 'waiting',
  won: 'done',
  lost: 'quiet',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}
