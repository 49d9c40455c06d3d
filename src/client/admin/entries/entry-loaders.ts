/**
 * The entries' route loaders and address search (docs/architecture.md, "Admin screens"): in
 * the main chunk with the routes, so tiny; the screens themselves load with their route.
 */
import type { EntryKind } from '#shared/entries';
import { loadForScreen, type AdminLoaderContext } from '../route-loader';
import { pageValue, setOnly, textValue } from '../search-values';
import { parseIdParam } from '../ui/id-param';

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
