import { Link } from '@tanstack/react-router';
import { touchTarget } from '#shared/ui-styles';
import { trpc } from '#client/lib/trpc';
import { Card } from '../../ui/controls';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NextFreeTimes } from './next-free-times';
import { SettingsEditor } from './settings-editor';

const linkClass = `${touchTarget} rounded text-sm text-brand-700 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-brand-300 dark:focus-visible:ring-brand-400`;

/**
 * The Booking settings screen (docs/admin-guide.md, "Booking settings"): when visitors can
 * book a call, the next free times as they see them, and how the calendar's last read went.
 */
export function BookingSettingsPage() {
  useDocumentTitle('Booking settings');
  const current = trpc.booking.settings.useQuery();
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <p>
          {/* Exact: on this screen the Bookings list is not the current page. */}
          <Link to="/admin/bookings" activeOptions={{ exact: true }} className={linkClass}>
            Back to Bookings
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-ink">Booking settings</h1>
        <p className="mt-1 mb-6 text-muted">
          When visitors can book a free call with you, and how it goes.
        </p>
        <QueryState
          query={current}
          pending="Loading the booking settings..."
          error="Error loading the booking settings"
        >
          {(data) => <SettingsEditor saved={data.settings} feed={data.feed} />}
        </QueryState>
      </Card>
      <Card labelledBy="next-free-times">
        <h2 id="next-free-times" className="mb-1 text-lg font-semibold text-ink">
          Next free times
        </h2>
        <p className="mb-4 text-sm text-muted">
          As a visitor sees them now, from the saved settings, booked calls and your calendar.
        </p>
        <NextFreeTimes />
      </Card>
    </div>
  );
}
