import type { SubscriberStatus } from '../../../shared/newsletter';

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** Each colour pair keeps at least 4.5:1 contrast in its theme; the word carries the meaning. */
const BADGE_COLOURS: Record<SubscriberStatus, string> = {
  confirmed:
    'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-200',
  pending:
    'border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200',
  unsubscribed: 'border-line-strong bg-subtle text-muted',
};

/** A subscriber's status as a word in a pill: readable without its colour. */
export function StatusBadge({ status }: { status: SubscriberStatus }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_COLOURS[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
