/**
 * Waiting on a lazily loaded part's code in a component test (docs/testing.md, "Waiting on a
 * part's code"): the part's ready signal (client/lib/code-loads.ts), never a clock, which a
 * machine twice as slow outran (issue 71).
 */
import { getConfig, screen } from '@testing-library/react';
import { codeLoaded } from '#client/lib/code-loads';
import { TOAST_REGION } from '#client/ui/toaster';

/**
 * Resolves once each named part's code has loaded; a part loaded by an earlier test of the
 * worker (modules are kept between files) answers at once. It waits as testing-library's
 * `findBy` does, outside `act`: the render that starts a load (after a promise the page
 * awaited) runs as in a browser, where inside `act` it would wait for the wait to end. What
 * the code then draws is one render away: find it with `findBy`.
 */
export async function partsLoaded(...names: string[]): Promise<void> {
  await getConfig().asyncWrapper(() => Promise.all(names.map((name) => codeLoaded(name))));
}

/**
 * The toast saying `text`, once the toasts' region (fetched when the first toast is listed)
 * has loaded: the wait after the signal is for the page's state alone.
 */
export async function toastShown(text: string): Promise<HTMLElement> {
  await partsLoaded(TOAST_REGION);
  return screen.findByText(text);
}
