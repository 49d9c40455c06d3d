/** The states a booking and its reminders are stored in (docs/booking.md). */
export const bookingStatusValues = ['confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof bookingStatusValues)[number];

/** A reminder waits, is being handed to SMTP by one instance, was sent, or was given up on. */
export const reminderStatusValues = ['queued', 'sending', 'sent', 'failed'] as const;
export type ReminderStatus = (typeof reminderStatusValues)[number];
