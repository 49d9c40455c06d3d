/**
 * One MediaQueryList per query, reused: creating one costs a style check every call. Kept per
 * `matchMedia` function, so a test that puts its own in place gets lists of its own.
 */
const lists = new WeakMap<Window['matchMedia'], Map<string, MediaQueryList>>();

export function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  const match = window.matchMedia;
  let byQuery = lists.get(match);
  if (!byQuery) {
    byQuery = new Map();
    lists.set(match, byQuery);
  }
  let list = byQuery.get(query);
  if (!list) {
    list = match.call(window, query);
    byQuery.set(query, list);
  }
  return list;
}
