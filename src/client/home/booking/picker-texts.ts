/** What the home page's booking picker says (docs/booking.md, "The visitors' picker"). */
import { CALL_MESSAGES } from '#shared/booking-messages';

export const PICKER_TEXTS = {
  timesFailed: 'The free times could not be read. Please try again.',
  retry: 'Try again',
  unavailableHint: 'Please write to us with the contact form instead.',
  noTimes: 'There is no free time in the next two weeks. Please write to us instead.',
  zoneNote: 'Times are shown in',
  changeZone: 'Change time zone',
  zoneLabel: 'Time zone',
  days: 'Days with free times',
  timesOn: 'Free times on',
  taken: `${CALL_MESSAGES.taken} The free times have been refreshed: please choose another.`,
  failed: 'That did not work. Please try again.',
  book: 'Book the call',
  booking: 'Booking...',
  booked: 'Your call is booked.',
  mailed: 'A confirmation with the invitation is on its way to',
  where: 'Where',
  addToCalendar: 'Add to calendar',
  addToGoogle: 'Add to Google Calendar',
  addToOutlook: 'Add to Outlook',
} as const;
