import type { SubscriberShownStatus } from '#shared/newsletter';
import { Badge, type BadgeTone } from '../ui/badge';

export const STATUS_LABELS: Record<SubscriberShownStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

const TONES: Record<SubscriberShownStatus, BadgeTone> = {
  confirmed: 'done',
  pending: 'waiting',
  unsubscribed: 'quiet',
  // Set aside like an unsubscribed address: nothing is sent to it (docs/newsletter.md).
  bounced: 'quiet',
};

export function StatusBadge({ status }: { status: SubscriberShownStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
