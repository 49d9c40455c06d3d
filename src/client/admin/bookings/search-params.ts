import { bookingScopeValues, type BookingScope } from '#shared/address-values';
import { oneOf, pageValue, setOnly } from '../ui/search-values';

/**
 * The Bookings screen's tab and page as the address holds them; whatever a hand-edited
 * address holds that is not usable falls back to the first page of the upcoming calls
 * (search-values.ts).
 */
export interface BookingSearch {
  scope?: BookingScope;
  page?: number;
}

export const bookingSearchSchema = {
  parse: (search: Record<string, unknown>): BookingSearch =>
    setOnly({
      scope: oneOf(bookingScopeValues, search['scope']),
      page: pageValue(search['page']),
    }),
};
