import type { Subscriber } from '#shared/shapes/subscribers';
import { Button } from '../ui/controls';
import { TrashIcon } from '../ui/icons';
import { DateTime } from '../ui/date-time';
import type { ListColumn } from '../ui/list-table';
import { EmailAddress } from '../ui/email-address';
import { SequenceLine } from './subscriber-sequence';
import { StatusBadge } from './subscriber-status';

interface SubscriberColumnsOptions {
  /** The welcome sequence's length, for "Welcome: 2 of 3 sent". */
  steps: number | undefined;
  isResending: (subscriber: Subscriber) => boolean;
  onResend: (subscriber: Subscriber) => void;
  onRemove: (subscriber: Subscriber) => void;
}

/**
 * The Subscribers table's columns: the address (with, on a phone, the status and dates under
 * it), the status, the dates, and Resend and Remove.
 */
export function subscriberColumns({
  steps,
  isResending,
  onResend,
  onRemove,
}: SubscriberColumnsOptions): ListColumn<Subscriber>[] {
  return [
    {
      header: 'Address',
      cellClass: 'text-ink',
      cell: (subscriber) => (
        <>
          <EmailAddress address={subscriber.email} />
          {/* On a phone the status and dates go under the address, which gets the width. */}
          <span className="mt-1 flex flex-col items-start gap-1 text-sm text-muted sm:hidden">
            <StatusBadge status={subscriber.status} />
            <SequenceLine sequence={subscriber.sequence} steps={steps} status={subscriber.status} />
            <SubscriberDates subscriber={subscriber} />
          </span>
          {/* From 640 px the status has its column; the dates wait for 768 px. */}
          <span className="hidden text-sm text-muted sm:block md:hidden">
            <SubscriberDates subscriber={subscriber} />
          </span>
        </>
      ),
    },
    {
      header: 'Status',
      from: 'sm',
      cell: (subscriber) => (
        <>
          <StatusBadge status={subscriber.status} />
          <SequenceLine sequence={subscriber.sequence} steps={steps} status={subscriber.status} />
          {subscriber.unsubscribedAt ? (
            <span className="mt-1 hidden text-xs text-muted md:block">
              on <DateTime iso={subscriber.unsubscribedAt} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Subscribed',
      from: 'md',
      cellClass: 'text-muted',
      cell: (subscriber) => <DateTime iso={subscriber.createdAt} />,
    },
    {
      header: 'Confirmed',
      from: 'md',
      cellClass: 'text-muted',
      cell: (subscriber) =>
        subscriber.confirmedAt ? (
          <DateTime iso={subscriber.confirmedAt} />
        ) : (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">Not confirmed</span>
          </>
        ),
    },
    {
      header: <span className="sr-only">Actions</span>,
      cellClass: 'text-right',
      cell: (subscriber) => (
        <span className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
          {subscriber.status === 'pending' ? (
            <Button
              variant="ghost"
              isPending={isResending(subscriber)}
              onPress={() => onResend(subscriber)}
              aria-label={`Resend confirmation to ${subscriber.email}`}
            >
              Resend
            </Button>
          ) : null}
          <Button
            variant="ghost"
            onPress={() => onRemove(subscriber)}
            aria-label={`Remove ${subscriber.email}`}
          >
            <TrashIcon />
            <span className="sr-only sm:not-sr-only">Remove</span>
          </Button>
        </span>
      ),
    },
  ];
}

/** The dates as lines of text, where the table has no room for their columns. */
function SubscriberDates({ subscriber }: { subscriber: Subscriber }) {
  return (
    <>
      <span className="block">
        Subscribed <DateTime iso={subscriber.createdAt} />
      </span>
      {subscriber.confirmedAt ? (
        <span className="block">
          Confirmed <DateTime iso={subscriber.confirmedAt} />
        </span>
      ) : null}
      {subscriber.unsubscribedAt ? (
        <span className="block">
          Unsubscribed <DateTime iso={subscriber.unsubscribedAt} />
        </span>
      ) : null}
    </>
  );
}
