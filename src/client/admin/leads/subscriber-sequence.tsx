import { sequenceSummary } from '#shared/newsletter-sequence';
import type { Subscriber } from '#shared/shapes/subscribers';

/**
 * A subscriber's welcome sequence under their status (docs/admin-guide.md, "Subscribers"):
 * how many of its mails they were given, or why it stopped. `steps` is the sequence's length
 * (undefined while it loads: nothing is shown rather than a wrong count).
 */
export function SequenceLine({
  sequence,
  steps,
  status,
}: {
  sequence: Subscriber['sequence'];
  steps: number | undefined;
  status: Subscriber['status'];
}) {
  if (steps === undefined) return null;
  const text = sequenceSummary(sequence, steps, status === 'bounced');
  return text ? <span className="mt-1 block text-xs text-muted">{text}</span> : null;
}
