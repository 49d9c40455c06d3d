import type { NewsletterStatus } from '#shared/newsletter';
import { Badge, type BadgeTone } from '../ui/badge';

const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

const TONES: Record<NewsletterStatus, BadgeTone> = {
  draft: 'quiet',
  sending: 'waiting',
  sent: 'done',
};

export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  return <Badge tone={TONES[status]}>{NEWSLETTER_STATUS_LABELS[status]}</Badge>;
}
