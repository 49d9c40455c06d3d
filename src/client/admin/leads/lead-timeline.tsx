import { Link } from '@tanstack/react-router';
import { LEAD_STATUS_LABELS } from '#shared/lead-pipeline';
import type { TimelineEvent } from '#shared/shapes/leads';
import { Badge } from '../ui/badge';
import { Button } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { ReplyMarkdown } from './reply-markdown';

const linkClass =
  'text-brand-700 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-brand-300 dark:focus-visible:ring-brand-400';

interface LeadTimelineProps {
  events: TimelineEvent[];
  /** The lead's name: who wrote its messages. */
  name: string;
  /** The lead's address: an answer from it is titled by the name. */
  email: string;
  /** The reply being sent again, if any (its button waits). */
  retrying?: number | null;
  onRetry: (event: TimelineEvent) => void;
}

/**
 * What happened with the lead, oldest first; each entry says what, who and when. Their
 * messages and answers and the notes are shown as text with their line breaks; a reply as its
 * Markdown reads in the mail (reply-markdown.tsx). Nothing is ever inserted as HTML.
 */
export function LeadTimeline({ events, name, email, retrying = null, onRetry }: LeadTimelineProps) {
  if (events.length === 0) return <p className="text-muted">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-3">
      {events.map((event, i) => (
        <li
          key={event.id}
          className={`rounded-lg border border-l-4 border-line p-3 ${EDGES[event.kind] ?? 'border-l-line'} bg-raised`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium text-ink">
              <EventTitle event={event} name={name} email={email} previous={events[i - 1]} />
            </p>
            <span className="text-sm text-muted">
              <DateTime iso={event.at} />
            </span>
          </div>
          <EventBody
            event={event}
            movedLater={events.slice(i + 1).some((later) => later.kind === 'booking_rescheduled')}
            isRetrying={retrying === event.id}
            onRetry={onRetry}
          />
        </li>
      ))}
    </ol>
  );
}

/** A bar by kind (never the only sign: the title says the kind in words). */
const EDGES: Partial<Record<TimelineEvent['kind'], string>> = {
  message: 'border-l-brand-700 dark:border-l-brand-400',
  reply_received: 'border-l-brand-700 dark:border-l-brand-400',
  reply_sent: 'border-l-green-700 dark:border-l-green-400',
  note: 'border-l-amber-700 dark:border-l-amber-400',
};

function EventTitle({
  event,
  name,
  email,
  previous,
}: {
  event: TimelineEvent;
  name: string;
  email: string;
  previous: TimelineEvent | undefined;
}) {
  const by = event.actor ?? 'someone';
  switch (event.kind) {
    case 'message':
      return <>Message from {name}</>;
    case 'note':
      return <>Note by {by}</>;
    case 'reply_sent':
      return (
        <>
          Reply by {by}
          {event.engagementId !== undefined ? ', also on their engagement page' : ''}
        </>
      );
    case 'reply_received':
      // Its source: the client's engagement page, or a mail whose actor is the address it came
      // from (the lead's own is the lead, named; another, a colleague, is shown as it is).
      if (event.engagementId !== undefined)
        return <>Message from {name} on their engagement page</>;
      return (
        <>
          Answer from{' '}
          {event.actor === null || event.actor.toLowerCase() === email.toLowerCase()
            ? name
            : event.actor}
        </>
      );
    case 'status_changed':
      return (
        <>
          {statusChanger(event, previous)} changed the status
          {event.from ? ` from ${LEAD_STATUS_LABELS[event.from]}` : ''}
          {event.status ? ` to ${LEAD_STATUS_LABELS[event.status]}` : ''}
        </>
      );
    case 'booking':
      return <>Call booked by {name}</>;
    case 'booking_cancelled':
      return <>Call cancelled</>;
    case 'booking_rescheduled':
      return <>Call moved</>;
    case 'proposal_sent':
      return <>Proposal sent by {by}</>;
    case 'proposal_viewed':
      return <>Proposal opened by {name}</>;
    case 'proposal_accepted':
      return <>Proposal accepted by {name}</>;
    case 'proposal_declined':
      return <>Proposal declined by {name}</>;
    case 'payment_received':
      return <>Payment received</>;
    case 'payment_refunded':
      return <>Payment refunded</>;
    case 'invoice_sent':
      return <>Invoice sent</>;
  }
}

/**
 * Who moved a status: an administrator by name, or, with no one named, what the product did
 * (a booking moves a lead to Meeting, a cancellation may move it back, each in its own write,
 * so the status change follows it).
 */
function statusChanger(event: TimelineEvent, previous: TimelineEvent | undefined): string {
  if (event.actor !== null) return event.actor;
  if (previous?.kind === 'booking') return 'The booking';
  // A lead whose only call was cancelled, never answered, goes back to New (docs/leads.md).
  if (previous?.kind === 'booking_cancelled') return 'The cancellation';
  return 'The site';
}

function EventBody({
  event,
  movedLater,
  isRetrying,
  onRetry,
}: {
  event: TimelineEvent;
  /** A booking whose call was moved since: its time is the first one, said so. */
  movedLater: boolean;
  isRetrying: boolean;
  onRetry: (event: TimelineEvent) => void;
}) {
  return (
    <>
      {event.kind === 'booking' && event.start ? (
        <p className="mt-1 text-sm text-muted">
          {movedLater ? 'First for ' : 'For '}
          <DateTime iso={event.start} />
          {movedLater ? ' (moved since, below)' : null}
        </p>
      ) : null}
      {event.kind === 'booking_rescheduled' && event.start ? (
        <p className="mt-1 text-sm text-muted">
          To <DateTime iso={event.start} />
        </p>
      ) : null}
      {event.subject ? (
        <p className="mt-1 text-sm text-muted break-words">Subject: {event.subject}</p>
      ) : null}
      {event.text && event.kind === 'reply_sent' ? (
        <div className="mt-2">
          <ReplyMarkdown markdown={event.text} />
        </div>
      ) : event.text ? (
        <p className="mt-2 break-words whitespace-pre-wrap text-ink">{event.text}</p>
      ) : null}
      {event.kind === 'reply_sent' && event.delivery ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <DeliveryBadge delivery={event.delivery} />
          {event.delivery === 'failed' ? (
            <Button
              variant="secondary"
              size="sm"
              isPending={isRetrying}
              onPress={() => onRetry(event)}
            >
              {isRetrying ? 'Sending...' : 'Send again'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {event.kind === 'message' && event.messageId !== undefined ? (
        <p className="mt-2 text-sm">
          <Link
            to="/admin/messages/$id"
            params={{ id: String(event.messageId) }}
            className={linkClass}
          >
            Open message
          </Link>
        </p>
      ) : null}
    </>
  );
}

function DeliveryBadge({ delivery }: { delivery: NonNullable<TimelineEvent['delivery']> }) {
  if (delivery === 'sent') return <Badge tone="done">Sent</Badge>;
  if (delivery === 'sending') return <Badge tone="waiting">Sending</Badge>;
  return <Badge tone="quiet">Failed</Badge>;
}
