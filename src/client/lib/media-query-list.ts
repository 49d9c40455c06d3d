const lists = new Map<string, MediaQueryList>();

/** One MediaQueryList per query, reused: creating one costs a style check every call. */
export function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}
