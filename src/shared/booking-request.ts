/**
 * What a visitor sends to book, move or cancel a call, and what they are told (docs/booking.md,
 * docs/api.md "Booking a call"). The person's fields follow the contact form's rules, written
 * once in contact.ts.
 */
import { z } from 'zod/mini';
import { contactInput } from './contact';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { linkTokenField } from './link-token';
import { CALL_MESSAGES } from './booking-messages';
import { timezoneField } from './booking';
import { honeypotField, idField, pageField, storedText } from './validation';
import { bookingScopeValues } from './address-values';

export { CALL_MESSAGES };

export const CALL_LIMITS = { reasonMax: 1000 } as const;

/** A slot's start as the slots answer gives it: an ISO 8601 instant in UTC ("…Z"). */
const startField = z.pipe(
  z.iso.datetime({ error: CALL_MESSAGES.start }),
  z.transform((value) => new Date(value)),
);

/**
 * The zone the visitor's picker showed the times in (an IANA name, kept as the runtime spells
 * it): their mails and manage page write the time in it. Absent: the owner's zone, as before.
 */
const visitorZoneField = z.optional(timezoneField);

export const bookingInput = z.object({
  start: startField,
  timezone: visitorZoneField,
  name: contactInput.shape.name,
  email: contactInput.shape.email,
  company: contactInput.shape.company,
  message: z.pipe(
    z.optional(
      storedText().check(z.trim(), z.maxLength(LIMITS.messageMax, CALL_MESSAGES.messageMax)),
    ),
    z.transform((v) => (v ? v : undefined)),
  ),
  privacy: z.literal(true, MESSAGES.privacy),
  website: honeypotField,
});
export type BookingInput = z.input<typeof bookingInput>;

export const manageTokenField = linkTokenField(CALL_MESSAGES.token);

/**
 * A call managed from the client's engagement page (docs/engagements.md, "Calls"): `token` is
 * then that page's link and `call` the booking's id, since the call's own token is kept hashed.
 */
const callField = z.optional(idField);

export const manageInput = z.object({ token: manageTokenField, call: callField });

export const cancelInput = z.object({
  token: manageTokenField,
  call: callField,
  reason: z.optional(
    storedText().check(z.trim(), z.maxLength(CALL_LIMITS.reasonMax, CALL_MESSAGES.reasonMax)),
  ),
});

export const rescheduleInput = z.object({
  token: manageTokenField,
  call: callField,
  start: startField,
  timezone: visitorZoneField,
});

/** The admin's Bookings screen (docs/api.md, "Bookings"). */
export const BOOKINGS_PAGE_SIZE = 50;
// Zod-free, for the router's check of an address (address-values.ts).
export { bookingScopeValues, type BookingScope } from './address-values';

export const bookingListInput = z.prefault(
  z.object({
    scope: z._default(z.enum(bookingScopeValues, 'Scope must be upcoming or past.'), 'upcoming'),
    page: pageField,
  }),
  {},
);

export const adminCancelInput = z.object({
  id: idField,
  message: z.optional(
    storedText().check(z.trim(), z.maxLength(CALL_LIMITS.reasonMax, CALL_MESSAGES.reasonMax)),
  ),
});

export const bookingOutcomeInput = z.object({
  id: idField,
  status: z.enum(['completed', 'no_show'], 'Status must be completed or no_show.'),
});
