import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { BOOKINGS_PAGE_SIZE, type BookingScope } from '#shared/booking-request';
import type { AdminBooking } from '#shared/shapes/bookings';
import type { BookingStatus } from '#shared/booking-values';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { buttonClass } from '#shared/ui-styles';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button, Card, TextInputField } from '../ui/controls';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorMessage } from '../ui/errors';
import { useDocumentTitle } from '../ui/use-document-title';
import { DateTime } from '../ui/date-time';
import { PagedRead } from '../ui/list-table';
import { EmailAddress } from '../ui/email-address';
import type { BookingSearch } from './search-params';
import { JoinCall } from './join-call';

const STATUS: Record<BookingStatus, { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Booked', tone: 'waiting' },
  completed: { label: 'Took place', tone: 'done' },
  no_show: { label: 'Missed', tone: 'quiet' },
  cancelled: { label: 'Cancelled', tone: 'quiet' },
};

const TABS: { scope: BookingScope; label: string }[] = [
  { scope: 'upcoming', label: 'Upcoming' },
  { scope: 'past', label: 'Past' },
];

function failed(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/**
 * The calls visitors booked (docs/admin-guide.md, "Bookings"): upcoming soonest first, past
 * latest first. A booked call whose place is a meeting's address has "Join call"; an upcoming
 * call can be cancelled with a message the visitor receives; a call that has begun can be
 * marked as having taken place or missed.
 */
export function BookingsPage({
  search,
  onSearch,
}: {
  search: BookingSearch;
  onSearch: (search: BookingSearch) => void;
}) {
  useDocumentTitle('Bookings');
  const scope = search.scope ?? 'upcoming';
  const page = search.page ?? 1;
  const utils = trpc.useUtils();
  const list = trpc.bookings.list.useQuery(
    { scope, page },
    { placeholderData: (previous) => previous },
  );
  const [toCancel, setToCancel] = useState<AdminBooking | null>(null);
  const outcome = trpc.bookings.setOutcome.useMutation({
    onSuccess: (booking) =>
      toast({
        title: booking.status === 'completed' ? 'Marked as taken place' : 'Marked as missed',
      }),
    onError: (error) => failed('Failed to mark the call', error),
    onSettled: () => utils.bookings.invalidate(),
  });

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">Bookings</h1>
          <p className="mt-1 text-muted">Calls visitors booked from the site, in your time zone.</p>
        </div>
        {/* Where the owner turns booking on and sets the hours: at the top, found at once. */}
        <Link to="/admin/bookings/settings" className={buttonClass('secondary', 'sm')}>
          Booking settings
        </Link>
      </div>

      <nav aria-label="Which calls" className="mt-6 mb-4">
        <ul className="flex gap-2">
          {TABS.map((tab) => (
            <li key={tab.scope}>
              <Link
                to="/admin/bookings"
                search={{ scope: tab.scope === 'upcoming' ? undefined : tab.scope }}
                aria-current={tab.scope === scope ? 'page' : undefined}
                className={buttonClass(tab.scope === scope ? 'primary' : 'secondary', 'sm')}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <PagedRead
        query={list}
        pending="Loading bookings..."
        error="Error loading bookings"
        count={(data) => data.bookings.length}
        emptyPage="No bookings on this page."
        empty={() =>
          scope === 'upcoming'
            ? 'No upcoming calls. Calls visitors book appear here.'
            : 'No past calls yet.'
        }
        pager={{
          page,
          pageSize: BOOKINGS_PAGE_SIZE,
          label: 'Bookings',
          onPage: (next) => onSearch({ ...search, page: next > 1 ? next : undefined }),
        }}
      >
        {(data) => (
          <ul aria-busy={list.isPlaceholderData || undefined} className="divide-y divide-line">
            {data.bookings.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                scope={scope}
                onCancel={() => setToCancel(booking)}
                onOutcome={(status) => outcome.mutate({ id: booking.id, status })}
              />
            ))}
          </ul>
        )}
      </PagedRead>

      <CancelCallDialog booking={toCancel} onClose={() => setToCancel(null)} />
    </Card>
  );
}

/** Cancelling an upcoming call, asked first, with a message the visitor receives. */
function CancelCallDialog({
  booking,
  onClose,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const [message, setMessage] = useState('');
  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: () => {
      toast({ title: 'Call cancelled', description: 'The visitor has been told.' });
      onClose();
      setMessage('');
    },
    onError: (error) => failed('Failed to cancel the call', error),
    onSettled: () => utils.bookings.invalidate(),
  });
  return (
    <ConfirmDialog
      isOpen={booking !== null}
      title="Cancel this call?"
      question="The visitor receives an e-mail that takes the call out of their calendar."
      detail={
        booking ? (
          <>
            {booking.name}, <DateTime iso={booking.start} />
          </>
        ) : null
      }
      confirmLabel="Cancel the call"
      pendingLabel="Cancelling..."
      isPending={cancel.isPending}
      onConfirm={() =>
        booking && cancel.mutate({ id: booking.id, ...(message.trim() ? { message } : {}) })
      }
      onCancel={() => {
        onClose();
        setMessage('');
      }}
    >
      <TextInputField
        label="Message to the visitor (optional)"
        name="message"
        multiline
        rows={3}
        value={message}
        onChange={setMessage}
      />
    </ConfirmDialog>
  );
}

/** One call: when, who, their note or why it was cancelled, its status and what can be done. */
function BookingRow({
  booking,
  scope,
  onCancel,
  onOutcome,
}: {
  booking: AdminBooking;
  scope: BookingScope;
  onCancel: () => void;
  onOutcome: (status: 'completed' | 'no_show') => void;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          <DateTime iso={booking.start} />
        </p>
        <p className="mt-1 text-ink">
          <Link
            to="/admin/leads/$id"
            params={{ id: String(booking.leadId) }}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            {booking.name}
          </Link>
          {booking.company ? <span className="text-muted"> · {booking.company}</span> : null}
        </p>
        <p className="text-sm text-muted">
          <EmailAddress address={booking.email} />
        </p>
        {booking.message ? (
          <p className="mt-2 text-sm break-words whitespace-pre-line text-muted">
            {booking.message}
          </p>
        ) : null}
        {booking.cancelReason ? (
          <p className="mt-2 text-sm break-words text-muted">Reason: {booking.cancelReason}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS[booking.status].tone}>{STATUS[booking.status].label}</Badge>
        {booking.status === 'confirmed' ? (
          <JoinCall location={booking.location} name={booking.name} />
        ) : null}
        {booking.status === 'confirmed' &&
        scope === 'upcoming' &&
        new Date(booking.start) > new Date() ? (
          <Button
            variant="secondary"
            size="sm"
            onPress={onCancel}
            aria-label={`Cancel the call with ${booking.name}`}
          >
            Cancel call
          </Button>
        ) : null}
        {booking.status !== 'cancelled' && new Date(booking.start) <= new Date() ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={booking.status === 'completed'}
              onPress={() => onOutcome('completed')}
              aria-label={`The call with ${booking.name} took place`}
            >
              Took place
            </Button>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={booking.status === 'no_show'}
              onPress={() => onOutcome('no_show')}
              aria-label={`${booking.name} missed the call`}
            >
              Missed
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
