import { trpc } from '#client/lib/trpc';
import { formatDateTime } from '../ui/date-time';

/** Read again while the screen is open: a failing mailbox shows without a reload. */
const POLL_MS = 60_000;

/**
 * Whether the owner's mailbox is read for answers (docs/leads.md, "Answers by e-mail"), and
 * what went wrong when it could not be: an outage loses nothing, but the owner should know why
 * answers are not showing.
 */
export function MailboxStatus() {
  const status = trpc.leads.mailbox.useQuery(undefined, { refetchInterval: POLL_MS });
  const mailbox = status.data?.mailbox;
  if (status.data === undefined) return null;
  if (mailbox === null || mailbox === undefined) {
    return (
      <p className="mt-3 text-sm text-muted">
        Answers to your replies arrive in your own mail program; set IMAP_URL to see them here.
      </p>
    );
  }
  if (mailbox.lastError) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
        Your mailbox could not be read
        {mailbox.lastPollAt ? ` (${formatDateTime(mailbox.lastPollAt)})` : ''}: {mailbox.lastError}.
        Nothing is lost: answers are read once it can be.
      </p>
    );
  }
  return (
    <p className="mt-3 text-sm text-muted">
      Answers are read from your mailbox
      {mailbox.lastPollAt ? `; last looked ${formatDateTime(mailbox.lastPollAt)}` : ''}.
    </p>
  );
}
