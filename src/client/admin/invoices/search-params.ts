import { oneOf, pageValue, setOnly } from '../ui/search-values';

/**
 * The Invoices screen's filter as the list offers it (docs/invoices.md, "The admin's
 * screens"): drafts or issued documents; `cancelled` is in the vocabulary but nothing sets it
 * yet, so it is no choice. Written out here rather than read from shared/invoices/records.ts:
 * the route's address check runs in the router's main chunk, which stays small.
 */
export const invoiceFilterValues = ['draft', 'issued'] as const;
export type InvoiceFilter = (typeof invoiceFilterValues)[number];

/** The status filter and page as the address holds them (what is not usable is "not set"). */
export interface InvoiceSearch {
  page?: number;
  status?: InvoiceFilter;
}

export const invoiceSearchSchema = {
  parse: (search: Record<string, unknown>): InvoiceSearch =>
    setOnly({
      page: pageValue(search['page']),
      status: oneOf(invoiceFilterValues, search['status']),
    }),
};
