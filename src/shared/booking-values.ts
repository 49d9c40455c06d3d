/** The states a booking and its reminders are stored in (docs/booking.md). */
export const bookingStatusValues = ['confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof bookingStatusValues)[number];

/**
 * A reminder is planned (`queued`), handed over to the outbox at its moment (`handed`: the
 * outbox row `reminder:<id>` says what became of its mail), or settled unsent (`failed`, with
 * the reason). `sending` and `sent` are the states of reminders sent before they went through
 * the outbox (docs/booking.md, "Reminders").
 */
export const reminderStatusValues = ['queued', 'handed', 'failed', 'sending', 'sent'] as const;
export type ReminderStatus = (typeof reminderStatusValues)[number];
