import { useSyncExternalStore } from 'react';

export const COPYRIGHT_YEAR_ID = 'copyright-year';

const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();

/**
 * The current year for the copyright line. The prerendered page carries the build's year;
 * hydration reuses what the page shows (so it matches exactly) and the real year follows.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, currentYear, () => {
    if (typeof document === 'undefined') return currentYear();
    const shown = Number(document.getElementById(COPYRIGHT_YEAR_ID)?.textContent);
    return Number.isInteger(shown) && shown > 0 ? shown : currentYear();
  });
}
