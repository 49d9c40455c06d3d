import { outboxFilterValues, type OutboxFilter } from '#shared/address-values';
import { oneOf, pageValue, setOnly } from '../ui/search-values';

/**
 * The Mail screen's filter and page as the address holds them; what a hand-edited address
 * holds that is not usable falls back to "not set" (the waiting mail, the first page;
 * search-values.ts).
 */
export interface MailSearch {
  status?: OutboxFilter;
  page?: number;
}

export const mailSearchSchema = {
  parse: (search: Record<string, unknown>): MailSearch =>
    setOnly({
      status: oneOf(outboxFilterValues, search['status']),
      page: pageValue(search['page']),
    }),
};
