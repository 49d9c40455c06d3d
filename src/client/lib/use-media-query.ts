import { useCallback, useSyncExternalStore } from 'react';
import { mediaQueryList } from './media-query-list';

/** Whether a media query matches now, updated on change; false while server rendering. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const media = mediaQueryList(query);
      media?.addEventListener('change', listener);
      return () => media?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}
