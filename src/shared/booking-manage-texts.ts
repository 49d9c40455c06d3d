/** What the visitor's manage page says (docs/booking.md, "The manage link"). */
import { CALL_MESSAGES } from './booking-messages';

export const MANAGE_TEXTS = {
  heading: 'Your call',
  cancelledHeading: 'This call is cancelled',
  deadHeading: 'This link is not valid',
  deadPrompt:
    'It may have been copied only in part. The e-mail that confirmed your call has the whole link.',
  unavailableHeading: 'This page is unavailable',
  unavailablePrompt: 'Please try again in a moment.',
  where: 'Where',
  when: 'When',
  tooLate: CALL_MESSAGES.tooLate,
  rescheduleHeading: 'Move the call',
  rescheduleButton: 'Choose another time',
  loadingTimes: 'Looking for free times...',
  noTimes: 'There is no free time in the next two weeks. Please write to us instead.',
  timesFailed: 'The free times could not be read. Please try again.',
  pickTime: 'Free times, in your time zone',
  moveButton: 'Move the call to this time',
  moved: 'Your call has moved. A new invitation is on its way to you.',
  cancelHeading: 'Cancel the call',
  reasonLabel: 'Reason (optional)',
  cancelButton: 'Cancel the call',
  cancelled: 'Your call is cancelled. We have told the team.',
  failed: 'That did not work. Please try again.',
  noscript:
    'To move or cancel the call, please turn on JavaScript, or reply to the confirmation e-mail.',
  home: 'Back to the home page',
  zoneNote: 'Times are shown in',
} as const;
