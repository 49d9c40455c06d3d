/**
 * The entries' lists' address (`?page=2&q=churn`), read in the router's main chunk, which every
 * admin page loads: plain code, no zod (search-values.ts; docs/performance.md, "The sign-in
 * page's first load").
 */
import { pageValue, setOnly, textValue } from '../ui/search-values';

/** Page and search live in the address: reload, Back and a shared link keep them. */
export interface EntrySearch {
  page?: number;
  q?: string;
}

/** Read without zod, as every admin address is (search-values.ts). */
export const entrySearchSchema = {
  parse: (search: Record<string, unknown>): EntrySearch =>
    setOnly({ page: pageValue(search['page']), q: textValue(search['q']) }),
};
