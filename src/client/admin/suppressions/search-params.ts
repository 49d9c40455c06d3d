import { z } from 'zod/mini';
import { pageParam, searchParam } from '../leads/search-params';

/** The Suppressed screen's search and page, kept in the address (docs/admin-guide.md). */
export const suppressionSearchSchema = z.object({ page: pageParam, q: searchParam });
export type SuppressionSearch = z.output<typeof suppressionSearchSchema>;
