import { z } from 'zod/mini';
import { bookingScopeValues } from '#shared/booking-request';

/**
 * The Bookings screen's tab and page as the address holds them; whatever a hand-edited
 * address holds that is not usable falls back to the first page of the upcoming calls.
 */
export const bookingSearchSchema = z.object({
  scope: z.catch(z.optional(z.enum(bookingScopeValues)), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(2))), undefined),
});
export type BookingSearch = z.output<typeof bookingSearchSchema>;
