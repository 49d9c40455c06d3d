import { pageValue, setOnly, textValue } from '../ui/search-values';

/** The Suppressed screen's search and page, kept in the address (docs/admin-guide.md). */
export interface SuppressionSearch {
  page?: number;
  q?: string;
}

export const suppressionSearchSchema = {
  parse: (search: Record<string, unknown>): SuppressionSearch =>
    setOnly({
      page: pageValue(search['page']),
      q: textValue(search['q']),
    }),
};
