import { createFileRoute } from '@tanstack/react-router';
import { BookingSettingsPage } from '#client/admin/bookings/settings/settings-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** The Booking settings screen, reached from the Bookings screen. */
export const Route = createFileRoute('/admin/_protected/bookings_/settings')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [
      utils.booking.settings.ensureData(),
      utils.booking.slots.prefetch({}),
    ]),
  pendingComponent: BookingSettingsPage,
  component: BookingSettingsPage,
});
