/**
 * The visitors' search over the published entries (docs/api.md, GET /api/search;
 * docs/content.md, "Search"): its limits, message and input, written once for the procedure
 * and the search page. An issue's path names the field: `q`.
 */
import { z } from 'zod/mini';

export const SEARCH_LIMITS = {
  qMin: 2,
  qMax: 100,
  /** Best first; a visitor reads the first few. */
  results: 20,
} as const;

export const SEARCH_MESSAGES = {
  q: `Search must be ${SEARCH_LIMITS.qMin} to ${SEARCH_LIMITS.qMax} characters`,
} as const;

/** GET /api/search?q=: 2-100 characters after trimming (an absent q is the same 400). */
export const searchInput = z.object({
  q: z
    .string(SEARCH_MESSAGES.q)
    .check(
      z.trim(),
      z.minLength(SEARCH_LIMITS.qMin, SEARCH_MESSAGES.q),
      z.maxLength(SEARCH_LIMITS.qMax, SEARCH_MESSAGES.q),
    ),
});
export type SearchInput = z.input<typeof searchInput>;
