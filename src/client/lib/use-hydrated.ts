import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once this component runs in the
 * browser. Lets prerendered controls stay inert until their code is there (a submit button
 * pressed before hydration would otherwise send the form natively, as a GET with the data
 * in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
