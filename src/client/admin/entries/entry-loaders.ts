/**
 * The entries' route loaders (docs/architecture.md, "Admin screens"): each loads in a chunk of
 * its own with its route; the screens load with theirs.
 */
import type { EntryKind } from '#shared/entries';
import type { EntrySearch } from './entry-search';
import { loadForScreen, type AdminLoaderContext } from '../shell/route-loader';
import { parseIdParam } from '../ui/id-param';

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

/**
 * One entry with its versions, and whether AI is set up ("Write it with AI"); `new` (or any
 * other non-id) reads nothing.
 */
export function loadEntry(context: AdminLoaderContext, idParam: string): Promise<void> {
  return loadForScreen(context, (utils) => {
    const id = parseIdParam(idParam);
    return id === null ? [] : [utils.entries.get.ensureData({ id }), utils.ai.usage.prefetch()];
  });
}
