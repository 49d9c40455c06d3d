import { useEffect } from 'react';

/** Marks the page as taken over by the app (`<html data-ready>`); browser tests wait for it. */
export function useReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
}
