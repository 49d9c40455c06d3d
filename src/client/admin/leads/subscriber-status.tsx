import type { SubscriberStatus } from '#shared/newsletter';
import { Badge, type BadgeTone } from '../badge';

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

const TONES: Record<SubscriberStatus, BadgeTone> = {
  confirmed: 'done',
  pending: 'waiting',
  unsubscribed: 'quiet',
};

export function StatusBadge({ status }: { status: SubscriberStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
