/**
 * What a visitor and the owner are told about a booking (docs/api.md, "Booking a call"), apart
 * from the input schemas so the manage page's script carries the texts without zod.
 */
import { LIMITS } from './constants';

/** Upcoming confirmed calls one person (an address, ignoring case) may hold at once. */
export const UPCOMING_CALLS_PER_PERSON = 2;

export const CALL_MESSAGES = {
  taken: 'This time is no longer available.',
  tooManyUpcoming: `You already have ${UPCOMING_CALLS_PER_PERSON} calls booked. To book another, cancel one with the link in its e-mail, or write to us.`,
  tooLate: 'It is too late to change this booking online. Please write to us instead.',
  start: 'Choose one of the times offered.',
  token: 'This link is not valid.',
  notFound: 'Booking not found.',
  notPast: 'A call can be marked completed or missed only once it has begun.',
  begun: 'This call has already begun.',
  cancelled: 'This booking is cancelled.',
  reasonMax: 'Please keep the reason under 1,000 characters.',
  messageMax: `Please keep the note under ${LIMITS.messageMax.toLocaleString('en-GB')} characters.`,
} as const;
