/**
 * The entries' route loaders and address search (docs/architecture.md, "Admin screens"): in
 * the main chunk with the routes, so tiny; the screens themselves load with their route.
 */
import { z } from 'zod/mini';
import type { EntryKind } from '#shared/entries';
import { pageParam, searchParam } from '../leads/search-params';
import { loadForScreen, type AdminLoaderContext } from '../route-loader';
import { parseIdParam } from '../ui/id-param';

/** Page and search live in the address: reload, Back and a shared link keep them. */
export const entrySearchSchema = z.object({ page: pageParam, q: searchParam });
export type EntrySearch = z.output<typeof entrySearchSchema>;

export function loadEntries(
  context: AdminLoaderContext,
  kind: EntryKind,
  search: EntrySearch,
  cause: 'enter' | 'stay' | 'preload',
): Promise<void> {
  return loadForScreen(context, (utils) => {
    const read = utils.entries.list.prefetch({ kind, page: search.page ?? 1, q: search.q });
    // Another page or search keeps the list on screen while it loads (messages.tsx).
    return cause === 'stay' ? [] : [read];
  });
}

/** One entry with its versions; `new` (or any other non-id) reads nothing. */
export function loadEntry(context: AdminLoaderContext, idParam: string): Promise<void> {
  return loadForScreen(context, (utils) => {
    const id = parseIdParam(idParam);
    return id === null ? [] : [utils.entries.get.ensureData({ id })];
  });
}
