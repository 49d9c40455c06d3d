/**
 * What a visitor and the owner are told about a booking (docs/api.md, "Booking a call"), apart
 * from the input schemas so the manage page's script carries the texts without zod.
 */
import { LIMITS } from './constants';

export const CALL_MESSAGES = {
  taken: 'This time is no longer available.',
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
