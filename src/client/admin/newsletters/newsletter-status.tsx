import type { NewsletterStatus } from '../../../shared/newsletter';

export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

/** Each colour pair keeps at least 4.5:1 contrast in its theme; the word carries the meaning. */
const BADGE_COLOURS: Record<NewsletterStatus, string> = {
  draft: 'border-line-strong bg-subtle text-muted',
  sending:
    'border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200',
  sent: 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-200',
};

/** A newsletter's status as a word in a pill: readable without its colour. */
export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_COLOURS[status]}`}
    >
      {NEWSLETTER_STATUS_LABELS[status]}
    </span>
  );
}
